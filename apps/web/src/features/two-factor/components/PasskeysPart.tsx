import { formatDate, formatDateTime, type PasskeyDto, type TwoFactorStatusDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { IconFingerprint } from '@tabler/icons-react';
import { useState } from 'react';

import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { SectionLoader } from '../../../components/FullPageLoader';
import { usePasskeys } from '../api/passkeys';
import { AddPasskeyDialog } from './AddPasskeyDialog';
import classes from './PasskeysPart.module.css';
import { RemovePasskeyDialog } from './RemovePasskeyDialog';

interface PasskeysPartProps {
  status: TwoFactorStatusDto;
  timeZone: string;
}

/** The profile's passkeys: each with when it was added and last used and its removal, and adding one. */
export function PasskeysPart({ status, timeZone }: PasskeysPartProps) {
  const { t } = useLingui();
  const passkeys = usePasskeys();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<PasskeyDto | null>(null);
  // Read once: a browser does not gain WebAuthn while the page is open.
  const [supported] = useState(browserSupportsWebAuthn);
  const keptId = useId();
  const onlyFactor = !status.totp && status.passkeys === 1;
  // Where an account requires two-factor sign-in, its last second step stays (the server refuses it too).
  const kept = onlyFactor && status.required;

  return (
    <Stack gap="sm">
      <Stack gap={4}>
        <Title order={3} fz="md">
          <Trans>Passkeys</Trans>
        </Title>
        <Text size="sm" c="dimmed">
          <Trans>
            A passkey signs you in with your fingerprint, face, screen lock or a security key, without your password.
            After your password, it also serves as the second step.
          </Trans>
        </Text>
      </Stack>
      {passkeys.isPending ? (
        <SectionLoader />
      ) : passkeys.isError ? (
        <FormErrorAlert error={passkeys.error} />
      ) : passkeys.data.length ? (
        <ul className={classes.list} aria-label={t`Passkeys`}>
          {passkeys.data.map((passkey) => (
            <PasskeyItem
              key={passkey.id}
              passkey={passkey}
              timeZone={timeZone}
              keptId={kept ? keptId : undefined}
              onRemove={setRemoving}
            />
          ))}
        </ul>
      ) : (
        <Text size="sm">
          <Trans>You have no passkeys yet.</Trans>
        </Text>
      )}
      {kept ? (
        <Text size="sm" c="dimmed" id={keptId}>
          <Trans>An account you belong to requires two-factor sign-in, so your only passkey cannot be removed.</Trans>
        </Text>
      ) : null}
      {supported ? (
        <Group>
          <Button
            variant="default"
            leftSection={<IconFingerprint size={16} aria-hidden />}
            onClick={() => setAdding(true)}
          >
            <Trans>Add a passkey</Trans>
          </Button>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          <Trans>This browser cannot make passkeys. Open your profile in a current browser to add one.</Trans>
        </Text>
      )}
      <AddPasskeyDialog opened={adding} onClose={() => setAdding(false)} />
      <RemovePasskeyDialog passkey={removing} last={onlyFactor} onClose={() => setRemoving(null)} />
    </Stack>
  );
}

interface PasskeyItemProps {
  passkey: PasskeyDto;
  timeZone: string;
  /** The id of the words saying why it cannot be removed; undefined: it can. */
  keptId: string | undefined;
  onRemove: (passkey: PasskeyDto) => void;
}

/** One passkey: its name, whether it is synced between devices, when added and last used. */
function PasskeyItem({ passkey, timeZone, keptId, onRemove }: PasskeyItemProps) {
  const { t, i18n } = useLingui();
  const name = passkey.name;
  const added = formatDate(passkey.created_at, timeZone, i18n.locale);
  const lastUsed = passkey.last_used_at ? formatDateTime(passkey.last_used_at, timeZone, i18n.locale) : null;
  return (
    <Group component="li" justify="space-between" wrap="nowrap" gap="md" py="sm" data-testid="passkey">
      <Stack gap={2}>
        <Group gap="xs">
          <Text size="sm" fw={600}>
            {name}
          </Text>
          {passkey.synced ? (
            <Badge variant="light" size="sm">
              <Trans>Synced</Trans>
            </Badge>
          ) : null}
        </Group>
        <Text size="xs" c="dimmed">
          <Trans>Added {added}</Trans>
          {' · '}
          {lastUsed ? <Trans>Last used {lastUsed}</Trans> : <Trans>Never used</Trans>}
        </Text>
      </Stack>
      <Button
        size="xs"
        variant="default"
        aria-label={t`Remove ${name}`}
        disabled={keptId !== undefined}
        aria-describedby={keptId}
        onClick={() => onRemove(passkey)}
      >
        <Trans>Remove</Trans>
      </Button>
    </Group>
  );
}
