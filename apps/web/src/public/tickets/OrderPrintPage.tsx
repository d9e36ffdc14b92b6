import { Trans, useLingui } from '@lingui/react/macro';
import { HtmlContent } from '../../components/HtmlContent';
import { formatDateRange, formatDateTime, formatMoney, formatTimeZoneName } from '../../lib/format';
import { usePageTitle } from '../../lib/use-page-title';
import { CheckoutLoading } from '../checkout/CheckoutLayout';
import { locationLine } from '../checkout/EventHeading';
import { stateOfError } from '../checkout/order-state';
import { orderStatusLabel } from '../checkout/order-status';
import { OrderStateScreen } from '../checkout/OrderStateScreen';
import { qrCodeSrc } from '../checkout/paths';
import { PrintSheet, printClasses as classes } from './PrintSheet';
import { fetchOrderForPrint, useLoaded } from './ticket-api';
import { personName, ticketLabel } from './ticket-text';
import { useAutoPrint } from './useAutoPrint';

/** `/order/:eventId/:orderShortId/print`: the order and its tickets on paper. */
export default function OrderPrintPage({ eventId, shortId }: { eventId: number; shortId: string }) {
  const { t, i18n } = useLingui();
  usePageTitle(t`Print order`);
  const { data: order, error, loading, reload } = useLoaded((signal) => fetchOrderForPrint(eventId, shortId, signal), `${eventId}/${shortId}`);
  useAutoPrint(Boolean(order));

  if (loading && !order) return <CheckoutLoading />;
  if (error || !order) return <OrderStateScreen state={stateOfError(error)} eventId={eventId} shortId={shortId} error={error} onRetry={reload} />;
  const { event, totals } = order;
  const money = (minor: number) => formatMoney(minor, order.currency, i18n.locale);
  const place = event.is_online ? t`Online event` : locationLine(event.location);
  const valid = order.status === 'COMPLETED';
  const orderNumber = order.order_number;
  const promo = order.promo_code;

  return (
    <PrintSheet>
      <h1 className={classes.title}>
        <Trans>Order {orderNumber}</Trans>
      </h1>
      <p className={classes.subtitle}>
        {event.title} — {formatDateRange(event.start_date, event.end_date, event.timezone, i18n.locale)} (
        {formatTimeZoneName(event.start_date, event.timezone, i18n.locale)})
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
              {order.buyer.first_name} {order.buyer.last_name}, {order.buyer.email}
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
          {order.items.map((item) => (
            <tr key={`${item.ticket_id}-${item.tier_id ?? 0}`}>
              <td>
                {item.quantity} × {item.ticket_name}
                {item.tier_label ? ` — ${item.tier_label}` : ''}
              </td>
              <td>{money(item.total)}</td>
            </tr>
          ))}
          {totals.discount > 0 && (
            <tr>
              <td>{promo ? t`Discount (${promo})` : t`Discount`}</td>
              <td>−{money(totals.discount)}</td>
            </tr>
          )}
          {totals.fees > 0 && (
            <tr>
              <td>{t`Fees`}</td>
              <td>{money(totals.fees)}</td>
            </tr>
          )}
          {totals.taxes > 0 && (
            <tr>
              <td>{t`Taxes`}</td>
              <td>{money(totals.taxes)}</td>
            </tr>
          )}
          <tr>
            <th scope="row">{t`Total`}</th>
            <td>
              <strong>{totals.total === 0 ? t`Free` : money(totals.total)}</strong>
            </td>
          </tr>
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
                <img src={qrCodeSrc(eventId, a.short_id)} alt={t`QR code for ${name}'s ticket`} width={160} height={160} className={classes.qr} style={{ width: 160, height: 160 }} />
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
