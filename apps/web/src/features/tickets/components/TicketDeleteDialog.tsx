import type { TicketDto } from '@admitone/shared';
import { Trans } from '@lingui/react/macro';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconEyeOff, IconTrash } from '@tabler/icons-react';

import { AppModal } from '../../../components/AppModal';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { isApiError } from '../../../lib/api-error';
import { useLastValue } from '../../../lib/use-last-value';

interface TicketDeleteDialogProps {
  /** The ticket to delete; null keeps the dialog closed. */
  ticket: TicketDto | null;
  deleting: boolean;
  hiding: boolean;
  /** A failed delete (e.g. TICKET_HAS_ORDERS when an order came in after the list loaded). */
  error: unknown;
  onDelete: () => void;
  onHide: () => void;
  onClose: () => void;
}

/**
 * Deletes a ticket after a confirmation; a ticket with orders cannot be deleted, so the dialog says
 * so and offers to hide it instead (also when the server refuses the delete with TICKET_HAS_ORDERS).
 */
export function TicketDeleteDialog({
  ticket,
  deleting,
  hiding,
  error,
  onDelete,
  onHide,
  onClose,
}: TicketDeleteDialogProps) {
  // Keeps the text while the dialog fades out.
  const shown = useLastValue(ticket);
  const name = shown?.name ?? '';
  const refused = isApiError(error) && error.code === 'TICKET_HAS_ORDERS';
  const locked = Boolean(shown?.has_orders) || refused;
  const canHide = locked && !shown?.is_hidden;
  return (
    <AppModal
      opened={ticket !== null}
      onClose={onClose}
      title={locked ? <Trans>This ticket cannot be deleted</Trans> : <Trans>Delete ticket</Trans>}
    >
      <Stack gap="md">
        {locked ? (
          <Alert
            color="orange"
            variant="light"
            icon={<IconAlertCircle size={18} aria-hidden />}
            role={refused ? 'alert' : undefined}
            data-testid="ticket-has-orders"
          >
            {refused && error.message ? (
              error.message
            ) : (
              <Trans>This ticket has orders and cannot be deleted. You can hide it instead.</Trans>
            )}
          </Alert>
        ) : (
          <>
            <FormErrorAlert error={error} />
            <Text>
              <Trans>Delete {name}? This cannot be undone.</Trans>
            </Text>
          </>
        )}
        {locked && shown?.is_hidden ? (
          <Text size="sm">
            <Trans>{name} is already hidden from buyers.</Trans>
          </Text>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            {locked && !canHide ? <Trans>Close</Trans> : <Trans>Cancel</Trans>}
          </Button>
          {canHide ? (
            <Button leftSection={<IconEyeOff size={18} aria-hidden />} loading={hiding} onClick={onHide}>
              <Trans>Hide ticket</Trans>
            </Button>
          ) : null}
          {locked ? null : (
            <Button
              color="red.9"
              leftSection={<IconTrash size={18} aria-hidden />}
              loading={deleting}
              onClick={onDelete}
            >
              <Trans>Delete</Trans>
            </Button>
          )}
        </Group>
      </Stack>
    </AppModal>
  );
}
