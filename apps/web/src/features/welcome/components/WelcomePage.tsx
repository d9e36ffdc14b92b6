import '@mantine/core/styles/Stepper.css';

import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Box, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { FullPageLoader } from '../../../components/FullPageLoader';
import { Logo } from '../../../components/Logo';
import { usePageTitle } from '../../../lib/use-page-title';
import { LanguagePicker } from '../../locale/components/LanguagePicker';
import { useOrganizers } from '../../organizers/api/organizers';
import { useMe } from '../../users/api/me';
import { WelcomeStepper } from './WelcomeStepper';

/** First run after sign-up: create an organizer (unless one exists), then the first event. */
export function WelcomePage() {
  const { t } = useLingui();
  usePageTitle(t`Welcome`);
  const me = useMe();
  const organizers = useOrganizers();

  if (me.isPending || organizers.isPending) return <FullPageLoader />;
  const name = me.data?.user.name ?? '';

  return (
    <Box mih="100vh" bg="violet.0" pb="xl">
      <Group justify="space-between" p="md" component="header">
        <Anchor component={Link} to="/manage/events" underline="never" aria-label="AdmitOne">
          <Logo size={36} withName />
        </Anchor>
        <Group gap="md">
          <LanguagePicker />
          <Anchor component={Link} to="/manage/events" fw={600} size="sm">
            <Trans>Skip for now</Trans>
          </Anchor>
        </Group>
      </Group>
      <Container size={760} component="main" px="md">
        <Stack gap={4} mb="lg" ta="center">
          <Title order={1}>
            <Trans>Welcome to AdmitOne, {name}!</Trans>
          </Title>
          <Text c="dimmed">
            <Trans>Two quick steps and your first event is ready to sell tickets.</Trans>
          </Text>
        </Stack>
        <Paper withBorder shadow="md" p={{ base: 'md', sm: 'xl' }} radius="lg">
          {me.isError || organizers.isError ? (
            <FormErrorAlert error={me.error ?? organizers.error} />
          ) : (
            <WelcomeStepper me={me.data} organizers={organizers.data.data} />
          )}
        </Paper>
      </Container>
    </Box>
  );
}
