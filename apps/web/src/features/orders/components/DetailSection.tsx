import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled block of a detail drawer, with optional actions at the right of its title. */
export function DetailSection({
  title,
  actions,
  children,
}: {
  title: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Stack gap="xs" component="section">
      <Group justify="space-between" gap="sm">
        <Title order={3} fz="md">
          {title}
        </Title>
        {actions}
      </Group>
      {children}
    </Stack>
  );
}

/**
 * One "label: value" line of a detail section. A value too wide beside its label (a long e-mail on a
 * phone) goes under it, still at the right; a value wider than the line wraps (codes in it should not:
 * `white-space: nowrap` on them).
 */
export function DetailRow({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="md" wrap="wrap" align="flex-start" style={{ rowGap: 2 }}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ta="right" component="div" ml="auto" miw={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}
