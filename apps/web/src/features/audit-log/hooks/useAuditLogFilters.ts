import { AUDIT_ACTIONS, type AuditAction, daysBetween, isCalendarDay, LIMITS } from '@admitone/shared';

import { readChoice, readIds, useUrlListState } from '../../../lib/url-list-state';
import type { AuditFilters, AuditListParams } from '../api/audit-log';

/** The audit log screen's page and filters as kept in the address (`?action=ticket.updated&user=4&from=2026-05-01`). */
export interface AuditLogState {
  page: number;
  action: AuditAction | null;
  /** A member, by their id in the team list (the membership's). */
  user: number | null;
  event: number | null;
  /** Days (YYYY-MM-DD), both included. */
  from: string | null;
  to: string | null;
}

const KEYS = ['page', 'action', 'user', 'event', 'from', 'to'] as const;

const day = (value: string | null): string | null => (value && isCalendarDay(value) ? value : null);

/** Reads the state; unknown values count as none. */
export function parseAuditLogState(search: URLSearchParams): AuditLogState {
  const page = Number(search.get('page'));
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    action: readChoice(search.get('action'), AUDIT_ACTIONS),
    user: readIds(search.get('user'))[0] ?? null,
    event: readIds(search.get('event'))[0] ?? null,
    from: day(search.get('from')),
    to: day(search.get('to')),
  };
}

/** Writes what is set (page 1 is left out). */
export function writeAuditLogState(params: URLSearchParams, state: AuditLogState): void {
  if (state.page > 1) params.set('page', String(state.page));
  if (state.action) params.set('action', state.action);
  if (state.user) params.set('user', String(state.user));
  if (state.event) params.set('event', String(state.event));
  if (state.from) params.set('from', state.from);
  if (state.to) params.set('to', state.to);
}

/** The filters as the API names them (the export takes the same). */
export const toAuditFilters = (state: AuditLogState): AuditFilters => ({
  ...(state.action ? { action: state.action } : {}),
  ...(state.user ? { member_id: state.user } : {}),
  ...(state.event ? { event_id: state.event } : {}),
  ...(state.from ? { from: state.from } : {}),
  ...(state.to ? { to: state.to } : {}),
});

export const toAuditListParams = (state: AuditLogState): AuditListParams => ({
  page: state.page,
  per_page: LIMITS.PER_PAGE_DEFAULT,
  ...toAuditFilters(state),
});

/** True when a filter narrows the log. */
export const hasAuditFilter = (state: AuditLogState): boolean => Object.keys(toAuditFilters(state)).length > 0;

/** The last day before the first: nothing is asked of the server then. */
export const daysOutOfOrder = (state: Pick<AuditLogState, 'from' | 'to'>): boolean =>
  state.from !== null && state.to !== null && daysBetween(state.from, state.to) < 0;

export const NO_AUDIT_FILTERS = { action: null, user: null, event: null, from: null, to: null } as const;

/** The state in the address and its setter (a filter's change goes back to page 1; back and forward keep it). */
export const useAuditLogFilters = () => useUrlListState(parseAuditLogState, writeAuditLogState, KEYS);
