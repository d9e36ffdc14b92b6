import type { TeamMemberDto } from '@admitone/shared';
import { Trans } from '@lingui/react/macro';
import { Badge } from '@mantine/core';

import { RoleLabel } from '../../users/components/RoleLabel';

// Colours chosen for at least 4.5:1 text contrast (axe).

/** The member's role. */
export function RoleBadge({ member }: { member: Pick<TeamMemberDto, 'role'> }) {
  return (
    <Badge variant="light" color={member.role === 'ADMIN' ? 'violet' : 'gray'}>
      <RoleLabel role={member.role} />
    </Badge>
  );
}

/** Active, inactive or invited (waiting for the person to accept). */
export function StatusBadge({ member }: { member: Pick<TeamMemberDto, 'status' | 'invited'> }) {
  if (member.invited || member.status === 'INVITED') {
    return (
      <Badge variant="filled" color="yellow.3" autoContrast>
        <Trans>Invited</Trans>
      </Badge>
    );
  }
  return member.status === 'ACTIVE' ? (
    <Badge variant="filled" color="teal.9">
      <Trans>Active</Trans>
    </Badge>
  ) : (
    <Badge variant="light" color="gray">
      <Trans>Inactive</Trans>
    </Badge>
  );
}
