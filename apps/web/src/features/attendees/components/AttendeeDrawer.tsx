import type { EventDto, TicketDto } from '@admitone/shared';
import { personName } from '@admitone/shared';
import { Trans } from '@lingui/react/macro';

import { DetailDrawer } from '../../../components/DetailDrawer';
import { useLastValue } from '../../../lib/use-last-value';
import { useAttendee } from '../api/attendees';
import { AttendeeDetail } from './AttendeeDetail';

interface AttendeeDrawerProps {
  event: EventDto;
  tickets: TicketDto[];
  /** The attendee in the address (`?attendee=`); null: closed. */
  attendeeId: number | null;
  onClose: () => void;
  /** The event has several dates: the attendee names the one its ticket is for. */
  showDates?: boolean;
}

/** The attendee detail beside the list, opened from a row or a link. */
export function AttendeeDrawer({ event, tickets, attendeeId, onClose, showDates = false }: AttendeeDrawerProps) {
  const shownId = useLastValue(attendeeId);
  const attendee = useAttendee(event.id, shownId);
  const name = attendee.data ? personName(attendee.data) : '';
  return (
    <DetailDrawer
      opened={attendeeId !== null}
      onClose={onClose}
      title={name || <Trans>Attendee</Trans>}
      size="lg"
      query={attendee}
      skeleton={[120, 120]}
      notFound={<Trans>This attendee does not exist, or belongs to another event.</Trans>}
    >
      {(data) => <AttendeeDetail event={event} tickets={tickets} attendee={data} showDates={showDates} />}
    </DetailDrawer>
  );
}
