import { and, eq, inArray, sql } from 'drizzle-orm';

import type { Tx } from '../../db/client.js';
import { attendees, type ExchangeLine, orderItems, orders } from '../../db/schema/index.js';
import { DomainError } from '../../shared/errors.js';
import { orNoStock } from '../attendees/attendee-stock.js';
import { rowsOf } from '../inventory/counters.js';
import { COUNTED, moveUnits } from '../inventory/order-units.js';
import { recordOrderEvent } from '../orders/order-history.js';
import { enqueueOrderMails } from '../orders/order-mails.js';
import type { OrderContext } from '../orders/order-status.js';
import type { OrderRow } from '../orders/order-view.js';
import { dateOfOrder, type OrderDate } from './order-dates.js';

/** A refusal of the chosen date, on its field. */
export const notThere = (
  key:
    'exchange_date_unavailable' | 'date_unavailable_for_order' | 'pass_order_dates_fixed' = 'exchange_date_unavailable',
) => new DomainError('VALIDATION_FAILED', { fields: { event_date_id: [{ key }] } });

/** An order's totals as `orders` keeps them. */
export interface OrderTotals {
  subtotal: number;
  discount_total: number;
  fee_total: number;
  tax_total: number;
  total: number;
}

/** The new date's prices a buyer's exchange takes (self-service/exchange-pricing.ts), and what the history adds. */
export interface NewPrices {
  totals: OrderTotals;
  lines: ExchangeLine[];
  /** Recorded with the move beside both totals: a refund, a payment, what the organizer owes back. */
  note?: Record<string, unknown>;
}

/**
 * Moves a locked order to another date of its event, checked by the caller: its counted units through the stock
 * module (taken on the new date through its guards, given back on the old: a full date or ticket there is
 * NO_TICKETS_AVAILABLE and nothing changes), then its lines and tickets (same codes), and with `prices` the lines
 * and totals at the new date's prices. The history records it (`by_organizer` when the team did it; both totals
 * when prices change), and, unless `notify` is off, the buyer (and holders at their own addresses) get the old
 * and new times with new calendar files. Returns outbox ids to deliver.
 */
export async function moveOrderToDate(
  tx: Tx,
  ctx: OrderContext,
  order: OrderRow,
  from: OrderDate,
  to: { id: number; start_date: Date | string },
  how: { byOrganizer: boolean; notify: boolean; prices?: NewPrices },
): Promise<number[]> {
  const counted = await tx
    .select({
      ticket_id: attendees.ticket_id,
      tier_id: attendees.tier_id,
      event_date_id: attendees.event_date_id,
      is_admission: attendees.is_admission,
      // A seated order keeps its seats: the same places on the new date.
      seat_id: attendees.seat_id,
      pass_group: attendees.pass_group,
    })
    .from(attendees)
    .where(and(eq(attendees.order_id, order.id), inArray(attendees.status, [...COUNTED])));
  // A pass is for its own dates: its order does not move.
  if (counted.some((u) => u.pass_group !== null)) throw notThere('pass_order_dates_fixed');
  const moved = counted.map((u) => ({ ...u, event_date_id: to.id }));
  await orNoStock(() => moveUnits(tx, ctx.stock, order.event_id, counted, moved));
  // Checked again now that the new date's counter row is ours: a cancellation that committed meanwhile is seen (and
  // one still to come waits for this order, whose worker then finds it on the date).
  const [now] = await rowsOf<{ status: string }>(tx, sql`select status from event_dates where id = ${to.id}`);
  if (now?.status === 'CANCELLED') throw notThere(how.byOrganizer ? 'date_unavailable_for_order' : undefined);
  await tx.update(attendees).set({ event_date_id: to.id, updated_at: ctx.now }).where(eq(attendees.order_id, order.id));
  await tx.update(orderItems).set({ event_date_id: to.id }).where(eq(orderItems.order_id, order.id));
  const prices = how.prices;
  for (const line of prices?.lines ?? [])
    await tx
      .update(orderItems)
      .set({ unit: line.unit, total: line.total })
      .where(and(eq(orderItems.id, line.order_item_id), eq(orderItems.order_id, order.id)));
  if (prices && prices.totals.total !== order.total)
    await tx
      .update(orders)
      .set({ ...prices.totals, updated_at: ctx.now })
      .where(eq(orders.id, order.id));
  await recordOrderEvent(tx, order.id, {
    kind: 'DATE_EXCHANGED',
    userId: ctx.userId ?? null,
    data: {
      previous_start: from.start_date.toISOString(),
      start_date: new Date(to.start_date).toISOString(),
      ...(how.byOrganizer ? { by_organizer: true } : {}),
      ...(prices && prices.totals.total !== order.total
        ? { previous_total: order.total, total: prices.totals.total, ...prices.note }
        : {}),
    },
    at: ctx.now,
  });
  if (!how.notify) return [];
  return enqueueOrderMails(tx, ctx, order.id, {
    dateMoved: {
      previous_start: from.start_date,
      previous_end: from.end_date,
      previous_label: from.label,
      note: null,
      exchanged: how.byOrganizer ? 'organizer' : 'buyer',
    },
  });
}

/**
 * The organizer moves an order (on the order screen, in `act`'s transaction on the locked order) to another date of
 * its event that is not cancelled, where each of its tickets is sold; at any price (the order keeps what was paid),
 * also a date already begun or hidden. `notify`: the buyer is mailed the new date.
 */
export async function changeOrderDate(
  tx: Tx,
  ctx: OrderContext,
  order: OrderRow,
  body: { event_date_id: number; notify_buyer: boolean },
): Promise<number[]> {
  const from = await dateOfOrder(tx, order.id);
  if (!from || from.id === body.event_date_id) throw notThere('date_unavailable_for_order');
  const [to] = await rowsOf<{ id: number; start_date: Date }>(
    tx,
    sql`select d.id, d.start_date from event_dates d
      where d.id = ${body.event_date_id} and d.event_id = ${order.event_id} and d.status <> 'CANCELLED'
        and not exists (
          select 1 from order_items oi left join ticket_dates td on td.ticket_id = oi.ticket_id and td.event_date_id = d.id
          where oi.order_id = ${order.id} and (td.id is null or not td.enabled))`,
  );
  if (!to) throw notThere('date_unavailable_for_order');
  return moveOrderToDate(tx, ctx, order, from, to, { byOrganizer: true, notify: body.notify_buyer });
}
