import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Menu.css';

import type { TeamMemberDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconDots,
  IconMailForward,
  IconShieldOff,
  IconUserCheck,
  IconUserCog,
  IconUserOff,
  IconUserX,
} from '@tabler/icons-react';

import { errorMessage } from '../../../lib/validation';
import { useResendInvitation } from '../api/team';

/** Actions that need a "are you sure?" first. */
export type ConfirmAction = 'deactivate' | 'activate' | 'revoke' | 'reset-two-factor';

interface MemberActionsProps {
  member: TeamMemberDto;
  onConfirm: (action: ConfirmAction, member: TeamMemberDto) => void;
  /** Opens the role form (role, and a door-staff member's events). */
  onChangeRole: (member: TeamMemberDto) => void;
}

/** A row's menu: role, status and two-factor sign-in for members, resend or revoke for invitations. */
export function MemberActions({ member, onConfirm, onChangeRole }: MemberActionsProps) {
  const { t, i18n } = useLingui();
  const resend = useResendInvitation();
  const who = member.name || member.email;
  const email = member.email;
  const failed = (e: unknown) => notifications.show({ color: 'red', message: errorMessage(e, i18n) });
  const invited = member.invited || member.status === 'INVITED';

  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={260}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t`Actions for ${who}`} loading={resend.isPending}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {invited ? (
          <>
            <Menu.Item
              leftSection={<IconMailForward size={16} aria-hidden />}
              onClick={() =>
                resend.mutate(member.id, {
                  onSuccess: () =>
                    notifications.show({ color: 'teal', message: t`We sent the invitation to ${email} again.` }),
                  onError: failed,
                })
              }
            >
              <Trans>Resend invitation</Trans>
            </Menu.Item>
            <Menu.Item
              color="red.9"
              leftSection={<IconUserX size={16} aria-hidden />}
              onClick={() => onConfirm('revoke', member)}
            >
              <Trans>Revoke invitation</Trans>
            </Menu.Item>
          </>
        ) : (
          <>
            <Menu.Item leftSection={<IconUserCog size={16} aria-hidden />} onClick={() => onChangeRole(member)}>
              <Trans>Change role</Trans>
            </Menu.Item>
            {member.two_factor ? (
              <Menu.Item
                leftSection={<IconShieldOff size={16} aria-hidden />}
                onClick={() => onConfirm('reset-two-factor', member)}
              >
                <Trans>Reset two-factor sign-in</Trans>
              </Menu.Item>
            ) : null}
            {member.status === 'ACTIVE' ? (
              <Menu.Item
                color="red.9"
                leftSection={<IconUserOff size={16} aria-hidden />}
                onClick={() => onConfirm('deactivate', member)}
              >
                <Trans>Deactivate</Trans>
              </Menu.Item>
            ) : (
              <Menu.Item
                leftSection={<IconUserCheck size={16} aria-hidden />}
                onClick={() => onConfirm('activate', member)}
              >
                <Trans>Activate</Trans>
              </Menu.Item>
            )}
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
