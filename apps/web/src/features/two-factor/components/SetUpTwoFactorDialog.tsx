import { Trans, useLingui } from '@lingui/react/macro';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';

import { AppModal } from '../../../components/AppModal';
import { TwoFactorSetup } from './TwoFactorSetup';

interface SetUpTwoFactorDialogProps {
  opened: boolean;
  /** Two-factor sign-in is already on with passkeys: this adds the authenticator app to them. */
  appOnly?: boolean;
  onClose: () => void;
}

/** The profile's set-up: the app and its first code, then the recovery codes (it stays open until they are saved). */
export function SetUpTwoFactorDialog({ opened, appOnly, onClose }: SetUpTwoFactorDialogProps) {
  const { t } = useLingui();
  const [codesShown, setCodesShown] = useState(false);
  const close = () => {
    setCodesShown(false);
    onClose();
  };
  return (
    <AppModal
      opened={opened}
      onClose={close}
      title={appOnly ? <Trans>Add an authenticator app</Trans> : <Trans>Set up two-factor sign-in</Trans>}
      locked={codesShown}
    >
      <TwoFactorSetup
        onCodesShown={() => setCodesShown(true)}
        onDone={() => {
          close();
          notifications.show({
            color: 'teal',
            message: appOnly ? t`The authenticator app is set up.` : t`Two-factor sign-in is on.`,
          });
        }}
      />
    </AppModal>
  );
}
