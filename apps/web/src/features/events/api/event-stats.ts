import type { EventStatsDto, One, STATS_PERIODS } from '@admitone/shared';

export type StatsPeriod = (typeof STATS_PERIODS)[number];
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { eventKeys } from './events';

export const eventStatsKey = (eventId: number, days?: StatsPeriod) =>
  [...eventKeys.detail(eventId), 'stats', ...(days ? [days] : [])] as const;

export const fetchEventStats = (eventId: number, days: StatsPeriod = 14) =>
  api.get<One<EventStatsDto>>(`/events/${eventId}/stats`, { query: { days } }).then((r) => r.data);

/** The dashboard figures of an event over a period; fresh for a minute (sales do not need to be live to the second). */
export const eventStatsQueryOptions = (eventId: number, days: StatsPeriod = 14) =>
  queryOptions({
    queryKey: eventStatsKey(eventId, days),
    queryFn: () => fetchEventStats(eventId, days),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

export const useEventStats = (eventId: number, days: StatsPeriod = 14) =>
  useQuery(eventStatsQueryOptions(eventId, days));
