import type { Role } from '@admitone/shared';
import { Trans } from '@lingui/react/macro';

/** The translated name of an account role. */
export function RoleLabel({ role }: { role: Role }) {
  return role === 'ADMIN' ? <Trans>Admin</Trans> : <Trans>Organizer</Trans>;
}
