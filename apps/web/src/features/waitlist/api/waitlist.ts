import type { One, WaitlistDto, WaitlistEntryDto, WaitlistState } from '@admitone/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { eventStatsKey } from '../../events/api/event-stats';
import { eventKeys } from '../../events/api/events';
import { ticketKeys } from '../../tickets/api/tickets';

/** What `GET /events/{id}/waitlist` narrows by; the counts and demand cover the whole list (of the date, with one). */
export interface WaitlistFilter {
  state?: WaitlistState;
  ticket_id?: number;
  event_date_id?: number;
}

export const waitlistKeys = {
  all: (eventId: number) => [...eventKeys.detail(eventId), 'waitlist'] as const,
  list: (eventId: number, filter: WaitlistFilter) => [...eventKeys.detail(eventId), 'waitlist', filter] as const,
};

const base = (eventId: number) => `/events/${eventId}/waitlist`;

export const fetchWaitlist = (eventId: number, filter: WaitlistFilter) =>
  api
    .get<One<WaitlistDto>>(base(eventId), {
      query: { state: filter.state, ticket_id: filter.ticket_id, event_date_id: filter.event_date_id },
    })
    .then((r) => r.data);

export const waitlistQueryOptions = (eventId: number, filter: WaitlistFilter) =>
  queryOptions({
    queryKey: waitlistKeys.list(eventId, filter),
    queryFn: () => fetchWaitlist(eventId, filter),
    placeholderData: keepPreviousData,
  });

/** The event's waitlist: the entries matching the filter, how many are in each state, and demand per ticket. */
export const useWaitlist = (eventId: number, filter: WaitlistFilter) => useQuery(waitlistQueryOptions(eventId, filter));

/**
 * Holds tickets for a waiting person now and mails them the checkout link (NO_TICKETS_AVAILABLE,
 * WAITLIST_ENTRY_CHANGED).
 */
export const offerWaitlistEntry = (eventId: number, entryId: number) =>
  api.post<One<WaitlistEntryDto>>(`${base(eventId)}/${entryId}/offer`).then((r) => r.data);
/** Takes a person off the list; an open offer is withdrawn and its tickets go to the next in line. */
export const removeWaitlistEntry = (eventId: number, entryId: number) =>
  api.delete<void>(`${base(eventId)}/${entryId}`);

/**
 * A change to one entry. Whatever the answer, the list is read again (a refusal such as
 * WAITLIST_ENTRY_CHANGED means the list on screen is stale), and so are the dashboard's demand and
 * the tickets' counts (an offer holds tickets, a withdrawn one gives them back).
 */
function useWaitlistMutation<R>(eventId: number, mutationFn: (entryId: number) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: waitlistKeys.all(eventId) }),
        queryClient.invalidateQueries({ queryKey: eventStatsKey(eventId) }),
        queryClient.invalidateQueries({ queryKey: ticketKeys.all(eventId) }),
      ]),
  });
}

/** Sends an offer to a waiting entry now (`mutate(entryId)`). */
export const useOfferWaitlistEntry = (eventId: number) =>
  useWaitlistMutation(eventId, (entryId) => offerWaitlistEntry(eventId, entryId));

/** Removes an entry from the waitlist (`mutate(entryId)`). */
export const useRemoveWaitlistEntry = (eventId: number) =>
  useWaitlistMutation(eventId, (entryId) => removeWaitlistEntry(eventId, entryId));
