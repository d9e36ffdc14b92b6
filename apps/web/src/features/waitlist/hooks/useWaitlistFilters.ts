import { WAITLIST_STATES, type WaitlistState } from '@admitone/shared';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

import { readChoice, readIds } from '../../../lib/url-list-state';
import type { WaitlistFilter } from '../api/waitlist';

/** The waitlist screen's filters as kept in the address (`?state=WAITING&ticket=12&date=40`). */
export interface WaitlistFilters {
  state: WaitlistState | null;
  ticketId: number | null;
  /** One date's entries (an event with several dates). */
  dateId: number | null;
}

/** Reads the filters; unknown values count as none. */
export function parseWaitlistFilters(search: URLSearchParams): WaitlistFilters {
  return {
    state: readChoice(search.get('state'), WAITLIST_STATES),
    ticketId: readIds(search.get('ticket'))[0] ?? null,
    dateId: readIds(search.get('date'))[0] ?? null,
  };
}

/** Writes the filters into the address's parameters, leaving the others be. */
export function writeWaitlistFilters(params: URLSearchParams, filters: WaitlistFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  if (filters.state) next.set('state', filters.state);
  else next.delete('state');
  if (filters.ticketId) next.set('ticket', String(filters.ticketId));
  else next.delete('ticket');
  if (filters.dateId) next.set('date', String(filters.dateId));
  else next.delete('date');
  return next;
}

/** The API query for the filters. */
export const toWaitlistFilter = (filters: WaitlistFilters): WaitlistFilter => ({
  ...(filters.state ? { state: filters.state } : {}),
  ...(filters.ticketId ? { ticket_id: filters.ticketId } : {}),
  ...(filters.dateId ? { event_date_id: filters.dateId } : {}),
});

/** The filters in the address and their setter (back and forward, and shared links, keep them). */
export function useWaitlistFilters() {
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => parseWaitlistFilters(search), [search]);
  const update = useCallback(
    (patch: Partial<WaitlistFilters>) =>
      setSearch((current) => writeWaitlistFilters(current, { ...parseWaitlistFilters(current), ...patch }), {
        replace: true,
      }),
    [setSearch],
  );
  return { filters, update };
}
