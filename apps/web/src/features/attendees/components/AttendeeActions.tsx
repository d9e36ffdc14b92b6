import type { AttendeeDetailDto, EventDto, TicketDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconExternalLink, IconMailForward, IconPencil, IconRestore, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { AppModal } from '../../../components/AppModal';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { actionErrorMessage } from '../../../lib/action-error';
import { personName } from '../../orders/person-name';
import { useCancelAttendee, useReactivateAttendee, useResendTicket } from '../api/attendees';
import { EditAttendeeForm } from './EditAttendeeForm';

type Dialog = null | 'edit' | 'cancel';

/** Edit, cancel or reactivate an attendee, send the ticket again, open the ticket page. */
export function AttendeeActions({ event, tickets, attendee }: { event: EventDto; tickets: TicketDto[]; attendee: AttendeeDetailDto }) {
  const { t, i18n } = useLingui();
  const [dialog, setDialog] = useState<Dialog>(null);
  const cancel = useCancelAttendee(event.id, attendee.id);
  const reactivate = useReactivateAttendee(event.id, attendee.id);
  const resend = useResendTicket(event.id, attendee.id);
  const name = personName(attendee) || attendee.short_id;
  const email = attendee.email ?? '';
  const inOrder = attendee.status !== 'RESERVED' && attendee.status !== 'ABANDONED';
  const valid = attendee.status === 'ACTIVE';

  const fail = (fallback: string) => (e: unknown) => {
    setDialog(null);
    notifications.show({ color: 'red', message: actionErrorMessage(e, i18n, fallback) });
  };
  const confirmCancel = () =>
    cancel.mutate(undefined, {
      onSuccess: () => {
        setDialog(null);
        notifications.show({ color: 'teal', message: t`The ticket of ${name} is cancelled and back on sale.` });
      },
      onError: fail(t`We could not cancel this attendee. Please try again.`),
    });
  const doReactivate = () =>
    reactivate.mutate(undefined, {
      onSuccess: () => notifications.show({ color: 'teal', message: t`The ticket of ${name} is valid again.` }),
      onError: fail(t`We could not reactivate this attendee. Please try again.`),
    });
  const doResend = () =>
    resend.mutate(undefined, {
      onSuccess: () => notifications.show({ color: 'teal', message: t`The ticket is on its way to ${email}.` }),
      onError: fail(t`We could not send the ticket e-mail again. Please try again.`),
    });

  if (!inOrder) return null;
  return (
    <>
      <Group gap="xs">
        <Button size="xs" variant="default" leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setDialog('edit')}>
          <Trans>Edit</Trans>
        </Button>
        {valid ? (
          <Button size="xs" variant="default" leftSection={<IconMailForward size={16} aria-hidden />} loading={resend.isPending} onClick={doResend}>
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
          <Button size="xs" variant="default" leftSection={<IconRestore size={16} aria-hidden />} loading={reactivate.isPending} onClick={doReactivate}>
            <Trans>Reactivate</Trans>
          </Button>
        ) : (
          <Button size="xs" variant="outline" color="red.9" leftSection={<IconX size={16} aria-hidden />} onClick={() => setDialog('cancel')}>
            <Trans>Cancel ticket</Trans>
          </Button>
        )}
      </Group>
      <ConfirmDialog
        opened={dialog === 'cancel'}
        title={<Trans>Cancel ticket</Trans>}
        message={<Trans>Cancel the ticket of {name}? This voids the ticket, and it returns to the pool so it can be sold again.</Trans>}
        confirmLabel={<Trans>Cancel ticket</Trans>}
        danger
        loading={cancel.isPending}
        onConfirm={confirmCancel}
        onClose={() => setDialog(null)}
      />
      <AppModal opened={dialog === 'edit'} onClose={() => setDialog(null)} title={<Trans>Edit attendee</Trans>}>
        <EditAttendeeForm eventId={event.id} attendee={attendee} tickets={tickets} onDone={() => setDialog(null)} />
      </AppModal>
    </>
  );
}
