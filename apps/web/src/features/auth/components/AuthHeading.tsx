import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** Title and short explanation at the top of an auth card (`order` 2 under a page's own title). */
export function AuthHeading({
  title,
  description,
  order = 1,
}: {
  title: ReactNode;
  description?: ReactNode;
  order?: 1 | 2;
}) {
  return (
    <Stack gap={6} mb="lg">
      <Title order={order} fz={order === 1 ? 26 : 20}>
        {title}
      </Title>
      {description ? <Text c="dimmed">{description}</Text> : null}
    </Stack>
  );
}
