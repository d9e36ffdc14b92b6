import { ATTENDEE_FILTER_STATUSES, ATTENDEE_SORTS, LIMITS } from '@admitone/shared';

import {
  readTicketDateFilters,
  TICKET_DATE_KEYS,
  type TicketDateApiFilters,
  ticketDateApiFilters,
  type TicketDateFilters,
  writeTicketDateFilters,
} from '../../../lib/ticket-date-filters';
import {
  type BaseListState,
  hasListFilter,
  type ListParams,
  type ListSort,
  readBaseListState,
  readChoice,
  toListParams,
  useUrlListState,
  writeBaseListState,
} from '../../../lib/url-list-state';

export type AttendeeSort = (typeof ATTENDEE_SORTS)[number];
export type AttendeeFilterStatus = (typeof ATTENDEE_FILTER_STATUSES)[number];
export type CheckedInFilter = 'true' | 'false';
export const DEFAULT_ATTENDEE_SORT: ListSort<AttendeeSort> = { by: 'created_at', direction: 'desc' };

export interface AttendeeListState extends BaseListState<AttendeeSort>, TicketDateFilters {
  status: AttendeeFilterStatus | null;
  checkedIn: CheckedInFilter | null;
}

type AttendeeFilters = { status: AttendeeFilterStatus; checked_in: CheckedInFilter } & TicketDateApiFilters;
/** What `GET /events/{id}/attendees` takes. */
export type AttendeeListParams = ListParams<AttendeeSort, AttendeeFilters>;

/** The filters of a list state, as the API names them. */
const filtersOf = (state: AttendeeListState) => ({
  status: state.status,
  checked_in: state.checkedIn,
  ...ticketDateApiFilters(state),
});

const KEYS = ['page', 'query', 'sort', 'status', 'checked_in', ...TICKET_DATE_KEYS] as const;

/** True when a filter (not the search) narrows the list; sorting is off then (SPEC §3). */
export const hasAttendeeFilter = (state: AttendeeListState): boolean => hasListFilter(filtersOf(state));

/** Reads the list state from the address bar, so back/forward and shared links keep it. */
export function parseAttendeeListState(search: URLSearchParams): AttendeeListState {
  return {
    ...readBaseListState(search, ATTENDEE_SORTS, DEFAULT_ATTENDEE_SORT),
    status: readChoice(search.get('status'), ATTENDEE_FILTER_STATUSES),
    checkedIn: readChoice(search.get('checked_in'), ['true', 'false'] as const),
    ...readTicketDateFilters(search),
  };
}

export function writeAttendeeListState(params: URLSearchParams, state: AttendeeListState): void {
  writeBaseListState(params, state, DEFAULT_ATTENDEE_SORT);
  if (state.status) params.set('status', state.status);
  if (state.checkedIn) params.set('checked_in', state.checkedIn);
  writeTicketDateFilters(params, state);
}

/** The API parameters for a list state. Sorting is not sent while a filter is applied (SPEC §3). */
export const toAttendeeListParams = (state: AttendeeListState): AttendeeListParams =>
  toListParams<AttendeeSort, AttendeeFilters>(state, filtersOf(state), LIMITS.PER_PAGE_DEFAULT);

/** The attendee list state in the URL and its setter. */
export const useAttendeeListParams = () => useUrlListState(parseAttendeeListState, writeAttendeeListState, KEYS);
