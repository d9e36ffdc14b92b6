import { Stack, Title } from '@mantine/core';
import { useId } from '@mantine/hooks';
import type { ReactNode } from 'react';

/**
 * The fields of one ticket or question under its name as written (a heading). A group named by the
 * heading, so a screen reader says whose "Name" or "Description" a field is.
 */
export function TextGroup({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Stack role="group" aria-labelledby={headingId} gap="sm">
      <Title order={3} size="h5" id={headingId}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}
