import type { AttendeeDetailDto, EventDto, TicketDto } from '@admitone/shared';
import { personName } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group } from '@mantine/core';
import { IconArmchair, IconExternalLink, IconMailForward, IconPencil, IconRestore, IconX } from '@tabler/icons-react';

import { AppModal } from '../../../components/AppModal';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useActionDialogs } from '../../../lib/use-action-dialogs';
import { useEventSeating } from '../../seating/api/event-seating';
import { useCancelAttendee, useReactivateAttendee, useResendTicket } from '../api/attendees';
import { isSeatedTicket } from '../fitting-seats';
import { ChangeSeatForm } from './ChangeSeatForm';
import { EditAttendeeForm } from './EditAttendeeForm';

/**
 * Edit, cancel or reactivate an attendee, send the ticket again, open the ticket page; an attendee of a ticket sold by
 * seat (not cancelled) is seated elsewhere.
 */
export function AttendeeActions({
  event,
  tickets,
  attendee,
}: {
  event: EventDto;
  tickets: TicketDto[];
  attendee: AttendeeDetailDto;
}) {
  const { t } = useLingui();
  const dialogs = useActionDialogs<'edit' | 'cancel' | 'seat'>();
  const seating = useEventSeating(event.id);
  const cancel = useCancelAttendee(event.id, attendee.id);
  const reactivate = useReactivateAttendee(event.id, attendee.id);
  const resend = useResendTicket(event.id, attendee.id);
  const name = personName(attendee) || attendee.short_id;
  const email = attendee.email ?? '';
  const inOrder = attendee.status !== 'RESERVED' && attendee.status !== 'ABANDONED';
  const valid = attendee.status === 'ACTIVE';
  const seated = attendee.status !== 'CANCELLED' && isSeatedTicket(seating.data?.categories, attendee.ticket_id);

  const confirmCancel = () =>
    dialogs.run(
      cancel,
      t`The ticket of ${name} is cancelled and back on sale.`,
      t`We could not cancel this attendee. Please try again.`,
    );
  const doReactivate = () =>
    dialogs.run(
      reactivate,
      t`The ticket of ${name} is valid again.`,
      t`We could not reactivate this attendee. Please try again.`,
    );
  const doResend = () =>
    dialogs.run(
      resend,
      t`The ticket is on its way to ${email}.`,
      t`We could not send the ticket e-mail again. Please try again.`,
    );

  if (!inOrder) return null;
  return (
    <>
      <Group gap="xs">
        <Button
          size="xs"
          variant="default"
          leftSection={<IconPencil size={16} aria-hidden />}
          onClick={() => dialogs.open('edit')}
        >
          <Trans>Edit</Trans>
        </Button>
        {seated ? (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconArmchair size={16} aria-hidden />}
            onClick={() => dialogs.open('seat')}
          >
            <Trans>Change seat</Trans>
          </Button>
        ) : null}
        {valid ? (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconMailForward size={16} aria-hidden />}
            loading={resend.isPending}
            onClick={doResend}
          >
            <Trans>Resend ticket</Trans>
          </Button>
        ) : null}
        {valid ? (
          <Button
            size="xs"
            variant="default"
            component="a"
            href={`/ticket/${event.id}/${attendee.short_id}`}
            target="_blank"
            rel="noopener"
            leftSection={<IconExternalLink size={16} aria-hidden />}
            aria-label={t`Open the ticket page (opens in a new tab)`}
          >
            <Trans>Open the ticket page</Trans>
          </Button>
        ) : null}
        {attendee.status === 'CANCELLED' ? (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconRestore size={16} aria-hidden />}
            loading={reactivate.isPending}
            onClick={doReactivate}
          >
            <Trans>Reactivate</Trans>
          </Button>
        ) : (
          <Button
            size="xs"
            variant="outline"
            color="red.9"
            leftSection={<IconX size={16} aria-hidden />}
            onClick={() => dialogs.open('cancel')}
          >
            <Trans>Cancel ticket</Trans>
          </Button>
        )}
      </Group>
      <ConfirmDialog
        {...dialogs.props('cancel')}
        title={<Trans>Cancel ticket</Trans>}
        message={
          <Trans>
            Cancel the ticket of {name}? This voids the ticket, and it returns to the pool so it can be sold again.
          </Trans>
        }
        confirmLabel={<Trans>Cancel ticket</Trans>}
        danger
        loading={cancel.isPending}
        onConfirm={confirmCancel}
      />
      <AppModal {...dialogs.props('edit')} title={<Trans>Edit attendee</Trans>}>
        <EditAttendeeForm eventId={event.id} attendee={attendee} tickets={tickets} onDone={dialogs.close} />
      </AppModal>
      <AppModal {...dialogs.props('seat')} title={<Trans>Change seat</Trans>}>
        <ChangeSeatForm eventId={event.id} attendee={attendee} onDone={dialogs.close} />
      </AppModal>
    </>
  );
}
