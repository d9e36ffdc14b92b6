import type { EventColors } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Box, Stack, Text } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';

/** A small sketch of a public event page in the chosen colours, updated as they change. */
export function EventPreview({ colors }: { colors: EventColors }) {
  const { t } = useLingui();
  return (
    <Box
      component="figure"
      m={0}
      p="md"
      aria-label={t`Preview of an event page`}
      style={{
        backgroundColor: colors.background,
        borderRadius: 'var(--mantine-radius-md)',
        border: '1px solid var(--mantine-color-gray-3)',
      }}
    >
      <Stack
        gap="xs"
        p="md"
        style={{
          backgroundColor: colors.content_background,
          color: colors.text,
          borderRadius: 'var(--mantine-radius-md)',
        }}
      >
        <Text fw={700} fz="lg" c="inherit">
          <Trans>Summer Concert in the Park</Trans>
        </Text>
        <Text size="sm" c="inherit" style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
          <IconCalendar size={16} aria-hidden />
          <Trans>Saturday, 12 July · 19:30</Trans>
        </Text>
        <Text size="sm" c="inherit">
          <Trans>
            An evening of music under the open sky.{' '}
            <Text span inherit style={{ color: colors.link, textDecoration: 'underline' }}>
              Read more
            </Text>
          </Trans>
        </Text>
        <Stack
          gap={6}
          mt={4}
          p="sm"
          style={{
            backgroundColor: colors.ticket_widget_background,
            borderRadius: 'var(--mantine-radius-md)',
            border: '1px solid rgb(0 0 0 / 12%)',
          }}
        >
          <Text size="sm" fw={600} c="inherit">
            <Trans>General admission</Trans>
          </Text>
          <Box
            py={8}
            px="md"
            style={{
              backgroundColor: colors.primary,
              color: colors.primary_text,
              borderRadius: 'var(--mantine-radius-md)',
              fontWeight: 600,
              fontSize: 'var(--mantine-font-size-sm)',
              textAlign: 'center',
            }}
          >
            <Trans>Get tickets</Trans>
          </Box>
        </Stack>
      </Stack>
      <Text component="figcaption" size="xs" mt="xs" style={{ color: colors.text, opacity: 0.8 }}>
        <Trans>Preview</Trans>
      </Text>
    </Box>
  );
}
