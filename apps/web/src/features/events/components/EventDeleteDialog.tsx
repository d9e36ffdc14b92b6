import type { EventDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconArchive } from '@tabler/icons-react';

import { AppModal } from '../../../components/AppModal';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { isApiError } from '../../../lib/api-error';
import { useChangeEventStatus, useDeleteEvent } from '../api/events';

/**
 * Deletes an event after a confirmation. An event with orders cannot be deleted: the server answers
 * 409 EVENT_HAS_ORDERS, and the dialog then offers to archive the event instead.
 */
export function EventDeleteDialog({
  event,
  opened,
  onClose,
}: {
  event: EventDto;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const remove = useDeleteEvent(event.id);
  const archive = useChangeEventStatus(event.id);
  const title = event.title;
  const refused = isApiError(remove.error) && remove.error.code === 'EVENT_HAS_ORDERS' ? remove.error : null;
  const hasOrders = refused !== null;
  const canArchive = hasOrders && event.status !== 'ARCHIVED';
  const close = () => {
    remove.reset();
    archive.reset();
    onClose();
  };
  const doDelete = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        close();
        notifications.show({ color: 'teal', message: t`“${title}” has been deleted.` });
      },
    });
  const doArchive = () =>
    archive.mutate('ARCHIVED', {
      onSuccess: () => {
        close();
        notifications.show({ color: 'teal', message: t`“${title}” has been archived.` });
      },
    });

  return (
    <AppModal
      opened={opened}
      onClose={close}
      title={hasOrders ? <Trans>This event cannot be deleted</Trans> : <Trans>Delete event</Trans>}
    >
      <Stack gap="md">
        {hasOrders ? (
          <Alert
            color="orange"
            variant="light"
            icon={<IconAlertCircle size={18} aria-hidden />}
            role="alert"
            data-testid="event-has-orders"
          >
            {refused?.message || (
              <Trans>This event has orders and cannot be deleted. You can archive it instead.</Trans>
            )}
          </Alert>
        ) : (
          <FormErrorAlert error={remove.error} />
        )}
        <FormErrorAlert error={archive.error} />
        {hasOrders ? (
          canArchive ? (
            <Text>
              <Trans>Archiving hides “{title}” from the public and from the event list; its orders are kept.</Trans>
            </Text>
          ) : null
        ) : (
          <Text>
            <Trans>“{title}” and its images are deleted for good. This cannot be undone.</Trans>
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} data-autofocus>
            {hasOrders && !canArchive ? <Trans>Close</Trans> : <Trans>Cancel</Trans>}
          </Button>
          {canArchive ? (
            <Button leftSection={<IconArchive size={18} aria-hidden />} loading={archive.isPending} onClick={doArchive}>
              <Trans>Archive instead</Trans>
            </Button>
          ) : null}
          {hasOrders ? null : (
            <Button color="red.9" loading={remove.isPending} onClick={doDelete}>
              <Trans>Delete</Trans>
            </Button>
          )}
        </Group>
      </Stack>
    </AppModal>
  );
}
