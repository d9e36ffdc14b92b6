import { formatDateTime, type TwoFactorStatusDto } from '@admitone/shared';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, Divider, Group, Stack, Text } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { IconAlertTriangle, IconRefresh, IconShieldLock, IconShieldOff } from '@tabler/icons-react';
import { useState } from 'react';

import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { SectionLoader } from '../../../components/FullPageLoader';
import { useTwoFactorStatus } from '../api/two-factor';
import { NewRecoveryCodesDialog } from './NewRecoveryCodesDialog';
import { SetUpTwoFactorDialog } from './SetUpTwoFactorDialog';
import { TurnOffTwoFactorDialog } from './TurnOffTwoFactorDialog';

/** With this many recovery codes left or fewer, the profile suggests new ones. */
const FEW_CODES_LEFT = 2;

type Dialog = 'set-up' | 'new-codes' | 'turn-off';

interface StatusProps {
  status: TwoFactorStatusDto;
  timeZone: string;
  onOpen: (dialog: Dialog) => void;
}

/** On (since when) or off. */
function StatusLine({ status, timeZone }: Omit<StatusProps, 'onOpen'>) {
  const { i18n } = useLingui();
  const since = status.enabled_at ? formatDateTime(status.enabled_at, timeZone, i18n.locale) : null;
  return (
    <Group gap="xs">
      {status.totp ? (
        <Badge color="teal.9" variant="filled">
          <Trans>On</Trans>
        </Badge>
      ) : (
        <Badge color="gray" variant="light">
          <Trans>Off</Trans>
        </Badge>
      )}
      {status.totp && since ? (
        <Text size="sm" c="dimmed">
          <Trans>since {since}</Trans>
        </Text>
      ) : null}
    </Group>
  );
}

/** Two-factor sign-in that is on: recovery codes left, new ones, turning it off (unless an account requires it). */
function OnControls({ status, onOpen }: Omit<StatusProps, 'timeZone'>) {
  const requiredId = useId();
  const left = status.recovery_codes_left;
  return (
    <Stack gap="md">
      <Text size="sm">
        <Plural value={left} one="# recovery code left" other="# recovery codes left" />
      </Text>
      {left <= FEW_CODES_LEFT ? (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
          {left === 0 ? (
            <Trans>
              You have no recovery codes left. Make new ones, so you can still log in if you lose your phone.
            </Trans>
          ) : (
            <Trans>
              Only a few recovery codes are left. Make new ones, so you can still log in if you lose your phone.
            </Trans>
          )}
        </Alert>
      ) : null}
      <Divider />
      <Group gap="sm">
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={() => onOpen('new-codes')}
        >
          <Trans>New recovery codes</Trans>
        </Button>
        <Button
          variant="default"
          leftSection={<IconShieldOff size={16} aria-hidden />}
          disabled={status.required}
          aria-describedby={status.required ? requiredId : undefined}
          onClick={() => onOpen('turn-off')}
        >
          <Trans>Turn off</Trans>
        </Button>
      </Group>
      {status.required ? (
        <Text size="sm" c="dimmed" id={requiredId}>
          <Trans>An account you belong to requires two-factor sign-in, so it cannot be turned off.</Trans>
        </Text>
      ) : null}
    </Stack>
  );
}

/** The profile's "Two-factor sign-in": its status and what can be done with it, each in a dialog. */
export function TwoFactorSection({ timeZone }: { timeZone: string }) {
  const status = useTwoFactorStatus();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);

  return (
    <>
      {status.isPending ? (
        <SectionLoader />
      ) : status.isError ? (
        <FormErrorAlert error={status.error} />
      ) : (
        <Stack gap="md">
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Stack gap={4}>
              <Text size="sm" c="dimmed">
                <Trans>Status</Trans>
              </Text>
              <StatusLine status={status.data} timeZone={timeZone} />
            </Stack>
            {status.data.totp ? null : (
              <Button leftSection={<IconShieldLock size={16} aria-hidden />} onClick={() => setDialog('set-up')}>
                <Trans>Set up</Trans>
              </Button>
            )}
          </Group>
          {status.data.totp ? <OnControls status={status.data} onOpen={setDialog} /> : null}
        </Stack>
      )}
      <SetUpTwoFactorDialog opened={dialog === 'set-up'} onClose={close} />
      <NewRecoveryCodesDialog opened={dialog === 'new-codes'} onClose={close} />
      <TurnOffTwoFactorDialog opened={dialog === 'turn-off'} onClose={close} />
    </>
  );
}
