import { LIMITS, type EventLifecycle } from '@admitone/shared';
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

export interface EventListState {
  page: number;
  query: string;
  sort: EventSortOption;
  lifecycle: LifecycleFilter;
}

/** Reads the list state from the address bar, so back/forward and shared links keep it. */
export function parseEventListState(search: URLSearchParams): EventListState {
  const page = Number(search.get('page'));
  const sort = search.get('sort') as EventSortOption | null;
  const lifecycle = search.get('lifecycle') as LifecycleFilter | null;
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    query: search.get('query') ?? '',
    sort: sort && EVENT_SORT_OPTIONS.includes(sort) ? sort : DEFAULT_EVENT_SORT,
    lifecycle: lifecycle && LIFECYCLE_FILTERS.includes(lifecycle) ? lifecycle : 'all',
  };
}

/** The API parameters for a list state. Sorting is not sent while a filter is applied (SPEC §3). */
export function toEventListParams(state: EventListState): EventListParams {
  const params: EventListParams = { page: state.page, per_page: LIMITS.PER_PAGE_DEFAULT };
  if (state.query.trim()) params.query = state.query.trim();
  if (state.lifecycle !== 'all') {
    params.filter_fields = { lifecycle: state.lifecycle };
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
      setSearch(params, { replace: patch.page === undefined });
    },
    [setSearch, state],
  );
  return { state, update };
}
