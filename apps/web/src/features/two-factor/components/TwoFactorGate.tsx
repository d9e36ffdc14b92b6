import { Trans, useLingui } from '@lingui/react/macro';
import { Box, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { IconFingerprint, IconLogout } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { Logo } from '../../../components/Logo';
import { usePageTitle } from '../../../lib/use-page-title';
import { useLogout } from '../../auth/hooks/useLogout';
import { LanguagePicker } from '../../locale/components/LanguagePicker';
import { type Me, userKeys } from '../../users/api/me';
import { AddPasskeyDialog } from './AddPasskeyDialog';
import { TwoFactorSetup } from './TwoFactorSetup';

/**
 * The required set-up's other way: a passkey instead of the app (its recovery codes then shown in its dialog). Not
 * offered where the browser cannot make one.
 */
function PasskeyInstead({ continuing, onAdded }: { continuing: boolean; onAdded: () => void }) {
  const [supported] = useState(browserSupportsWebAuthn);
  const [adding, setAdding] = useState(false);
  if (!supported) return null;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="lg">
      <Stack gap="sm" align="flex-start">
        <Title order={2} fz="lg">
          <Trans>Or use a passkey</Trans>
        </Title>
        <Text size="sm">
          <Trans>
            Instead of an app, sign in with your fingerprint, face, screen lock or a security key. A passkey also signs
            you in without your password.
          </Trans>
        </Text>
        <Button
          variant="default"
          leftSection={<IconFingerprint size={16} aria-hidden />}
          onClick={() => setAdding(true)}
        >
          <Trans>Add a passkey</Trans>
        </Button>
      </Stack>
      <AddPasskeyDialog
        opened={adding}
        onClose={() => setAdding(false)}
        onAdded={onAdded}
        doneLabel={<Trans>Continue</Trans>}
        doneLoading={continuing}
      />
    </Paper>
  );
}

/**
 * Instead of the organizer app while the account requires two-factor sign-in and the person has none (every other
 * call of theirs is refused until then): the set-up (an authenticator app, or a passkey), or logging out. Once set
 * up, `me` is read again and the app opens.
 */
export function TwoFactorGate({ me }: { me: Me }) {
  const { t } = useLingui();
  usePageTitle(t`Set up two-factor sign-in`);
  const logout = useLogout();
  const queryClient = useQueryClient();
  const [continuing, setContinuing] = useState(false);
  const account = me.account.name;

  const proceed = async () => {
    setContinuing(true);
    try {
      await queryClient.refetchQueries({ queryKey: userKeys.me(), exact: true });
    } finally {
      setContinuing(false);
    }
  };

  return (
    <Box mih="100vh" bg="violet.0" pb="xl">
      <Group justify="space-between" p="md" component="header">
        <Logo size={36} withName />
        <Group gap="md">
          <LanguagePicker />
          <Button variant="default" leftSection={<IconLogout size={16} aria-hidden />} onClick={() => void logout()}>
            <Trans>Log out</Trans>
          </Button>
        </Group>
      </Group>
      <Container size={560} component="main" px="md">
        <Stack gap={4} mb="lg" ta="center">
          <Title order={1}>
            <Trans>Your account requires two-factor sign-in</Trans>
          </Title>
          <Text c="dimmed">
            <Trans>
              {account} asks every member to log in with a second step as well as their password: a code from an
              authenticator app, or a passkey. Set one up now to continue.
            </Trans>
          </Text>
        </Stack>
        <Stack gap="lg">
          <Paper withBorder shadow="md" p={{ base: 'md', sm: 'xl' }} radius="lg">
            <Title order={2} fz="lg" mb="md">
              <Trans>Set up two-factor sign-in</Trans>
            </Title>
            <TwoFactorSetup
              doneLabel={<Trans>Continue</Trans>}
              doneLoading={continuing}
              onDone={() => void proceed()}
            />
          </Paper>
          <PasskeyInstead continuing={continuing} onAdded={() => void proceed()} />
        </Stack>
      </Container>
    </Box>
  );
}
