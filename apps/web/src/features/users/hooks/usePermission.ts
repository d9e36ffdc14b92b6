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
