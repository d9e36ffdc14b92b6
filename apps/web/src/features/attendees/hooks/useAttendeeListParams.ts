import { ATTENDEE_FILTER_STATUSES, ATTENDEE_SORTS, LIMITS } from '@admitone/shared';

import {
  type BaseListState,
  type ListSort,
  readBaseListState,
  readChoice,
  readIds,
  type SortDirection,
  useUrlListState,
  writeBaseListState,
} from '../../../lib/url-list-state';

export type AttendeeSort = (typeof ATTENDEE_SORTS)[number];
export type AttendeeFilterStatus = (typeof ATTENDEE_FILTER_STATUSES)[number];
export type CheckedInFilter = 'true' | 'false';
export const DEFAULT_ATTENDEE_SORT: ListSort<AttendeeSort> = { by: 'created_at', direction: 'desc' };

export interface AttendeeListState extends BaseListState<AttendeeSort> {
  status: AttendeeFilterStatus | null;
  checkedIn: CheckedInFilter | null;
  /** Attendees of any of these tickets. */
  tickets: number[];
}

/** What `GET /events/{id}/attendees` takes. */
export interface AttendeeListParams {
  page: number;
  per_page: number;
  query?: string;
  sort_by?: AttendeeSort;
  sort_direction?: SortDirection;
  filter_fields?: { status?: AttendeeFilterStatus; checked_in?: CheckedInFilter; ticket_id?: string };
}

const KEYS = ['page', 'query', 'sort', 'status', 'checked_in', 'ticket'] as const;

/** True when a filter (not the search) narrows the list; sorting is off then (SPEC §3). */
export const hasAttendeeFilter = (state: AttendeeListState): boolean =>
  state.status !== null || state.checkedIn !== null || state.tickets.length > 0;

/** Reads the list state from the address bar, so back/forward and shared links keep it. */
export function parseAttendeeListState(search: URLSearchParams): AttendeeListState {
  return {
    ...readBaseListState(search, ATTENDEE_SORTS, DEFAULT_ATTENDEE_SORT),
    status: readChoice(search.get('status'), ATTENDEE_FILTER_STATUSES),
    checkedIn: readChoice(search.get('checked_in'), ['true', 'false'] as const),
    tickets: readIds(search.get('ticket')),
  };
}

export function writeAttendeeListState(params: URLSearchParams, state: AttendeeListState): void {
  writeBaseListState(params, state, DEFAULT_ATTENDEE_SORT);
  if (state.status) params.set('status', state.status);
  if (state.checkedIn) params.set('checked_in', state.checkedIn);
  if (state.tickets.length) params.set('ticket', state.tickets.join(','));
}

/** The API parameters for a list state. Sorting is not sent while a filter is applied (SPEC §3). */
export function toAttendeeListParams(state: AttendeeListState): AttendeeListParams {
  const params: AttendeeListParams = { page: state.page, per_page: LIMITS.PER_PAGE_DEFAULT };
  if (state.query.trim()) params.query = state.query.trim();
  if (hasAttendeeFilter(state)) {
    params.filter_fields = {
      ...(state.status ? { status: state.status } : {}),
      ...(state.checkedIn ? { checked_in: state.checkedIn } : {}),
      ...(state.tickets.length ? { ticket_id: state.tickets.join(',') } : {}),
    };
  } else {
    params.sort_by = state.sort.by;
    params.sort_direction = state.sort.direction;
  }
  return params;
}

/** The attendee list state in the URL and its setter. */
export const useAttendeeListParams = () => useUrlListState(parseAttendeeListState, writeAttendeeListState, KEYS);
