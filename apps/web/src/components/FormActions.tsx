import { Trans } from '@lingui/react/macro';
import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

interface FormActionsProps {
  onCancel: () => void;
  /** The save is under way. */
  loading: boolean;
  disabled?: boolean;
  /** Red, for a submit that is hard to undo. */
  danger?: boolean;
  /** The submit button's text. */
  children: ReactNode;
}

/** A dialog form's last row: "Cancel" and the submit button. */
export function FormActions({ onCancel, loading, disabled, danger, children }: FormActionsProps) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel}>
        <Trans>Cancel</Trans>
      </Button>
      <Button type="submit" color={danger ? 'red.9' : undefined} loading={loading} disabled={disabled}>
        {children}
      </Button>
    </Group>
  );
}
