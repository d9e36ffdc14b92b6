import { Trans } from '@lingui/react/macro';
import { Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

import { AppModal } from './AppModal';
import { FormErrorAlert } from './FormErrorAlert';
import type { CrudDialogs } from './use-crud-dialogs';

interface ConfirmDialogProps {
  opened: boolean;
  title: ReactNode;
  /** What will happen, in a sentence or two. */
  message: ReactNode;
  confirmLabel: ReactNode;
  /** Red for destructive actions. */
  danger?: boolean;
  loading?: boolean;
  error?: unknown;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks "are you sure?" before an action that is hard to undo. */
export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel,
  danger,
  loading,
  error,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <AppModal opened={opened} onClose={onClose} title={title} size="md">
      <Stack gap="md">
        <FormErrorAlert error={error} />
        <Text>{message}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            <Trans>Cancel</Trans>
          </Button>
          <Button color={danger ? 'red.9' : undefined} loading={loading} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}

interface DeleteDialogProps<T extends { id: number }> {
  crud: CrudDialogs<T>;
  title: ReactNode;
  message: ReactNode;
}

/** Confirms deleting `crud.deleting`; confirming deletes it through the screen's mutation. */
export function DeleteDialog<T extends { id: number }>({ crud, title, message }: DeleteDialogProps<T>) {
  return (
    <ConfirmDialog
      opened={crud.deleting !== null}
      title={title}
      message={message}
      confirmLabel={<Trans>Delete</Trans>}
      danger
      loading={crud.deletePending}
      error={crud.deleteError}
      onConfirm={crud.confirmDelete}
      onClose={crud.closeDelete}
    />
  );
}
