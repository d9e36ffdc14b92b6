import { Trans, useLingui } from '@lingui/react/macro';
import { Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';

import { AppModal } from '../../../components/AppModal';
import { useDisableTwoFactor } from '../api/two-factor';
import { PasswordCheckForm } from './PasswordCheckForm';

/** Turning two-factor sign-in off, with the password. */
export function TurnOffTwoFactorDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const disable = useDisableTwoFactor();
  const close = () => {
    disable.reset();
    onClose();
  };
  return (
    <AppModal opened={opened} onClose={close} title={<Trans>Turn off two-factor sign-in</Trans>}>
      <Stack gap="md">
        <Text size="sm">
          <Trans>
            You will log in with your password alone. Your authenticator app and your recovery codes stop working.
          </Trans>
        </Text>
        <PasswordCheckForm
          mutation={disable}
          submitLabel={<Trans>Turn off</Trans>}
          danger
          onSuccess={() => {
            close();
            notifications.show({ color: 'teal', message: t`Two-factor sign-in is off.` });
          }}
          onCancel={close}
        />
      </Stack>
    </AppModal>
  );
}
