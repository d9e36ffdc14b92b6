import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Skeleton.css';
import type { EventDto, TicketDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Drawer, Skeleton, Stack } from '@mantine/core';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { hasStatus } from '../../../lib/api-error';
import { useLastValue } from '../../../lib/use-last-value';
import { personName } from '../../orders/person-name';
import { useAttendee } from '../api/attendees';
import { AttendeeDetail } from './AttendeeDetail';

interface AttendeeDrawerProps {
  event: EventDto;
  tickets: TicketDto[];
  /** The attendee in the address (`?attendee=`); null: closed. */
  attendeeId: number | null;
  onClose: () => void;
}

/** The attendee detail beside the list, opened from a row or a link. */
export function AttendeeDrawer({ event, tickets, attendeeId, onClose }: AttendeeDrawerProps) {
  const { t } = useLingui();
  const shownId = useLastValue(attendeeId);
  const attendee = useAttendee(event.id, shownId);
  const name = attendee.data ? personName(attendee.data) : '';
  return (
    <Drawer.Root opened={attendeeId !== null} onClose={onClose} position="right" size="lg">
      <Drawer.Overlay />
      <Drawer.Content>
        {/* A div, not Mantine's default <header>: a second banner landmark confuses screen readers. */}
        <Drawer.Header component="div">
          <Drawer.Title fw={700} fz="lg">
            {name || <Trans>Attendee</Trans>}
          </Drawer.Title>
          <Drawer.CloseButton aria-label={t`Close`} />
        </Drawer.Header>
        <Drawer.Body>
          {attendee.isPending ? (
            <Stack gap="md" role="status" aria-label={t`Loading…`}>
              <Skeleton height={28} width="50%" />
              <Skeleton height={120} />
              <Skeleton height={120} />
            </Stack>
          ) : attendee.isError ? (
            hasStatus(attendee.error, 404) ? (
              <Alert color="red" variant="light" role="alert">
                <Trans>This attendee does not exist, or belongs to another event.</Trans>
              </Alert>
            ) : (
              <FormErrorAlert error={attendee.error} />
            )
          ) : (
            <AttendeeDetail event={event} tickets={tickets} attendee={attendee.data} />
          )}
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
