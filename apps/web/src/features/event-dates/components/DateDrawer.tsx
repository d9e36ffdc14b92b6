import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';

import type { EventDto } from '@admitone/shared';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Divider, Drawer, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCalendarOff, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';

import { PanelHeader } from '../../../components/AppModal';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useLastValue } from '../../../lib/use-last-value';
import { useDeleteEventDate } from '../api/event-dates';
import type { DateRow } from '../event-date-view';
import { CancelDateDialog } from './CancelDateDialog';
import { DateForm } from './DateForm';
import { SoldOfCapacity, useDateWords } from './DatesTable';
import { DateStatusBadge } from './DateStatusBadge';
import { TicketDatesTable } from './TicketDatesTable';

interface DateDrawerProps {
  event: EventDto;
  /** The date asked for (`?date=12`); null: closed. */
  dateId: number | null;
  /** The date itself, from the list; undefined when the list has no such date. */
  date: DateRow | undefined;
  /** Another date of the event is not cancelled: this one may be cancelled (the last one never is). */
  canCancel: boolean;
  onClose: () => void;
}

/** One date: its fields, how each ticket sells on it, and deleting it. */
export function DateDrawer({ event, dateId, date, canCancel, onClose }: DateDrawerProps) {
  const { t } = useLingui();
  const words = useDateWords();
  // While the drawer fades out (and after a delete) it keeps showing the date it was about.
  const last = useLastValue(dateId === null ? null : (date ?? null));
  const [deleting, setDeleting] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const remove = useDeleteEventDate(event.id);
  // An address naming no date of the list says so (but not the date just deleted, while the drawer closes).
  const shown = dateId !== null && !date && !remove.isSuccess ? null : last;
  const title = shown ? words(shown).whole : t`Date`;

  const closeDelete = () => {
    setDeleting(false);
    remove.reset();
  };
  const confirmDelete = () => {
    if (!shown) return;
    remove.mutate(shown.id, {
      onSuccess: () => {
        setDeleting(false);
        notifications.show({ color: 'teal', message: t`The date was deleted.` });
        onClose();
      },
    });
  };

  return (
    <>
      <Drawer.Root opened={dateId !== null} onClose={onClose} position="right" size="xl">
        <Drawer.Overlay />
        <Drawer.Content>
          <PanelHeader of={Drawer} title={title} />
          <Drawer.Body>
            {shown ? (
              <Stack gap="lg">
                <Group gap="lg" align="flex-start">
                  <DateStatusBadge status={shown.status} />
                  <SoldOfCapacity row={shown} name={words(shown).whole} />
                </Group>
                <section aria-labelledby="date-details">
                  <Title order={3} fz="md" mb="sm" id="date-details">
                    <Trans>Details</Trans>
                  </Title>
                  <DateForm
                    key={`${shown.id}-${shown.start_date}-${shown.end_date}-${shown.label}-${shown.capacity}-${shown.status}`}
                    eventId={event.id}
                    timeZone={event.timezone}
                    date={shown}
                    onDone={(_saved, moved) =>
                      notifications.show({
                        color: 'teal',
                        message: moved
                          ? plural(moved.orders, {
                              one: 'The date was moved. The buyers of # order are being told.',
                              other: 'The date was moved. The buyers of # orders are being told.',
                            })
                          : t`The date was saved.`,
                      })
                    }
                    onCancel={onClose}
                  />
                </section>
                <Divider />
                <section aria-labelledby="date-tickets">
                  <Title order={3} fz="md" id="date-tickets">
                    <Trans>Tickets on this date</Trans>
                  </Title>
                  <Text size="sm" c="dimmed" mb="sm">
                    <Trans>
                      Turn a ticket off to stop selling it on this date. An empty quantity or price is the ticket's own.
                    </Trans>
                  </Text>
                  <TicketDatesTable eventId={event.id} dateId={shown.id} currency={event.currency} />
                </section>
                <Divider />
                {canCancel && shown.status !== 'CANCELLED' ? (
                  <Group justify="space-between" align="center">
                    <Text size="sm" c="dimmed" maw={420}>
                      <Trans>
                        Cancelling a date cancels its orders, refunds them if you choose, and tells the buyers.
                      </Trans>
                    </Text>
                    <Button
                      color="red.9"
                      leftSection={<IconCalendarOff size={16} aria-hidden />}
                      onClick={() => setCancelling(true)}
                    >
                      <Trans>Cancel this date</Trans>
                    </Button>
                  </Group>
                ) : null}
                <Group justify="space-between" align="center">
                  <Text size="sm" c="dimmed" maw={420}>
                    <Trans>A date can be deleted while nobody has a ticket for it.</Trans>
                  </Text>
                  <Button
                    variant="outline"
                    color="red.9"
                    leftSection={<IconTrash size={16} aria-hidden />}
                    onClick={() => setDeleting(true)}
                  >
                    <Trans>Delete date</Trans>
                  </Button>
                </Group>
              </Stack>
            ) : (
              <Alert color="red" variant="light" role="alert">
                <Trans>This date does not exist. It may have been deleted.</Trans>
              </Alert>
            )}
          </Drawer.Body>
        </Drawer.Content>
      </Drawer.Root>
      <CancelDateDialog
        eventId={event.id}
        dateId={cancelling && shown ? shown.id : null}
        name={title}
        onClose={() => setCancelling(false)}
      />
      <ConfirmDialog
        opened={deleting}
        title={<Trans>Delete date</Trans>}
        message={<Trans>Delete {title}? Its settings for each ticket go with it.</Trans>}
        confirmLabel={<Trans>Delete</Trans>}
        danger
        loading={remove.isPending}
        error={remove.error}
        onConfirm={confirmDelete}
        onClose={closeDelete}
      />
    </>
  );
}
