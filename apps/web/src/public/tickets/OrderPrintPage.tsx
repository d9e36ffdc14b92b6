import { formatDateRange, formatDateTime, formatTimeZoneName, personName, whenAndWhere } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';

import { HtmlContent } from '../../components/HtmlContent';
import { seatText } from '../../lib/seat-text';
import { useOrderBreakdown } from '../../lib/use-order-breakdown';
import { usePageTitle } from '../../lib/use-page-title';
import { locationLine } from '../checkout/EventHeading';
import { orderLoadScreen } from '../checkout/order-load-screen';
import { orderStatusLabel } from '../checkout/order-status';
import { qrCodeSrc } from '../checkout/paths';
import { useOrder } from '../checkout/useOrder';
import { printClasses as classes, PrintSheet } from './PrintSheet';
import { ticketLabel } from './ticket-text';
import { useAutoPrint } from './useAutoPrint';

/** `/order/:eventId/:orderShortId/print`: the order and its tickets on paper. */
export default function OrderPrintPage({ eventId, shortId }: { eventId: number; shortId: string }) {
  const { t, i18n } = useLingui();
  usePageTitle(t`Print order`);
  const { order, error, loading, reload } = useOrder(eventId, shortId);
  useAutoPrint(Boolean(order));

  if (error || !order) return orderLoadScreen({ loading: loading && !order, error, eventId, shortId, onRetry: reload });
  const { event } = order;
  // The order's date: its times, label and venue stand for the event's.
  const when = whenAndWhere(event, order.date);
  const place = event.is_online ? t`Online event` : locationLine(when.location);
  const valid = order.status === 'COMPLETED';
  const orderNumber = order.order_number;

  return (
    <PrintSheet>
      <h1 className={classes.title}>
        <Trans>Order {orderNumber}</Trans>
      </h1>
      <p className={classes.subtitle}>
        {event.title} — {formatDateRange(when.start_date, when.end_date, event.timezone, i18n.locale)} (
        {formatTimeZoneName(when.start_date, event.timezone, i18n.locale)}){when.label ? ` · ${when.label}` : ''}
      </p>
      {place && <p className={classes.muted}>{place}</p>}
      <dl className={classes.facts}>
        <dt>
          <Trans>Order date</Trans>
        </dt>
        <dd>{formatDateTime(order.completed_at ?? order.created_at, event.timezone, i18n.locale)}</dd>
        <dt>
          <Trans>Status</Trans>
        </dt>
        <dd>{i18n._(orderStatusLabel(order.status))}</dd>
        {order.buyer && (
          <>
            <dt>
              <Trans>Buyer</Trans>
            </dt>
            <dd>
              {personName(order.buyer)}, {order.buyer.email}
            </dd>
          </>
        )}
        <dt>
          <Trans>Organizer</Trans>
        </dt>
        <dd>{event.organizer_name}</dd>
      </dl>

      <h2 className={classes.subtitle} style={{ marginTop: 24 }}>
        <Trans>Order summary</Trans>
      </h2>
      <table className={classes.table}>
        <thead>
          <tr>
            <th scope="col">{t`Item`}</th>
            <th scope="col">{t`Amount`}</th>
          </tr>
        </thead>
        <tbody>
          <BreakdownRows order={order} />
        </tbody>
      </table>

      {order.status === 'AWAITING_PAYMENT' && (
        <section style={{ marginTop: 24 }}>
          <h2 className={classes.subtitle}>
            <Trans>How to pay</Trans>
          </h2>
          {event.offline_payment_instructions ? <HtmlContent html={event.offline_payment_instructions} /> : null}
          <p>
            <Trans>Payment reference: {orderNumber}</Trans>
          </p>
        </section>
      )}

      <h2 className={classes.subtitle} style={{ marginTop: 24 }}>
        <Trans>Tickets</Trans>
      </h2>
      {order.attendees.map((a) => {
        const name = personName(a);
        return (
          <article key={a.short_id} className={classes.ticket} aria-label={t`Ticket of ${name}`}>
            <div className={classes.row}>
              {valid && a.status === 'ACTIVE' && (
                <img
                  src={qrCodeSrc(eventId, a.short_id)}
                  alt={t`QR code for ${name}'s ticket`}
                  width={160}
                  height={160}
                  className={classes.qr}
                  style={{ width: 160, height: 160 }}
                />
              )}
              <dl className={classes.facts}>
                <dt>
                  <Trans>Name</Trans>
                </dt>
                <dd>{name}</dd>
                <dt>
                  <Trans>Ticket</Trans>
                </dt>
                <dd>{ticketLabel(a)}</dd>
                {a.seat ? (
                  <>
                    <dt>
                      <Trans>Seat</Trans>
                    </dt>
                    <dd>{seatText(i18n, a.seat)}</dd>
                  </>
                ) : null}
                <dt>
                  <Trans>Ticket code</Trans>
                </dt>
                <dd>{a.short_id}</dd>
              </dl>
            </div>
          </article>
        );
      })}
    </PrintSheet>
  );
}

/** The order's lines at list price, then subtotal, discount, fees, taxes and total (`useOrderBreakdown`). */
function BreakdownRows({ order }: { order: Parameters<typeof useOrderBreakdown>[0] }) {
  const breakdown = useOrderBreakdown(order);
  return (
    <>
      {breakdown.lines.map((line) => (
        <tr key={line.key}>
          <td>{line.label}</td>
          <td>{line.amount}</td>
        </tr>
      ))}
      {breakdown.rows.map((row) =>
        row.kind === 'total' ? (
          <tr key={row.kind}>
            <th scope="row">{row.label}</th>
            <td>
              <strong>{row.amount}</strong>
            </td>
          </tr>
        ) : (
          <tr key={row.kind}>
            <td>{row.label}</td>
            <td>{row.amount}</td>
          </tr>
        ),
      )}
    </>
  );
}
