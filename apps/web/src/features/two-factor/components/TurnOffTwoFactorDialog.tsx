import { Trans, useLingui } from '@lingui/react/macro';
import { Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';

import { AppModal } from '../../../components/AppModal';
import { useDisableTwoFactor } from '../api/two-factor';
import { PasswordCheckForm } from './PasswordCheckForm';

interface TurnOffTwoFactorDialogProps {
  opened: boolean;
  /** The person has passkeys: only the app goes, two-factor sign-in stays on (with the recovery codes). */
  keepsPasskeys: boolean;
  onClose: () => void;
}

/** Turning the authenticator app off, with the password: two-factor sign-in with it, unless passkeys remain. */
export function TurnOffTwoFactorDialog({ opened, keepsPasskeys, onClose }: TurnOffTwoFactorDialogProps) {
  const { t } = useLingui();
  const disable = useDisableTwoFactor();
  const close = () => {
    disable.reset();
    onClose();
  };
  return (
    <AppModal
      opened={opened}
      onClose={close}
      title={keepsPasskeys ? <Trans>Remove the authenticator app</Trans> : <Trans>Turn off two-factor sign-in</Trans>}
    >
      <Stack gap="md">
        <Text size="sm">
          {keepsPasskeys ? (
            <Trans>
              Codes from your authenticator app stop working. Your passkeys and your recovery codes keep working.
            </Trans>
          ) : (
            <Trans>
              You will log in with your password alone. Your authenticator app and your recovery codes stop working.
            </Trans>
          )}
        </Text>
        <PasswordCheckForm
          mutation={disable}
          submitLabel={keepsPasskeys ? <Trans>Remove</Trans> : <Trans>Turn off</Trans>}
          danger
          onSuccess={() => {
            close();
            notifications.show({
              color: 'teal',
              message: keepsPasskeys ? t`The authenticator app is removed.` : t`Two-factor sign-in is off.`,
            });
          }}
          onCancel={close}
        />
      </Stack>
    </AppModal>
  );
}
