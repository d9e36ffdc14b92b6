import type { ExchangeDateDto } from '@admitone/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';

import type { Db, Executor } from '../../db/client.js';
import { attendees, orderItems } from '../../db/schema/index.js';
import { DomainError } from '../../shared/errors.js';
import { orNoStock } from '../attendees/attendee-stock.js';
import { dateOfOrder } from '../event-dates/order-dates.js';
import { rowsOf } from '../inventory/counters.js';
import { COUNTED, moveUnits } from '../inventory/order-units.js';
import { recordOrderEvent } from '../orders/order-history.js';
import { enqueueOrderMails } from '../orders/order-mails.js';
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
            and (td.id is null or not td.enabled
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
 * where each of its tickets is sold at the price it has on the order's date; `enough` says whether the date's own
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

/** A refusal of the chosen date, on its field. */
const notThere = () =>
  new DomainError('VALIDATION_FAILED', { fields: { event_date_id: [{ key: 'exchange_date_unavailable' }] } });

/**
 * The buyer moves their whole order to another date of the event (self-service, as the event allows, until its
 * cut-off), in one transaction on the locked order: the date must be one `datesToMoveTo` offers; the order's
 * units move through the stock module (taken on the new date through its guards, given back on the old: a full
 * date or ticket there is NO_TICKETS_AVAILABLE and nothing changes); its lines and tickets then name the new date.
 * The tickets keep their codes. The history records it, and the buyer (and holders at their own addresses) get
 * the old and new times with new calendar files. Returns outbox ids to deliver.
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
    if (!offered.some((d) => d.id === dateId)) throw notThere();
    const counted = await tx
      .select({
        ticket_id: attendees.ticket_id,
        tier_id: attendees.tier_id,
        event_date_id: attendees.event_date_id,
        is_admission: attendees.is_admission,
      })
      .from(attendees)
      .where(and(eq(attendees.order_id, order.id), inArray(attendees.status, [...COUNTED])));
    await orNoStock(() =>
      moveUnits(
        tx,
        ctx.stock,
        eventId,
        counted,
        counted.map((u) => ({ ...u, event_date_id: dateId })),
      ),
    );
    await tx
      .update(attendees)
      .set({ event_date_id: dateId, updated_at: ctx.now })
      .where(eq(attendees.order_id, order.id));
    await tx.update(orderItems).set({ event_date_id: dateId }).where(eq(orderItems.order_id, order.id));
    const to = offered.find((d) => d.id === dateId)!;
    await recordOrderEvent(tx, order.id, {
      kind: 'DATE_EXCHANGED',
      data: { previous_start: from.start_date.toISOString(), start_date: new Date(to.start_date).toISOString() },
      at: ctx.now,
    });
    return enqueueOrderMails(tx, ctx, order.id, {
      dateMoved: {
        previous_start: from.start_date,
        previous_end: from.end_date,
        previous_label: from.label,
        note: null,
        exchanged: true,
      },
    });
  });
}
