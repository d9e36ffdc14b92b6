import { Trans } from '@lingui/react/macro';
import { Stack, Text } from '@mantine/core';
import { useState } from 'react';

import { AppModal } from '../../../components/AppModal';
import { useNewRecoveryCodes } from '../api/two-factor';
import { PasswordCheckForm } from './PasswordCheckForm';
import { RecoveryCodes } from './RecoveryCodes';

/** New recovery codes in place of the old ones: the password, then the codes, shown once. */
export function NewRecoveryCodesDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const make = useNewRecoveryCodes();
  const [codes, setCodes] = useState<string[] | null>(null);
  const close = () => {
    setCodes(null);
    make.reset();
    onClose();
  };
  return (
    <AppModal opened={opened} onClose={close} title={<Trans>New recovery codes</Trans>} locked={codes !== null}>
      {codes ? (
        <RecoveryCodes codes={codes} onDone={close} />
      ) : (
        <Stack gap="md">
          <Text size="sm">
            <Trans>
              Your current recovery codes stop working once the new ones are made. Enter your password to continue.
            </Trans>
          </Text>
          <PasswordCheckForm
            mutation={make}
            submitLabel={<Trans>Make new codes</Trans>}
            onSuccess={(result) => setCodes(result.codes)}
            onCancel={close}
          />
        </Stack>
      )}
    </AppModal>
  );
}
