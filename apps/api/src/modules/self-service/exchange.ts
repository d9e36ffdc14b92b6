import type { ExchangeDateDto, ExchangeSettlement } from '@admitone/shared';
import { and, eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';

import type { StripeConfig } from '../../config.js';
import type { Db, Executor, Tx } from '../../db/client.js';
import { type events, orderExchanges, orders } from '../../db/schema/index.js';
import { DomainError } from '../../shared/errors.js';
import { moveOrderToDate, notThere } from '../event-dates/move-order.js';
import { dateOfOrder, type OrderDate } from '../event-dates/order-dates.js';
import { rowsOf } from '../inventory/counters.js';
import type { OrderContext } from '../orders/order-status.js';
import type { OrderRow } from '../orders/order-view.js';
import { cardDestination } from '../payments/payment-connection.js';
import { isOnlineProvider } from '../payments/payment-gateway.js';
import type { ExchangeRefund } from '../payments/payment-outcome.js';
import { lockBuyerOrder } from './buyer-changes.js';
import { orderPricer, type PricedOnDate } from './exchange-pricing.js';

type EventRow = typeof events.$inferSelect;

/** A date the order may move to, as `datesToMoveTo` reads it. */
export interface DateToMoveTo {
  id: number;
  start_date: Date;
  end_date: Date | null;
  label: string | null;
  room: number | null;
}

/**
 * The event's other dates an order could move to: on sale, not begun, each of its lines sold there; with `samePrice`
 * (the event's SAME_PRICE) only where each fixed-price ticket costs what it costs on the order's date.
 */
export async function datesToMoveTo(
  db: Executor,
  eventId: number,
  orderId: number,
  fromDateId: number,
  now: Date,
  samePrice: boolean,
) {
  const price = samePrice
    ? sql`or (t.type = 'PAID' and coalesce(td.price, t.price) is distinct from coalesce(
        (select td0.price from ticket_dates td0 where td0.ticket_id = oi.ticket_id and td0.event_date_id = ${fromDateId}),
        t.price))`
    : sql``;
  return rowsOf<DateToMoveTo>(
    db,
    sql`select d.id, d.start_date, d.end_date, d.label,
        case when d.capacity is null then null else d.capacity - d.taken end as room
      from event_dates d
      where d.event_id = ${eventId} and d.id <> ${fromDateId} and d.status = 'ON_SALE' and d.start_date > ${now}
        and not exists (
          select 1 from order_items oi join tickets t on t.id = oi.ticket_id
          left join ticket_dates td on td.ticket_id = oi.ticket_id and td.event_date_id = d.id
          where oi.order_id = ${orderId}
            and (td.id is null or not td.enabled or t.is_pass ${price}))
      order by d.start_date, d.id`,
  );
}

/** The admissions an order holds now (what would move). */
async function unitsOf(db: Executor, orderId: number): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from attendees where order_id = ${orderId} and is_admission
      and status in ('RESERVED', 'AWAITING_PAYMENT', 'ACTIVE')`,
  );
  return Number(row?.n ?? 0);
}

/**
 * How a move's price difference is settled (`ExchangeSettlement`): an offline order still awaiting payment owes the
 * new total; a cheaper date is refunded through the provider that took the payment (Stripe or Mollie; the organizer
 * returns an offline payment); a dearer one is paid by card through Stripe first, which needs the event to take card
 * payments, and an order paid through Mollie to have none (its refunds go back through one provider).
 */
export function settlementOf(
  order: Pick<OrderRow, 'status' | 'payment_provider' | 'payment_intent_id'>,
  difference: number,
  cards: boolean,
): ExchangeSettlement {
  if (difference === 0) return 'NONE';
  if (order.status === 'AWAITING_PAYMENT') return 'OWED';
  if (difference < 0)
    return isOnlineProvider(order.payment_provider) && order.payment_intent_id ? 'REFUND' : 'ORGANIZER_REFUNDS';
  return cards && order.payment_provider !== 'MOLLIE' ? 'CARD' : 'CARD_UNAVAILABLE';
}

/** Card payments for the event's account (the dearer dates' differences), as the checkout offers them. */
export interface ExchangeCards {
  stripe: Stripe | null;
  config: StripeConfig | null;
}

/** The order as it stands: its totals, no line priced again. */
const unpriced = (order: OrderRow): PricedOnDate => ({
  totals: {
    subtotal: order.subtotal,
    discount_total: order.discount_total,
    fee_total: order.fee_total,
    tax_total: order.tax_total,
    total: order.total,
  },
  lines: [],
});

/** The dates the locked order may move to, each priced, with how its difference would be settled. */
async function offersOf(
  tx: Executor,
  cards: ExchangeCards,
  event: EventRow,
  order: OrderRow,
  from: OrderDate,
  now: Date,
): Promise<Array<DateToMoveTo & { priced: PricedOnDate; settlement: ExchangeSettlement }>> {
  const samePrice = event.date_exchanges !== 'PAY_DIFFERENCE';
  const dates = await datesToMoveTo(tx, event.id, order.id, from.id, now, samePrice);
  if (!dates.length) return [];
  // With SAME_PRICE the order keeps what it paid (nothing is priced again, even after the organizer changed a price).
  const price = samePrice ? null : await orderPricer(tx, event, order);
  const takesCards = !!cards.stripe && !!(await cardDestination(tx, cards.config, order.account_id));
  return dates.map((d) => {
    const priced = price ? price(d.id) : unpriced(order);
    return { ...d, priced, settlement: settlementOf(order, priced.totals.total - order.total, takesCards) };
  });
}

/**
 * Where the buyer's order may move (the order page's "Change date"): the event's other dates on sale, not begun,
 * where each of its tickets is sold (with SAME_PRICE only at the price it has on the order's date; none for an order
 * with a pass: a pass is for its own dates), each with the order's total there, the difference and how it would be
 * settled; `enough` says whether the date's own capacity still has room for the order's tickets (a ticket's limit
 * on the date is checked when it moves). Empty when the event does not let buyers change dates now.
 */
export async function exchangeOptions(
  db: Db,
  cards: ExchangeCards,
  eventId: number,
  shortId: string,
  secret: string | null,
  now: Date,
): Promise<ExchangeDateDto[]> {
  return db.transaction(async (tx) => {
    const { order, event, allowed } = await lockBuyerOrder(tx, eventId, shortId, secret, now);
    if (!allowed?.can_exchange) return [];
    const from = await dateOfOrder(tx, order.id);
    if (!from) return [];
    const units = await unitsOf(tx, order.id);
    return (await offersOf(tx, cards, event, order, from, now)).map((d) => ({
      id: d.id,
      start_date: new Date(d.start_date).toISOString(),
      end_date: d.end_date ? new Date(d.end_date).toISOString() : null,
      label: d.label,
      enough: d.room === null || Number(d.room) >= units,
      total: d.priced.totals.total,
      difference: d.priced.totals.total - order.total,
      settlement: d.settlement,
    }));
  });
}

/** What a buyer's exchange did: moved (mails to send, maybe a refund to make), or waits for a card payment. */
export type ExchangeStep =
  | { kind: 'moved'; mails: number[]; refund: ExchangeRefund | null }
  | { kind: 'pay'; exchangeId: number; orderId: number; amount: number; dateId: number; replaced: string[] };

/**
 * The buyer moves their whole order to another date of the event (self-service, as the event allows, until its
 * cut-off), on the locked order, to a date `datesToMoveTo` offers. The same total, a cheaper date, or an offline
 * order still owing: moved at once (`moveOrderToDate`) at the new date's prices; a card-paid order's difference is
 * claimed for a refund in that transaction (the order REFUND_PENDING with the amount, as the refund path claims)
 * and refunded after commit (`refundExchange`). A dearer date of a paid or free order: nothing moves yet; an
 * exchange waiting for its payment is written (replacing the order's earlier one, whose PaymentIntent is cancelled
 * after commit), and the buyer pays the difference by card (`startExchangePayment`).
 */
export function exchangeOrderDate(
  db: Db,
  ctx: OrderContext,
  cards: ExchangeCards,
  ref: { eventId: number; shortId: string; secret: string | null },
  dateId: number,
): Promise<ExchangeStep> {
  return db.transaction(async (tx): Promise<ExchangeStep> => {
    const { order, event, allowed } = await lockBuyerOrder(tx, ref.eventId, ref.shortId, ref.secret, ctx.now);
    if (!allowed?.can_exchange) throw new DomainError('SELF_SERVICE_CLOSED');
    const from = await dateOfOrder(tx, order.id);
    if (!from) throw notThere();
    const to = (await offersOf(tx, cards, event, order, from, ctx.now)).find((d) => d.id === dateId);
    if (!to) throw notThere();
    const difference = to.priced.totals.total - order.total;
    const row = {
      order_id: order.id,
      event_id: order.event_id,
      from_date_id: from.id,
      to_date_id: to.id,
      previous_total: order.total,
      new_total: to.priced.totals.total,
      lines: to.priced.lines,
      created_at: ctx.now,
      updated_at: ctx.now,
    };
    switch (to.settlement) {
      case 'CARD_UNAVAILABLE':
        throw new DomainError('VALIDATION_FAILED', { fields: { event_date_id: [{ key: 'exchange_needs_card' }] } });
      case 'CARD': {
        // Checked now, so the buyer does not pay for a move that cannot happen (the payment's move checks again).
        if (to.room !== null && Number(to.room) < (await unitsOf(tx, order.id)))
          throw new DomainError('NO_TICKETS_AVAILABLE');
        const replaced = await tx
          .update(orderExchanges)
          .set({ status: 'REPLACED', updated_at: ctx.now })
          .where(and(eq(orderExchanges.order_id, order.id), eq(orderExchanges.status, 'PAYING')))
          .returning({ intent: orderExchanges.payment_intent_id });
        const [pending] = await tx
          .insert(orderExchanges)
          .values({ ...row, status: 'PAYING' })
          .returning({ id: orderExchanges.id });
        return {
          kind: 'pay',
          exchangeId: pending!.id,
          orderId: order.id,
          amount: difference,
          dateId: to.id,
          replaced: replaced.flatMap((r) => (r.intent ? [r.intent] : [])),
        };
      }
      case 'REFUND': {
        const mails = await moveOrderToDate(tx, ctx, order, from, to, {
          byOrganizer: false,
          notify: true,
          prices: { ...to.priced, note: { refund: -difference } },
        });
        const [done] = await tx
          .insert(orderExchanges)
          .values({ ...row, status: 'APPLIED', refund_state: 'PENDING' })
          .returning({ id: orderExchanges.id });
        // Claimed under the order's lock as a refund is (REFUND_PENDING with the amount in flight): another refund
        // or exchange waits for it; the refund itself is asked of Stripe after commit.
        await tx
          .update(orders)
          .set({ status: 'REFUND_PENDING', refund_pending_amount: -difference, updated_at: ctx.now })
          .where(eq(orders.id, order.id));
        const refund = {
          exchangeId: done!.id,
          orderId: order.id,
          eventId: order.event_id,
          amount: -difference,
          reason: 'cheaper' as const,
        };
        return { kind: 'moved', mails, refund };
      }
      default: {
        const note =
          to.settlement === 'ORGANIZER_REFUNDS' ? { refund_due: -difference } : difference ? { owed: true } : {};
        const mails = await moveOrderToDate(tx, ctx, order, from, to, {
          byOrganizer: false,
          notify: true,
          prices: { ...to.priced, note },
        });
        return { kind: 'moved', mails, refund: null };
      }
    }
  });
}

/** The locked order's exchange by id (row-locked after the order). */
export async function lockExchange(tx: Tx, orderId: number, exchangeId: number) {
  const [ex] = await tx
    .select()
    .from(orderExchanges)
    .where(and(eq(orderExchanges.id, exchangeId), eq(orderExchanges.order_id, orderId)))
    .for('update');
  return ex ?? null;
}
