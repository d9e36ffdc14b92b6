import { Trans, useLingui } from '@lingui/react/macro';
import { Box, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { Logo } from '../../../components/Logo';
import { usePageTitle } from '../../../lib/use-page-title';
import { useLogout } from '../../auth/hooks/useLogout';
import { LanguagePicker } from '../../locale/components/LanguagePicker';
import { type Me, userKeys } from '../../users/api/me';
import { TwoFactorSetup } from './TwoFactorSetup';

/**
 * Instead of the organizer app while the account requires two-factor sign-in and the person has none (every other
 * call of theirs is refused until then): the set-up, or logging out. Once set up, `me` is read again and the app opens.
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
              {account} asks every member to log in with a code from an authenticator app as well as their password. Set
              it up now to continue.
            </Trans>
          </Text>
        </Stack>
        <Paper withBorder shadow="md" p={{ base: 'md', sm: 'xl' }} radius="lg">
          <Title order={2} fz="lg" mb="md">
            <Trans>Set up two-factor sign-in</Trans>
          </Title>
          <TwoFactorSetup doneLabel={<Trans>Continue</Trans>} doneLoading={continuing} onDone={() => void proceed()} />
        </Paper>
      </Container>
    </Box>
  );
}
