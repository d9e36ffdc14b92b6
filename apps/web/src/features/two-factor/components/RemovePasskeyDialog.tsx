import type { PasskeyDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';

import { AppModal } from '../../../components/AppModal';
import { useLastValue } from '../../../lib/use-last-value';
import { useRemovePasskey } from '../api/passkeys';
import { PasswordCheckForm } from './PasswordCheckForm';

interface RemovePasskeyDialogProps {
  /** The passkey to remove; null: closed. */
  passkey: PasskeyDto | null;
  /** It is the person's last second factor: two-factor sign-in goes with it. */
  last: boolean;
  onClose: () => void;
}

/** Removing a passkey, with the password (as turning the app off asks). */
export function RemovePasskeyDialog({ passkey, last, onClose }: RemovePasskeyDialogProps) {
  const { t } = useLingui();
  const shown = useLastValue(passkey);
  const remove = useRemovePasskey(shown?.id);
  const close = () => {
    remove.reset();
    onClose();
  };
  const name = shown?.name ?? '';
  return (
    <AppModal opened={passkey !== null} onClose={close} title={<Trans>Remove passkey</Trans>}>
      <Stack gap="md">
        <Text size="sm">
          {last ? (
            <Trans>
              “{name}” will no longer sign you in. It is your last second step, so two-factor sign-in turns off and your
              recovery codes stop working.
            </Trans>
          ) : (
            <Trans>“{name}” will no longer sign you in.</Trans>
          )}{' '}
          <Trans>Enter your password to continue.</Trans>
        </Text>
        <PasswordCheckForm
          mutation={remove}
          submitLabel={<Trans>Remove</Trans>}
          danger
          onSuccess={() => {
            close();
            notifications.show({ color: 'teal', message: t`The passkey is removed.` });
          }}
          onCancel={close}
        />
      </Stack>
    </AppModal>
  );
}
