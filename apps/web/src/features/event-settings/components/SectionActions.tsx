import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

import { UnsavedBadge } from '../../../components/UnsavedChangesGuard';

/** The save button at the foot of a settings section, with "Unsaved changes" beside it while `dirty`. */
export function SectionActions({ saving, dirty, children }: { saving: boolean; dirty: boolean; children: ReactNode }) {
  return (
    <Group justify="flex-end" gap="sm" mt="xs">
      <UnsavedBadge dirty={dirty} />
      <Button type="submit" loading={saving}>
        {children}
      </Button>
    </Group>
  );
}
