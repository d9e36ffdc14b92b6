import { Trans } from '@lingui/react/macro';
import { Button, Group, Stack } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';

import { FormErrorAlert } from './FormErrorAlert';

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

interface FormStackProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The last save's error that is not about one field (useFormError). */
  error: unknown;
  children: ReactNode;
}

/** A dialog or drawer form: its fields in a column under the alert of a failed save. */
export function FormStack({ onSubmit, error, children }: FormStackProps) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <FormErrorAlert error={error} />
        {children}
      </Stack>
    </form>
  );
}
