import type {
  CreateEventBody,
  DuplicateEventBody,
  EventDto,
  EventLifecycle,
  EventStatus,
  EventStatusBody,
  One,
  Paginated,
  UpdateEventBody,
  UpdateEventSettingsBody,
} from '@admitone/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api, type QueryParams } from '../../../lib/api-client';

export type EventSort = 'start_date' | 'created_at' | 'title';

export interface EventListParams {
  page: number;
  per_page: number;
  query?: string;
  sort_by?: EventSort;
  sort_direction?: 'asc' | 'desc';
  filter_fields?: { status?: EventStatus; lifecycle?: EventLifecycle; organizer_id?: number };
}

export const eventKeys = {
  all: ['events'] as const,
  lists: () => ['events', 'list'] as const,
  list: (params: EventListParams) => ['events', 'list', params] as const,
  detail: (id: number) => ['events', id] as const,
  /** Under the tickets' key: a ticket change refreshes it too (tickets/api/tickets.ts). */
  paymentReadiness: (id: number) => ['events', id, 'tickets', 'payment-readiness'] as const,
};

export const fetchEvents = (params: EventListParams) =>
  api.get<Paginated<EventDto>>('/events', { query: params as unknown as QueryParams });

export const eventsQueryOptions = (params: EventListParams) =>
  queryOptions({
    queryKey: eventKeys.list(params),
    queryFn: () => fetchEvents(params),
    placeholderData: keepPreviousData,
  });

export const useEvents = (params: EventListParams) => useQuery(eventsQueryOptions(params));

export const fetchEvent = (id: number) => api.get<One<EventDto>>(`/events/${id}`).then((r) => r.data);

export const eventQueryOptions = (id: number) =>
  queryOptions({ queryKey: eventKeys.detail(id), queryFn: () => fetchEvent(id) });

export const useEvent = (id: number, enabled = true) => useQuery({ ...eventQueryOptions(id), enabled });

export const createEvent = (body: CreateEventBody) => api.post<One<EventDto>>('/events', body).then((r) => r.data);

/** Creates an event, seeds its detail cache and refreshes the lists. */
export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEvent,
    onSuccess: (event) => {
      queryClient.setQueryData(eventKeys.detail(event.id), event);
      return queryClient.invalidateQueries({ queryKey: eventKeys.lists() });
    },
  });
}

export const updateEvent = (id: number, body: UpdateEventBody) =>
  api.put<One<EventDto>>(`/events/${id}`, body).then((r) => r.data);
export const updateEventSettings = (id: number, body: UpdateEventSettingsBody) =>
  api.put<One<EventDto>>(`/events/${id}/settings`, body).then((r) => r.data);
export const changeEventStatus = (id: number, status: EventStatusBody['status']) =>
  api.put<One<EventDto>>(`/events/${id}/status`, { status }).then((r) => r.data);
export const duplicateEvent = (id: number, body: DuplicateEventBody) =>
  api.post<One<EventDto>>(`/events/${id}/duplicate`, body).then((r) => r.data);
export const deleteEvent = (id: number) => api.delete<void>(`/events/${id}`);

/** Writes a changed event into its detail cache and refreshes every list (they show status, title, cover). */
export function useEventChanged() {
  const queryClient = useQueryClient();
  return (event: EventDto) => {
    queryClient.setQueryData(eventKeys.detail(event.id), event);
    // Offline payments on or off change whether the paid tickets can be bought.
    void queryClient.invalidateQueries({ queryKey: eventKeys.paymentReadiness(event.id) });
    return queryClient.invalidateQueries({ queryKey: eventKeys.lists() });
  };
}

/** Changes title, organizer, times, description or location (any subset). */
export function useUpdateEvent(id: number) {
  const changed = useEventChanged();
  return useMutation({ mutationFn: (body: UpdateEventBody) => updateEvent(id, body), onSuccess: changed });
}

/** Changes e-mail, SEO, checkout and design settings (any subset; colours may be partial). */
export function useUpdateEventSettings(id: number) {
  const changed = useEventChanged();
  return useMutation({
    mutationFn: (body: UpdateEventSettingsBody) => updateEventSettings(id, body),
    onSuccess: changed,
  });
}

/** Goes live, back to draft, or archives. Going live fails with EMAIL_NOT_VERIFIED until the owner confirms. */
export function useChangeEventStatus(id: number) {
  const changed = useEventChanged();
  return useMutation({
    mutationFn: (status: EventStatusBody['status']) => changeEventStatus(id, status),
    onSuccess: changed,
  });
}

/** Copies an event as a new draft. */
export function useDuplicateEvent(id: number) {
  const changed = useEventChanged();
  return useMutation({ mutationFn: (body: DuplicateEventBody) => duplicateEvent(id, body), onSuccess: changed });
}

/** Deletes an event for good and forgets its cached detail. */
export function useDeleteEvent(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteEvent(id),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: eventKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: eventKeys.lists() });
    },
  });
}
