import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** Title and short explanation at the top of an auth card. */
export function AuthHeading({ title, description }: { title: ReactNode; description?: ReactNode }) {
  return (
    <Stack gap={6} mb="lg">
      <Title order={1} fz={26}>
        {title}
      </Title>
      {description ? <Text c="dimmed">{description}</Text> : null}
    </Stack>
  );
}
