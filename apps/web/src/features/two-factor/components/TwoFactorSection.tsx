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
import { PasskeysPart } from './PasskeysPart';
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

/** Two-factor sign-in is on with an authenticator app, a passkey, or both. */
const isOn = (status: TwoFactorStatusDto) => status.totp || status.passkeys > 0;

/** On (since when, with what) or off. */
function StatusLine({ status, timeZone }: Omit<StatusProps, 'onOpen'>) {
  const { i18n } = useLingui();
  const since = status.enabled_at ? formatDateTime(status.enabled_at, timeZone, i18n.locale) : null;
  const passkeys = status.passkeys;
  return (
    <Stack gap={4}>
      <Group gap="xs">
        {isOn(status) ? (
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
      {status.totp && passkeys ? (
        <Text size="sm">
          <Plural
            value={passkeys}
            one="With an authenticator app and # passkey"
            other="With an authenticator app and # passkeys"
          />
        </Text>
      ) : status.totp ? (
        <Text size="sm">
          <Trans>With an authenticator app</Trans>
        </Text>
      ) : passkeys ? (
        <Text size="sm">
          <Plural value={passkeys} one="With # passkey" other="With # passkeys" />
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * Two-factor sign-in that is on: recovery codes left, new ones, and turning the authenticator app off (with no passkey
 * left that is two-factor sign-in off, which an account may require).
 */
function OnControls({ status, onOpen }: Omit<StatusProps, 'timeZone'>) {
  const requiredId = useId();
  const left = status.recovery_codes_left;
  const required = status.required && status.passkeys === 0;
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
        {status.totp ? (
          <Button
            variant="default"
            leftSection={<IconShieldOff size={16} aria-hidden />}
            disabled={required}
            aria-describedby={required ? requiredId : undefined}
            onClick={() => onOpen('turn-off')}
          >
            {status.passkeys ? <Trans>Remove the authenticator app</Trans> : <Trans>Turn off</Trans>}
          </Button>
        ) : null}
      </Group>
      {required ? (
        <Text size="sm" c="dimmed" id={requiredId}>
          <Trans>An account you belong to requires two-factor sign-in, so it cannot be turned off.</Trans>
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * The profile's "Two-factor sign-in": its status, the authenticator app and the recovery codes (each change in a
 * dialog), then the passkeys.
 */
export function TwoFactorSection({ timeZone }: { timeZone: string }) {
  const status = useTwoFactorStatus();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const on = status.data ? isOn(status.data) : false;

  return (
    <>
      {status.isPending ? (
        <SectionLoader />
      ) : status.isError ? (
        <FormErrorAlert error={status.error} />
      ) : (
        <Stack gap="md">
          <Group justify="space-between" gap="sm" wrap="wrap" align="flex-start">
            <Stack gap={4}>
              <Text size="sm" c="dimmed">
                <Trans>Status</Trans>
              </Text>
              <StatusLine status={status.data} timeZone={timeZone} />
            </Stack>
            {status.data.totp ? null : (
              <Button leftSection={<IconShieldLock size={16} aria-hidden />} onClick={() => setDialog('set-up')}>
                {on ? <Trans>Add an authenticator app</Trans> : <Trans>Set up</Trans>}
              </Button>
            )}
          </Group>
          {on ? <OnControls status={status.data} onOpen={setDialog} /> : null}
          <Divider />
          <PasskeysPart status={status.data} timeZone={timeZone} />
        </Stack>
      )}
      {/* By the passkeys, not by "on": that changes while the set-up's dialog shows the recovery codes. */}
      <SetUpTwoFactorDialog opened={dialog === 'set-up'} appOnly={Boolean(status.data?.passkeys)} onClose={close} />
      <NewRecoveryCodesDialog opened={dialog === 'new-codes'} onClose={close} />
      <TurnOffTwoFactorDialog
        opened={dialog === 'turn-off'}
        keepsPasskeys={Boolean(status.data?.passkeys)}
        onClose={close}
      />
    </>
  );
}
