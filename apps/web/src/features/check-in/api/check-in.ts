import type { AttendeeDto, CheckInEventDto, CheckInOutcomeDto, CheckInScan, CheckInStatsDto, One, Paginated } from '@admitone/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type QueryParams } from '../../../lib/api-client';
import type { AttendeeListParams } from '../../attendees/hooks/useAttendeeListParams';
import { eventKeys } from '../../events/api/events';

export const checkInKeys = {
  stats: (eventId: number) => [...eventKeys.detail(eventId), 'check-in-stats'] as const,
};

/** How often the live count is refreshed while the screen is open (other scanners at other doors). */
export const STATS_POLL_MS = 5_000;

export const fetchCheckInStats = (eventId: number) => api.get<One<CheckInStatsDto>>(`/events/${eventId}/check_in_stats`).then((r) => r.data);

export const checkInStatsQueryOptions = (eventId: number) =>
  queryOptions({ queryKey: checkInKeys.stats(eventId), queryFn: () => fetchCheckInStats(eventId), refetchInterval: STATS_POLL_MS });

/** Checked in / total for the event and per ticket, polled. */
export const useCheckInStats = (eventId: number) => useQuery(checkInStatsQueryOptions(eventId));

/** One scan or click; a bad code answers 200 with a result such as UNKNOWN. */
export const postCheckIn = (eventId: number, scan: CheckInScan) => api.post<One<CheckInOutcomeDto>>(`/events/${eventId}/check-ins`, scan).then((r) => r.data);

/** Scans queued while offline; results in the same order. */
export const postCheckInBatch = (eventId: number, scans: CheckInScan[]) =>
  api.post<One<CheckInOutcomeDto[]>>(`/events/${eventId}/check-ins/batch`, { scans }).then((r) => r.data);

/** The events the caller checks people in at (door staff: those given to them; others: every event not archived). */
export const checkInEventsQueryOptions = () =>
  queryOptions({ queryKey: ['check-in', 'events'] as const, queryFn: () => api.get<One<CheckInEventDto[]>>('/check-in/events').then((r) => r.data) });

export const useCheckInEvents = () => useQuery(checkInEventsQueryOptions());

/** One event as the check-in screen shows it (what door staff may see of it). */
export const useCheckInEvent = (eventId: number) =>
  useQuery({ queryKey: ['check-in', 'events', eventId] as const, queryFn: () => api.get<One<CheckInEventDto>>(`/events/${eventId}/check-in`).then((r) => r.data) });

/** The attendees to check in (door staff see no e-mail addresses), searched and paged like the attendee list. */
export const fetchCheckInAttendees = (eventId: number, params: AttendeeListParams) =>
  api.get<Paginated<AttendeeDto>>(`/events/${eventId}/check-in/attendees`, { query: params as unknown as QueryParams });
