import type { EventStatsDto, One, STATS_PERIODS } from '@admitone/shared';

export type StatsPeriod = (typeof STATS_PERIODS)[number];
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { eventKeys } from './events';

export const eventStatsKey = (eventId: number, days?: StatsPeriod, dateId?: number | null) =>
  [...eventKeys.detail(eventId), 'stats', ...(days ? [days] : []), ...(dateId ? [dateId] : [])] as const;

export const fetchEventStats = (eventId: number, days: StatsPeriod = 14, dateId: number | null = null) =>
  api
    .get<One<EventStatsDto>>(`/events/${eventId}/stats`, {
      query: { days, ...(dateId ? { event_date_id: dateId } : {}) },
    })
    .then((r) => r.data);

/**
 * The dashboard figures of an event over a period (and of one of its dates when `dateId` is set); fresh for a minute
 * (sales do not need to be live to the second).
 */
export const eventStatsQueryOptions = (eventId: number, days: StatsPeriod = 14, dateId: number | null = null) =>
  queryOptions({
    queryKey: eventStatsKey(eventId, days, dateId),
    queryFn: () => fetchEventStats(eventId, days, dateId),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

export const useEventStats = (eventId: number, days: StatsPeriod = 14, dateId: number | null = null) =>
  useQuery(eventStatsQueryOptions(eventId, days, dateId));
