import type { Role } from '@admitone/shared';
import { Trans } from '@lingui/react/macro';

/** The translated name of an account role. */
export function RoleLabel({ role }: { role: Role }) {
  switch (role) {
    case 'ADMIN':
      return <Trans>Admin</Trans>;
    case 'ORGANIZER':
      return <Trans>Organizer</Trans>;
    case 'DOOR_STAFF':
      return <Trans>Door staff</Trans>;
    case 'BOX_OFFICE':
      return <Trans>Box office</Trans>;
  }
}
