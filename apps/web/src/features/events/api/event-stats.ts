import type { EventStatsDto, One } from '@admitone/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { eventKeys } from './events';

export const eventStatsKey = (eventId: number) => [...eventKeys.detail(eventId), 'stats'] as const;

export const fetchEventStats = (eventId: number) => api.get<One<EventStatsDto>>(`/events/${eventId}/stats`).then((r) => r.data);

/** The dashboard figures of an event; fresh for a minute (sales do not need to be live to the second). */
export const eventStatsQueryOptions = (eventId: number) =>
  queryOptions({ queryKey: eventStatsKey(eventId), queryFn: () => fetchEventStats(eventId), staleTime: 60_000 });

export const useEventStats = (eventId: number) => useQuery(eventStatsQueryOptions(eventId));
