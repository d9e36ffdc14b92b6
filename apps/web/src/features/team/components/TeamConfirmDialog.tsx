import type { TeamMemberDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { notifications } from '@mantine/notifications';

import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useLastValue } from '../../../lib/use-last-value';
import { useRevokeInvitation, useUpdateUser } from '../api/team';
import type { ConfirmAction } from './MemberActions';

interface TeamConfirmDialogProps {
  pending: { action: ConfirmAction; member: TeamMemberDto } | null;
  onClose: () => void;
}

/** Confirms deactivating, activating or revoking before the call is made. */
export function TeamConfirmDialog({ pending: current, onClose }: TeamConfirmDialogProps) {
  const { t } = useLingui();
  const pending = useLastValue(current);
  const update = useUpdateUser();
  const revoke = useRevokeInvitation();
  const action = pending?.action;
  const who = pending ? pending.member.name || pending.member.email : '';
  const email = pending?.member.email ?? '';
  const close = () => {
    update.reset();
    revoke.reset();
    onClose();
  };

  const confirm = () => {
    if (!pending) return;
    const id = pending.member.id;
    if (action === 'revoke') {
      revoke.mutate(id, {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t`The invitation for ${email} has been revoked.` });
          close();
        },
      });
      return;
    }
    const status = action === 'deactivate' ? 'INACTIVE' : 'ACTIVE';
    update.mutate(
      { id, body: { status } },
      {
        onSuccess: () => {
          notifications.show({
            color: 'teal',
            message: status === 'INACTIVE' ? t`${who} has been deactivated.` : t`${who} has been activated.`,
          });
          close();
        },
      },
    );
  };

  return (
    <ConfirmDialog
      opened={current !== null}
      title={
        action === 'revoke' ? (
          <Trans>Revoke invitation</Trans>
        ) : action === 'deactivate' ? (
          <Trans>Deactivate user</Trans>
        ) : (
          <Trans>Activate user</Trans>
        )
      }
      message={
        action === 'revoke' ? (
          <Trans>The invitation link sent to {email} will stop working.</Trans>
        ) : action === 'deactivate' ? (
          <Trans>{who} will no longer be able to log in to this account. You can activate them again later.</Trans>
        ) : (
          <Trans>{who} will be able to log in to this account again.</Trans>
        )
      }
      confirmLabel={
        action === 'revoke' ? (
          <Trans>Revoke</Trans>
        ) : action === 'deactivate' ? (
          <Trans>Deactivate</Trans>
        ) : (
          <Trans>Activate</Trans>
        )
      }
      danger={action !== 'activate'}
      loading={update.isPending || revoke.isPending}
      error={update.error ?? revoke.error}
      onConfirm={confirm}
      onClose={close}
    />
  );
}
