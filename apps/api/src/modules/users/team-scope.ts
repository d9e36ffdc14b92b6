import type { ErrorCode } from '@admitone/shared';

import type { AuthContext } from '../../plugins/auth.js';
import { EVENT_ROUTE, type KeyCall } from '../api-keys/key-scope.js';

/** A route about one organizer: `/api/organizers/:id…` or `/api/organizers/:organizerId…`. */
const ORGANIZER_ROUTE = /^\/api\/organizers\/:(id|organizerId)(\/|$)/;
/** Calls that reach beyond the organizers a member is limited to. */
const BEYOND_THE_SCOPE = new Set(['POST /api/organizers']);

/**
 * Why a member limited to some organizers (team scope) may not make this call, or null when they may: another
 * organizer or another organizer's event is not found (NOT_FOUND, as another account's), and a new organizer is
 * refused (OUTSIDE_TEAM_SCOPE). The account-wide lists show only what the scope holds (their routes filter by
 * `auth.organizerIds` and `auth.eventIds`), and a body naming an organizer is checked where it is read.
 */
export function teamScopeError(call: KeyCall, auth: AuthContext): ErrorCode | null {
  if (auth.organizerIds === null) return null;
  if (BEYOND_THE_SCOPE.has(`${call.method} ${call.route}`)) return 'OUTSIDE_TEAM_SCOPE';
  const organizer = ORGANIZER_ROUTE.exec(call.route);
  if (organizer && !auth.organizerIds.includes(Number(call.params[organizer[1]!]))) return 'NOT_FOUND';
  const event = EVENT_ROUTE.exec(call.route);
  if (event && !(auth.eventIds ?? []).includes(Number(call.params[event[1]!]))) return 'NOT_FOUND';
  return null;
}
