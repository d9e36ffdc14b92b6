import type { Permission } from '@admitone/shared';

import { useMe } from '../../users/api/me';
import { hasPermission } from '../../users/hooks/usePermission';
import { useAccount } from '../api/account';

/**
 * The current account for a page of the account area. When the caller lacks the permission the
 * account is not even requested: a 403 would send them to the login page.
 */
export function useAccountPage(permission: Permission) {
  const me = useMe();
  const allowed = hasPermission(me.data, permission);
  const accountId = me.data?.account.id ?? 0;
  const account = useAccount(accountId, allowed && accountId > 0);
  return { allowed, accountId, account };
}
