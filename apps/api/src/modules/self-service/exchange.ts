import type { ExchangeDateDto } from '@admitone/shared';
import { sql } from 'drizzle-orm';

import type { Db, Executor } from '../../db/client.js';
import { DomainError } from '../../shared/errors.js';
import { moveOrderToDate, notThere } from '../event-dates/move-order.js';
import { dateOfOrder } from '../event-dates/order-dates.js';
import { rowsOf } from '../inventory/counters.js';
import type { OrderContext } from '../orders/order-status.js';
import { lockBuyerOrder } from './buyer-changes.js';

/** The event's other dates an order could move to: on sale, not begun, each of its lines sold there at its price. */
async function datesToMoveTo(db: Executor, eventId: number, orderId: number, fromDateId: number, now: Date) {
  return rowsOf<{ id: number; start_date: Date; end_date: Date | null; label: string | null; room: number | null }>(
    db,
    sql`select d.id, d.start_date, d.end_date, d.label,
        case when d.capacity is null then null else d.capacity - d.taken end as room
      from event_dates d
      where d.event_id = ${eventId} and d.id <> ${fromDateId} and d.status = 'ON_SALE' and d.start_date > ${now}
        and not exists (
          select 1 from order_items oi join tickets t on t.id = oi.ticket_id
          left join ticket_dates td on td.ticket_id = oi.ticket_id and td.event_date_id = d.id
          where oi.order_id = ${orderId}
            and (td.id is null or not td.enabled or t.is_pass
              or (t.type = 'PAID' and coalesce(td.price, t.price) is distinct from coalesce(
                (select td0.price from ticket_dates td0 where td0.ticket_id = oi.ticket_id and td0.event_date_id = ${fromDateId}),
                t.price))))
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
 * Where the buyer's order may move (the order page's "Change date"): the event's other dates on sale, not begun,
 * where each of its tickets is sold at the price it has on the order's date (none for an order with a pass: a pass
 * is for its own dates); `enough` says whether the date's own
 * capacity still has room for the order's tickets (a ticket's limit on the date is checked when it moves). Empty
 * when the event does not let buyers change dates now.
 */
export async function exchangeOptions(
  db: Db,
  eventId: number,
  shortId: string,
  secret: string | null,
  now: Date,
): Promise<ExchangeDateDto[]> {
  return db.transaction(async (tx) => {
    const { order, allowed } = await lockBuyerOrder(tx, eventId, shortId, secret, now);
    if (!allowed?.can_exchange) return [];
    const from = await dateOfOrder(tx, order.id);
    if (!from) return [];
    const units = await unitsOf(tx, order.id);
    return (await datesToMoveTo(tx, eventId, order.id, from.id, now)).map((d) => ({
      id: d.id,
      start_date: new Date(d.start_date).toISOString(),
      end_date: d.end_date ? new Date(d.end_date).toISOString() : null,
      label: d.label,
      enough: d.room === null || Number(d.room) >= units,
    }));
  });
}

/**
 * The buyer moves their whole order to another date of the event (self-service, as the event allows, until its
 * cut-off), in one transaction on the locked order, to a date `datesToMoveTo` offers (`moveOrderToDate`).
 */
export function exchangeOrderDate(
  db: Db,
  ctx: OrderContext,
  eventId: number,
  shortId: string,
  secret: string | null,
  dateId: number,
): Promise<number[]> {
  return db.transaction(async (tx) => {
    const { order, allowed } = await lockBuyerOrder(tx, eventId, shortId, secret, ctx.now);
    if (!allowed?.can_exchange) throw new DomainError('SELF_SERVICE_CLOSED');
    const from = await dateOfOrder(tx, order.id);
    if (!from) throw notThere();
    const offered = await datesToMoveTo(tx, eventId, order.id, from.id, ctx.now);
    const to = offered.find((d) => d.id === dateId);
    if (!to) throw notThere();
    return moveOrderToDate(tx, ctx, order, from, to, { byOrganizer: false, notify: true });
  });
}
