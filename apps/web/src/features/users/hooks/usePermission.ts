import type { Permission } from '@admitone/shared';

import { type Me, useMe } from '../api/me';

/** True when the caller's role grants the permission (the server computes the list). */
export const hasPermission = (me: Me | undefined, permission: Permission): boolean =>
  Boolean(me?.permissions.includes(permission));

/** Whether the logged-in user may do something; false while `me` is still loading. */
export function usePermission(permission: Permission): boolean {
  const me = useMe();
  return hasPermission(me.data, permission);
}

/**
 * The organizers the caller is limited to (team scope), or null for every organizer. The lists the API answers with
 * are already narrowed to them; the app only hides what would reach beyond them (a new organizer).
 */
export const organizerScope = (me: Me | undefined): readonly number[] | null => me?.organizer_ids ?? null;

/** Whether the caller may add organizers: not when limited to some (the API would answer OUTSIDE_TEAM_SCOPE). */
export const mayCreateOrganizers = (me: Me | undefined): boolean => organizerScope(me) === null;
