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
