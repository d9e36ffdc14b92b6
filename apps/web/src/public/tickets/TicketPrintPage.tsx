import { formatDateRange, formatTimeZoneName, personName, whenAndWhere } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';

import { hasStatus } from '../../lib/api-error';
import { seatText } from '../../lib/seat-text';
import { usePageTitle } from '../../lib/use-page-title';
import { CheckoutLoading } from '../checkout/CheckoutLayout';
import { locationLine } from '../checkout/EventHeading';
import { printClasses as classes, PrintSheet } from './PrintSheet';
import { useTicket } from './ticket-api';
import { ticketLabel } from './ticket-text';
import { TicketMissing } from './TicketMissing';
import { TicketQr } from './TicketQr';
import { TICKET_STATE_LABELS } from './TicketStateBadge';
import { useAutoPrint } from './useAutoPrint';

/** `/ticket/:eventId/:attendeeShortId/print`: one ticket on a sheet, ready to print. */
export default function TicketPrintPage({ eventId, shortId }: { eventId: number; shortId: string }) {
  const { t, i18n } = useLingui();
  usePageTitle(t`Print ticket`);
  const { data: ticket, error, loading, reload } = useTicket(eventId, shortId);
  useAutoPrint(Boolean(ticket));

  if (loading && !ticket) return <CheckoutLoading />;
  if (error || !ticket) return <TicketMissing notFound={hasStatus(error, 404)} error={error} onRetry={reload} />;
  const { event } = ticket;
  // The ticket's date: its times, label and venue stand for the event's.
  const when = whenAndWhere(event, ticket.date);
  const place = event.is_online ? t`Online event` : locationLine(when.location);

  return (
    <PrintSheet>
      <article className={classes.ticket} aria-labelledby="print-event-title">
        <h1 className={classes.title} id="print-event-title">
          {event.title}
        </h1>
        <p className={classes.subtitle}>
          {formatDateRange(when.start_date, when.end_date, event.timezone, i18n.locale)} (
          {formatTimeZoneName(when.start_date, event.timezone, i18n.locale)}){when.label ? ` · ${when.label}` : ''}
        </p>
        {place && <p className={classes.muted}>{place}</p>}
        <div className={classes.row}>
          <TicketQr ticket={ticket} eventId={eventId} className={classes.qr} />
          <dl className={classes.facts}>
            <dt>
              <Trans>Name</Trans>
            </dt>
            <dd>{personName(ticket.attendee)}</dd>
            <dt>
              <Trans>Ticket</Trans>
            </dt>
            <dd>{ticketLabel(ticket.attendee)}</dd>
            {ticket.attendee.seat ? (
              <>
                <dt>
                  <Trans>Seat</Trans>
                </dt>
                <dd>{seatText(i18n, ticket.attendee.seat)}</dd>
              </>
            ) : null}
            <dt>
              <Trans>Order number</Trans>
            </dt>
            <dd>{ticket.order_number}</dd>
            <dt>
              <Trans>Status</Trans>
            </dt>
            <dd>{i18n._(TICKET_STATE_LABELS[ticket.ticket_state])}</dd>
            <dt>
              <Trans>Ticket code</Trans>
            </dt>
            <dd>{ticket.attendee.short_id}</dd>
            <dt>
              <Trans>Organizer</Trans>
            </dt>
            <dd>{event.organizer_name}</dd>
          </dl>
        </div>
      </article>
    </PrintSheet>
  );
}
