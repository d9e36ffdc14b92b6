import type {
  AttendeeDto,
  CheckInDateDto,
  CheckInEventDto,
  CheckInOfflineDto,
  CheckInOutcomeDto,
  CheckInScan,
  CheckInStatsDto,
  One,
  Paginated,
  StaffCheckInDto,
} from '@admitone/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api, type QueryParams } from '../../../lib/api-client';
import type { AttendeeListParams } from '../../attendees/hooks/useAttendeeListParams';

/** How often the live count is refreshed while the screen is open (other scanners at other doors). */
export const STATS_POLL_MS = 5_000;

/** The events the caller checks people in at (door staff: those given to them; others: every event not archived). */
export const checkInEventsQueryOptions = () =>
  queryOptions({
    queryKey: ['check-in', 'events'] as const,
    queryFn: () => api.get<One<CheckInEventDto[]>>('/check-in/events').then((r) => r.data),
  });

export const useCheckInEvents = () => useQuery(checkInEventsQueryOptions());

/** One event as the check-in screen shows it (what door staff may see of it). */
export const useCheckInEvent = (eventId: number) =>
  useQuery({
    queryKey: ['check-in', 'events', eventId] as const,
    queryFn: () => api.get<One<CheckInEventDto>>(`/events/${eventId}/check-in`).then((r) => r.data),
  });

/**
 * Where one check-in screen reads and writes: a list of the event for a signed-in organizer or door
 * staff member (`/events/{id}/check-in-lists/{listId}/…`), or a staff link (`/public/check-in-links/{token}/…`).
 */
export interface CheckInEndpoints {
  /** The count, of one date's tickets when given (an event with several dates). */
  stats: (dateId?: number) => Promise<CheckInStatsDto>;
  /** The event's dates by start, for the door to choose the one it checks in. */
  dates: () => Promise<CheckInDateDto[]>;
  attendees: (params: AttendeeListParams) => Promise<Paginated<AttendeeDto>>;
  /** One scan or click; a bad code answers 200 with a result such as UNKNOWN. */
  scan: (scan: CheckInScan) => Promise<CheckInOutcomeDto>;
  /** Scans queued while offline; results in the same order. */
  batch: (scans: CheckInScan[]) => Promise<CheckInOutcomeDto[]>;
  /** The list's tickets for offline checks on this device. */
  offline: () => Promise<CheckInOfflineDto>;
}

/** `base`: the list's or the link's routes; `datesBase`: where the event's dates are read (the event's or the link). */
function endpointsAt(base: string, datesBase: string): CheckInEndpoints {
  return {
    stats: (dateId) =>
      api
        .get<One<CheckInStatsDto>>(`${base}/stats`, {
          query: dateId === undefined ? undefined : { filter_fields: { event_date_id: dateId } },
        })
        .then((r) => r.data),
    dates: () => api.get<One<CheckInDateDto[]>>(`${datesBase}/dates`).then((r) => r.data),
    attendees: (params) =>
      api.get<Paginated<AttendeeDto>>(`${base}/attendees`, { query: params as unknown as QueryParams }),
    scan: (scan) => api.post<One<CheckInOutcomeDto>>(`${base}/check-ins`, scan).then((r) => r.data),
    batch: (scans) => api.post<One<CheckInOutcomeDto[]>>(`${base}/check-ins/batch`, { scans }).then((r) => r.data),
    offline: () => api.get<One<CheckInOfflineDto>>(`${base}/offline`).then((r) => r.data),
  };
}

export const listEndpoints = (eventId: number, listId: number) =>
  endpointsAt(`/events/${eventId}/check-in-lists/${listId}`, `/events/${eventId}/check-in`);
export function staffLinkEndpoints(token: string) {
  const base = `/public/check-in-links/${encodeURIComponent(token)}`;
  return endpointsAt(base, base);
}

/** What a staff link opens: the event and its list (STAFF_LINK_INVALID once revoked or replaced). */
export const useStaffLink = (token: string) =>
  useQuery({
    queryKey: ['check-in-link', token] as const,
    queryFn: () =>
      api.get<One<StaffCheckInDto>>(`/public/check-in-links/${encodeURIComponent(token)}`).then((r) => r.data),
    refetchInterval: STATS_POLL_MS * 6,
    retry: false,
  });
