import { type ErrorCode, memberPermissions, type Permission, type Role } from '@admitone/shared';

import type { AuthContext } from '../../plugins/auth.js';

/** What a key may never do, whoever made it: manage the team or the keys themselves. */
const NEVER_BY_KEY: readonly Permission[] = ['users.manage', 'api_keys.manage'];

/** The permissions of a key made by a member of this role (door staff: with the box office if they were given it). */
export const keyPermissions = (role: Role, sellsAtBoxOffice = false): readonly Permission[] =>
  memberPermissions(role, sellsAtBoxOffice).filter((p) => !NEVER_BY_KEY.includes(p));

/** A route about one event: `/api/events/:id…` or `/api/events/:eventId…` (the path's event id). */
export const EVENT_ROUTE = /^\/api\/events\/:(id|eventId)(\/|$)/;
/** Account-wide routes a key limited to some events may call: lists that show only its events. */
const LISTS_OF_ITS_EVENTS = new Set(['GET /api/events', 'GET /api/check-in/events']);
/** Event routes that reach beyond the event (a copy becomes an event the key is not limited to). */
const BEYOND_THE_EVENT = new Set(['POST /api/events/:id/duplicate']);

/** A call as the route table names it: `GET`, `/api/events/:eventId/orders`, `{ eventId: '7' }`. */
export interface KeyCall {
  method: string;
  route: string;
  params: Readonly<Record<string, unknown>>;
}

/**
 * Why a key may not make this call, or null when it may: a read-only key changes nothing
 * (API_KEY_READ_ONLY); a key limited to some events finds no other event (NOT_FOUND, as for another
 * account's) and makes no account-wide call but the lists of its events (API_KEY_EVENT_SCOPE).
 */
export function keyScopeError(call: KeyCall, auth: AuthContext): ErrorCode | null {
  if (!auth.apiKey) return null;
  if (auth.apiKey.access === 'READ' && call.method !== 'GET' && call.method !== 'HEAD') return 'API_KEY_READ_ONLY';
  if (!auth.apiKey.limitedToEvents || auth.eventIds === null) return null;
  const route = `${call.method} ${call.route}`;
  const event = EVENT_ROUTE.exec(call.route);
  if (!event) return LISTS_OF_ITS_EVENTS.has(route) ? null : 'API_KEY_EVENT_SCOPE';
  // Another event first: not found, as if it did not exist, whatever the call.
  const id = Number(call.params[event[1]!]);
  if (!auth.eventIds.includes(id)) return 'NOT_FOUND';
  return BEYOND_THE_EVENT.has(route) ? 'API_KEY_EVENT_SCOPE' : null;
}
