import { Trans } from '@lingui/react/macro';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

import { UnsavedChangesContext, useLeaveGuard, useUnsavedRegistry } from '../lib/use-unsaved-changes';
import { AppModal } from './AppModal';

/**
 * Around a page with forms that save on their own (settings): the forms report their unsaved edits
 * (useUnsavedChanges), and while any has some, leaving the page in the app asks first in one dialog
 * however many forms are dirty; reloading or closing the tab gets the browser's own prompt.
 */
export function UnsavedChangesGuard({ children }: { children: ReactNode }) {
  const { dirty, report } = useUnsavedRegistry();
  const blocker = useLeaveGuard(dirty);
  const blocked = blocker.state === 'blocked';
  return (
    <UnsavedChangesContext.Provider value={report}>
      {children}
      <UnsavedChangesDialog
        opened={blocked}
        onStay={() => (blocker.state === 'blocked' ? blocker.reset() : undefined)}
        onLeave={() => (blocker.state === 'blocked' ? blocker.proceed() : undefined)}
      />
    </UnsavedChangesContext.Provider>
  );
}

interface UnsavedChangesDialogProps {
  opened: boolean;
  /** Stays on the page with the edits (also Escape and the close button). */
  onStay: () => void;
  /** Goes where the user was going; the edits are lost. */
  onLeave: () => void;
  /** The leaving button's label (default "Leave without saving"). */
  leaveLabel?: ReactNode;
}

/** "You have unsaved changes": Stay (focused first) or Leave without saving. */
export function UnsavedChangesDialog({ opened, onStay, onLeave, leaveLabel }: UnsavedChangesDialogProps) {
  return (
    <AppModal opened={opened} onClose={onStay} title={<Trans>You have unsaved changes</Trans>} size="md">
      <Stack gap="md">
        <Text>
          <Trans>Changes on this page have not been saved. If you leave now, they are lost.</Trans>
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onStay} data-autofocus>
            <Trans>Stay</Trans>
          </Button>
          <Button color="red.9" onClick={onLeave}>
            {leaveLabel ?? <Trans>Leave without saving</Trans>}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}

/**
 * "Unsaved changes" beside a form's Save button while the form has edits not saved yet. The live
 * region stays in place, so screen readers announce the badge (politely) when it appears.
 */
export function UnsavedBadge({ dirty }: { dirty: boolean }) {
  return (
    <div role="status">
      {dirty ? (
        <Badge variant="filled" color="yellow.3" autoContrast>
          <Trans>Unsaved changes</Trans>
        </Badge>
      ) : null}
    </div>
  );
}
