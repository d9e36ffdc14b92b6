import { Trans } from '@lingui/react/macro';
import { Box, Container, Group, Text } from '@mantine/core';

import { eventContentClass } from './EventColorScope';
import { LanguageSwitcher } from './LanguageSwitcher';

/** Footer of every buyer page: the language switcher and the product's name. */
export function PublicFooter() {
  return (
    // On the event's content background, so it stays readable on any page background.
    <Box component="footer" mt="auto" w="100%" className={eventContentClass}>
      <Container size="lg" py="md">
        <Group justify="space-between" align="flex-end" gap="md">
          <LanguageSwitcher />
          <Text size="sm">
            <Trans>Tickets by AdmitOne</Trans>
          </Text>
        </Group>
      </Container>
    </Box>
  );
}
