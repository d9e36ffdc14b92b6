import { type EventLifecycle, type EventStatus, LIMITS } from '@admitone/shared';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

import type { EventListParams, EventSort } from '../api/events';

export const EVENT_SORT_OPTIONS = [
  'start_date:desc',
  'start_date:asc',
  'created_at:desc',
  'created_at:asc',
  'title:asc',
  'title:desc',
] as const;
export type EventSortOption = (typeof EVENT_SORT_OPTIONS)[number];
export const DEFAULT_EVENT_SORT: EventSortOption = 'start_date:desc';

export type LifecycleFilter = 'all' | Extract<EventLifecycle, 'UPCOMING' | 'ENDED'>;
const LIFECYCLE_FILTERS: readonly LifecycleFilter[] = ['all', 'UPCOMING', 'ENDED'];

export type StatusFilter = 'all' | EventStatus;
export const STATUS_FILTERS: readonly StatusFilter[] = ['all', 'DRAFT', 'LIVE', 'ARCHIVED'];

export interface EventListState {
  page: number;
  query: string;
  sort: EventSortOption;
  lifecycle: LifecycleFilter;
  status: StatusFilter;
  /** Only this organizer's events, or null for all. */
  organizer: number | null;
}

/** True when a filter (not the search) narrows the list; sorting is off then (SPEC §3). */
export const hasFilter = (state: EventListState): boolean =>
  state.lifecycle !== 'all' || state.status !== 'all' || state.organizer !== null;

/** Reads the list state from the address bar, so back/forward and shared links keep it. */
export function parseEventListState(search: URLSearchParams): EventListState {
  const page = Number(search.get('page'));
  const sort = search.get('sort') as EventSortOption | null;
  const lifecycle = search.get('lifecycle') as LifecycleFilter | null;
  const status = search.get('status') as StatusFilter | null;
  const organizer = Number(search.get('organizer'));
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    query: search.get('query') ?? '',
    sort: sort && EVENT_SORT_OPTIONS.includes(sort) ? sort : DEFAULT_EVENT_SORT,
    lifecycle: lifecycle && LIFECYCLE_FILTERS.includes(lifecycle) ? lifecycle : 'all',
    status: status && STATUS_FILTERS.includes(status) ? status : 'all',
    organizer: Number.isInteger(organizer) && organizer > 0 ? organizer : null,
  };
}

/** The API parameters for a list state. Sorting is not sent while a filter is applied (SPEC §3). */
export function toEventListParams(state: EventListState): EventListParams {
  const params: EventListParams = { page: state.page, per_page: LIMITS.PER_PAGE_DEFAULT };
  if (state.query.trim()) params.query = state.query.trim();
  if (hasFilter(state)) {
    params.filter_fields = {
      ...(state.lifecycle !== 'all' ? { lifecycle: state.lifecycle } : {}),
      ...(state.status !== 'all' ? { status: state.status } : {}),
      ...(state.organizer !== null ? { organizer_id: state.organizer } : {}),
    };
  } else {
    const [sortBy, direction] = state.sort.split(':') as [EventSort, 'asc' | 'desc'];
    params.sort_by = sortBy;
    params.sort_direction = direction;
  }
  return params;
}

/** List state in the URL plus a setter that resets to page 1 whenever anything but the page changes. */
export function useEventListParams() {
  const [search, setSearch] = useSearchParams();
  const state = useMemo(() => parseEventListState(search), [search]);
  const update = useCallback(
    (patch: Partial<EventListState>) => {
      const next = { ...state, ...patch, page: patch.page ?? 1 };
      const params = new URLSearchParams();
      if (next.page > 1) params.set('page', String(next.page));
      if (next.query) params.set('query', next.query);
      if (next.sort !== DEFAULT_EVENT_SORT) params.set('sort', next.sort);
      if (next.lifecycle !== 'all') params.set('lifecycle', next.lifecycle);
      if (next.status !== 'all') params.set('status', next.status);
      if (next.organizer !== null) params.set('organizer', String(next.organizer));
      setSearch(params, { replace: patch.page === undefined });
    },
    [setSearch, state],
  );
  return { state, update };
}
