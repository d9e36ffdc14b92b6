import type { TeamMemberDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';

import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useLastValue } from '../../../lib/use-last-value';
import { useResetMemberTwoFactor, useRevokeInvitation, useUpdateUser } from '../api/team';
import type { ConfirmAction } from './MemberActions';

interface TeamConfirmDialogProps {
  pending: { action: ConfirmAction; member: TeamMemberDto } | null;
  onClose: () => void;
}

interface DialogText {
  title: ReactNode;
  message: ReactNode;
  confirmLabel: ReactNode;
}

/** Confirms deactivating, activating, revoking or resetting two-factor sign-in before the call is made. */
export function TeamConfirmDialog({ pending: current, onClose }: TeamConfirmDialogProps) {
  const { t } = useLingui();
  const pending = useLastValue(current);
  const update = useUpdateUser();
  const revoke = useRevokeInvitation();
  const reset = useResetMemberTwoFactor();
  const action = pending?.action ?? 'activate';
  const who = pending ? pending.member.name || pending.member.email : '';
  const email = pending?.member.email ?? '';
  const close = () => {
    update.reset();
    revoke.reset();
    reset.reset();
    onClose();
  };
  const done = (message: string) => () => {
    notifications.show({ color: 'teal', message });
    close();
  };

  const confirm = () => {
    if (!pending) return;
    const id = pending.member.id;
    if (action === 'revoke') {
      revoke.mutate(id, { onSuccess: done(t`The invitation for ${email} has been revoked.`) });
      return;
    }
    if (action === 'reset-two-factor') {
      reset.mutate(id, { onSuccess: done(t`The two-factor sign-in of ${who} has been reset.`) });
      return;
    }
    const status = action === 'deactivate' ? 'INACTIVE' : 'ACTIVE';
    update.mutate(
      { id, body: { status } },
      { onSuccess: done(status === 'INACTIVE' ? t`${who} has been deactivated.` : t`${who} has been activated.`) },
    );
  };

  const texts: Record<ConfirmAction, DialogText> = {
    revoke: {
      title: <Trans>Revoke invitation</Trans>,
      message: <Trans>The invitation link sent to {email} will stop working.</Trans>,
      confirmLabel: <Trans>Revoke</Trans>,
    },
    deactivate: {
      title: <Trans>Deactivate user</Trans>,
      message: (
        <Trans>{who} will no longer be able to log in to this account. You can activate them again later.</Trans>
      ),
      confirmLabel: <Trans>Deactivate</Trans>,
    },
    activate: {
      title: <Trans>Activate user</Trans>,
      message: <Trans>{who} will be able to log in to this account again.</Trans>,
      confirmLabel: <Trans>Activate</Trans>,
    },
    'reset-two-factor': {
      title: <Trans>Reset two-factor sign-in</Trans>,
      message: (
        <Trans>
          {who} is signed out everywhere and can log in with their password alone until they set up two-factor sign-in
          again. We let them know by e-mail. Do this only when you are sure it is them, for example after a call.
        </Trans>
      ),
      confirmLabel: <Trans>Reset</Trans>,
    },
  };
  const text = texts[action];

  return (
    <ConfirmDialog
      opened={current !== null}
      title={text.title}
      message={text.message}
      confirmLabel={text.confirmLabel}
      danger={action !== 'activate'}
      loading={update.isPending || revoke.isPending || reset.isPending}
      error={update.error ?? revoke.error ?? reset.error}
      onConfirm={confirm}
      onClose={close}
    />
  );
}
