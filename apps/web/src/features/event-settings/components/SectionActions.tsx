import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

/** The save button at the foot of a settings section. */
export function SectionActions({ saving, children }: { saving: boolean; children: ReactNode }) {
  return (
    <Group justify="flex-end" mt="xs">
      <Button type="submit" loading={saving}>
        {children}
      </Button>
    </Group>
  );
}
