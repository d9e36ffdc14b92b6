import type {
  BulkEventDatesBody,
  CancelEventDateBody,
  CancelEventDateResponse,
  DateCancellationPreview,
  DateRuleBody,
  EventDateBody,
  EventDateDto,
  One,
  TicketDateBody,
  TicketDateDto,
  UpdatedEventDateResponse,
  UpdateEventDateBody,
} from '@admitone/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { eventKeys } from '../../events/api/events';

export const eventDateKeys = {
  all: (eventId: number) => [...eventKeys.detail(eventId), 'dates'] as const,
  tickets: (eventId: number, dateId: number) => [...eventKeys.detail(eventId), 'dates', dateId, 'tickets'] as const,
};

const base = (eventId: number) => `/events/${eventId}/dates`;

/** Every date of the event (at most EVENT_DATES_MAX), by start. */
export const fetchEventDates = (eventId: number) =>
  api.get<{ data: EventDateDto[] }>(base(eventId)).then((r) => r.data);

export const eventDatesQueryOptions = (eventId: number) =>
  queryOptions({ queryKey: eventDateKeys.all(eventId), queryFn: () => fetchEventDates(eventId) });

/** The event's dates with what each has taken. */
export const useEventDates = (eventId: number) => useQuery(eventDatesQueryOptions(eventId));

export const createEventDate = (eventId: number, body: EventDateBody) =>
  api.post<One<EventDateDto>>(base(eventId), body).then((r) => r.data);
export const generateEventDates = (eventId: number, body: DateRuleBody) =>
  api.post<{ data: EventDateDto[] }>(`${base(eventId)}/generate`, body).then((r) => r.data);
/** Changes a date: answered with it, and with how many orders' buyers are told when it moved (else null). */
export const updateEventDate = (eventId: number, id: number, body: UpdateEventDateBody) =>
  api.patch<UpdatedEventDateResponse>(`${base(eventId)}/${id}`, body);
export const bulkUpdateEventDates = (eventId: number, body: BulkEventDatesBody) =>
  api.post<{ data: EventDateDto[] }>(`${base(eventId)}/bulk`, body).then((r) => r.data);
export const deleteEventDate = (eventId: number, id: number) => api.delete<void>(`${base(eventId)}/${id}`);
export const fetchDateCancellationPreview = (eventId: number, id: number) =>
  api.get<{ data: DateCancellationPreview }>(`${base(eventId)}/${id}/cancel`).then((r) => r.data);
export const cancelEventDate = (eventId: number, id: number, body: CancelEventDateBody) =>
  api.post<CancelEventDateResponse>(`${base(eventId)}/${id}/cancel`, body);

export const fetchTicketDates = (eventId: number, dateId: number) =>
  api.get<{ data: TicketDateDto[] }>(`${base(eventId)}/${dateId}/tickets`).then((r) => r.data);
export const saveTicketDate = (eventId: number, dateId: number, ticketId: number, body: TicketDateBody) =>
  api.patch<One<TicketDateDto>>(`${base(eventId)}/${dateId}/tickets/${ticketId}`, body).then((r) => r.data);

/**
 * A change to the event's dates: the dates are read again, and so is the event itself (its start and end
 * follow its first and last date).
 */
function useDatesMutation<V, R>(eventId: number, mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: eventDateKeys.all(eventId) }),
        queryClient.invalidateQueries({ queryKey: eventKeys.detail(eventId), exact: true }),
      ]),
  });
}

export const useCreateEventDate = (eventId: number) =>
  useDatesMutation(eventId, (body: EventDateBody) => createEventDate(eventId, body));

export const useGenerateEventDates = (eventId: number) =>
  useDatesMutation(eventId, (body: DateRuleBody) => generateEventDates(eventId, body));

export const useUpdateEventDate = (eventId: number) =>
  useDatesMutation(eventId, ({ id, body }: { id: number; body: UpdateEventDateBody }) =>
    updateEventDate(eventId, id, body),
  );

export const useBulkUpdateEventDates = (eventId: number) =>
  useDatesMutation(eventId, (body: BulkEventDatesBody) => bulkUpdateEventDates(eventId, body));

export const useDeleteEventDate = (eventId: number) =>
  useDatesMutation(eventId, (id: number) => deleteEventDate(eventId, id));

/** Cancels one date: the date is answered cancelled, with how many orders are being cancelled and refunded. */
export const useCancelEventDate = (eventId: number) =>
  useDatesMutation(eventId, ({ id, body }: { id: number; body: CancelEventDateBody }) =>
    cancelEventDate(eventId, id, body),
  );

/** What cancelling a date would cancel now (its orders, their tickets, the refunds); asked while `dateId` is set. */
export const useDateCancellationPreview = (eventId: number, dateId: number | null) =>
  useQuery({
    queryKey: [...eventDateKeys.all(eventId), dateId ?? 0, 'cancel'],
    queryFn: () => fetchDateCancellationPreview(eventId, dateId!),
    enabled: dateId !== null,
  });

/** How each of the event's tickets sells on one date. */
export const useTicketDates = (eventId: number, dateId: number | null) =>
  useQuery({
    queryKey: eventDateKeys.tickets(eventId, dateId ?? 0),
    queryFn: () => fetchTicketDates(eventId, dateId!),
    enabled: dateId !== null,
  });

/** Saves one ticket's settings on one date and writes the answer into that date's list. */
export function useSaveTicketDate(eventId: number, dateId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ticketId, body }: { ticketId: number; body: TicketDateBody }) =>
      saveTicketDate(eventId, dateId, ticketId, body),
    onSuccess: (saved) =>
      queryClient.setQueryData<TicketDateDto[]>(eventDateKeys.tickets(eventId, dateId), (rows) =>
        rows?.map((r) => (r.ticket_id === saved.ticket_id ? saved : r)),
      ),
  });
}
