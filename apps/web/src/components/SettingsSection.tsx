import { Card, Stack, Text, Title } from '@mantine/core';
import { useId } from '@mantine/hooks';
import type { ReactNode } from 'react';

interface SettingsSectionProps {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** The section's address on its page (`#payments`): other screens link straight to it. */
  anchor?: string;
}

/** A titled card of a settings page (profile, account), named by its title for screen readers. */
export function SettingsSection({ title, description, children, anchor }: SettingsSectionProps) {
  const titleId = useId();
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby={titleId}
      id={anchor}
      style={anchor ? { scrollMarginTop: 80 } : undefined}
    >
      <Stack gap={4} mb="md">
        <Title order={2} fz="lg" id={titleId} tabIndex={anchor ? -1 : undefined}>
          {title}
        </Title>
        {description ? (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        ) : null}
      </Stack>
      {children}
    </Card>
  );
}
