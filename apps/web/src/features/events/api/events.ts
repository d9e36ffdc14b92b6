import type { CreateEventBody, EventDto, EventLifecycle, EventStatus, One, Paginated } from '@admitone/shared';
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
};

export const fetchEvents = (params: EventListParams) =>
  api.get<Paginated<EventDto>>('/events', { query: params as unknown as QueryParams });

export const eventsQueryOptions = (params: EventListParams) =>
  queryOptions({ queryKey: eventKeys.list(params), queryFn: () => fetchEvents(params), placeholderData: keepPreviousData });

export const useEvents = (params: EventListParams) => useQuery(eventsQueryOptions(params));

export const fetchEvent = (id: number) => api.get<One<EventDto>>(`/events/${id}`).then((r) => r.data);

export const eventQueryOptions = (id: number) => queryOptions({ queryKey: eventKeys.detail(id), queryFn: () => fetchEvent(id) });

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
