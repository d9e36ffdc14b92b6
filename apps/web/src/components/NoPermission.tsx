import '@mantine/core/styles/ThemeIcon.css';

import { Trans } from '@lingui/react/macro';
import { Button, Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';

/** Shown instead of a page the caller's role may not open (SPEC §8); it makes no API call. */
export function NoPermission() {
  return (
    <Card withBorder radius="md" py="xl" px="lg">
      <Stack align="center" gap="sm" ta="center" maw={460} mx="auto">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
          <IconLock size={28} />
        </ThemeIcon>
        <Title order={1} fz={24}>
          <Trans>No access</Trans>
        </Title>
        <Text c="dimmed">
          <Trans>You do not have permission to access this page.</Trans>
        </Text>
        <Button component={Link} to="/manage/events" variant="light" mt="xs">
          <Trans>Go to events</Trans>
        </Button>
      </Stack>
    </Card>
  );
}
