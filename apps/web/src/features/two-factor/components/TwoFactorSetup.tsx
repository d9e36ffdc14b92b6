import { Trans } from '@lingui/react/macro';
import { Button, Group, Stack } from '@mantine/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';

import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { SectionLoader } from '../../../components/FullPageLoader';
import { useStartTotpSetup } from '../api/two-factor';
import { AuthenticatorStep } from './AuthenticatorStep';
import { RecoveryCodes } from './RecoveryCodes';

interface TwoFactorSetupProps {
  /** The recovery codes were saved: the set-up is over. */
  onDone: () => void;
  /** Called once two-factor sign-in is on and the recovery codes show (they must not be dismissed unread). */
  onCodesShown?: () => void;
  /** The last button's words ("Done" unless given). */
  doneLabel?: ReactNode;
  doneLoading?: boolean;
}

/**
 * Setting up an authenticator app, from the profile or from the screen of an account that requires it: a fresh secret
 * (QR code and text) and the app's first code, then the recovery codes, shown once.
 */
export function TwoFactorSetup({ onDone, onCodesShown, doneLabel, doneLoading }: TwoFactorSetupProps) {
  const start = useStartTotpSetup();
  const { mutate } = start;
  const [codes, setCodes] = useState<string[] | null>(null);
  // One secret per set-up: the server keeps only the newest, so a second start (React's development double effects)
  // would leave the QR code on screen outdated.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate();
  }, [mutate]);

  if (codes) return <RecoveryCodes codes={codes} onDone={onDone} doneLabel={doneLabel} doneLoading={doneLoading} />;
  if (start.isError) {
    return (
      <Stack gap="md">
        <FormErrorAlert error={start.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => mutate()}>
            <Trans>Try again</Trans>
          </Button>
        </Group>
      </Stack>
    );
  }
  if (!start.data) return <SectionLoader />;
  return (
    <AuthenticatorStep
      setup={start.data}
      onConfirmed={(next) => {
        setCodes(next);
        onCodesShown?.();
      }}
    />
  );
}
