import '@mantine/core/styles/Tooltip.css';

import type { TeamMemberDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';

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

/** The member signs in with a second factor: a short "2FA", named in full for screen readers and in a tooltip. */
export function TwoFactorBadge() {
  const { t } = useLingui();
  const label = t`Two-factor sign-in on`;
  return (
    <Tooltip label={label} withArrow>
      <span tabIndex={0}>
        <Badge size="sm" variant="outline" color="teal.9" leftSection={<IconShieldCheck size={12} aria-hidden />}>
          <span aria-hidden>{t`2FA`}</span>
          <VisuallyHidden>{label}</VisuallyHidden>
        </Badge>
      </span>
    </Tooltip>
  );
}
