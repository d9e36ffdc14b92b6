import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export type SortDirection = 'asc' | 'desc';

export interface ListSort<S extends string> {
  by: S;
  direction: SortDirection;
}

/** Page, search and sort of a list as kept in the address bar (`page`, `query`, `sort=by:direction`). */
export interface BaseListState<S extends string> {
  page: number;
  query: string;
  sort: ListSort<S>;
}

/** Reads page, search and sort; unknown sorts fall back to the default. */
export function readBaseListState<S extends string>(
  search: URLSearchParams,
  sorts: readonly S[],
  fallback: ListSort<S>,
): BaseListState<S> {
  const page = Number(search.get('page'));
  const [by, direction] = (search.get('sort') ?? '').split(':');
  const sort =
    sorts.includes(by as S) && (direction === 'asc' || direction === 'desc')
      ? { by: by as S, direction: direction as SortDirection }
      : fallback;
  return { page: Number.isInteger(page) && page > 0 ? page : 1, query: search.get('query') ?? '', sort };
}

/** Writes page, search and sort, leaving out what equals the default. */
export function writeBaseListState<S extends string>(
  params: URLSearchParams,
  state: BaseListState<S>,
  fallback: ListSort<S>,
): void {
  if (state.page > 1) params.set('page', String(state.page));
  if (state.query) params.set('query', state.query);
  if (state.sort.by !== fallback.by || state.sort.direction !== fallback.direction)
    params.set('sort', `${state.sort.by}:${state.sort.direction}`);
}

/** What a list route of the API takes: a page, the search, and the filters or else the sort. */
export interface ListParams<S extends string, F extends Record<string, string>> {
  page: number;
  per_page: number;
  query?: string;
  sort_by?: S;
  sort_direction?: SortDirection;
  filter_fields?: Partial<F>;
}

/** The filters that are set (an unset one is null, undefined or an empty string). */
const setFilters = <F extends Record<string, string>>(filters: { [K in keyof F]: F[K] | null | undefined }) =>
  Object.fromEntries(
    Object.entries(filters).filter(([, v]) => v !== null && v !== undefined && v !== ''),
  ) as Partial<F>;

/** True when a filter (not the search) narrows a list: sorting is off then (SPEC §3). */
export const hasListFilter = <F extends Record<string, string>>(filters: {
  [K in keyof F]: F[K] | null | undefined;
}): boolean => Object.keys(setFilters(filters)).length > 0;

/**
 * The API parameters of a list state: the page at the default size, the search, and the filters that
 * are set; the sort only while none is (SPEC §3: sorting is off while a filter is applied).
 */
export function toListParams<S extends string, F extends Record<string, string>>(
  state: BaseListState<S>,
  filters: { [K in keyof F]: F[K] | null | undefined },
  perPage: number,
): ListParams<S, F> {
  const params: ListParams<S, F> = { page: state.page, per_page: perPage };
  if (state.query.trim()) params.query = state.query.trim();
  const set = setFilters(filters);
  if (Object.keys(set).length) params.filter_fields = set;
  else {
    params.sort_by = state.sort.by;
    params.sort_direction = state.sort.direction;
  }
  return params;
}

/** A comma list of positive ids (`ticket=3,5`). */
export function readIds(value: string | null): number[] {
  if (!value) return [];
  return value
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
}

/** One of the allowed values, or null. */
export function readChoice<T extends string>(value: string | null, allowed: readonly T[]): T | null {
  return value && allowed.includes(value as T) ? (value as T) : null;
}

/**
 * List state in the URL plus a setter that resets to page 1 whenever anything but the page changes.
 * Only `keys` are rewritten: other parameters (an open drawer's `?order=`) stay.
 */
export function useUrlListState<T extends { page: number }>(
  parse: (search: URLSearchParams) => T,
  write: (params: URLSearchParams, state: T) => void,
  keys: readonly string[],
) {
  const [search, setSearch] = useSearchParams();
  const state = useMemo(() => parse(search), [parse, search]);
  const update = useCallback(
    (patch: Partial<T>) => {
      // Read the address as it is now, not as of the last render: a debounced search may fire
      // between a filter's navigation and the render that follows it.
      const current = new URLSearchParams(window.location.search);
      const next = { ...parse(current), ...patch, page: patch.page ?? 1 };
      const params = new URLSearchParams(current);
      for (const key of keys) params.delete(key);
      write(params, next);
      setSearch(params, { replace: patch.page === undefined });
    },
    [keys, parse, setSearch, write],
  );
  return { state, update };
}
