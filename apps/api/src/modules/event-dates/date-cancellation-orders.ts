import { sql } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { buyerTyped } from '../attendees/typed-addresses.js';
import { rowsOf } from '../inventory/counters.js';

/**
 * The orders of a date that its cancellation still has to cancel: every order for the date that stands
 * (not cancelled, nor cancelled with a refund), including one whose refund is in flight. An order is for the
 * date when a line of it is, but a pass's: a pass is for several dates, and only its ticket for this one goes
 * (`passTicketsOn`).
 */
export const standingOrdersOf = (dateId: number) => sql`
  o.cancelled_at is null
  and o.status in ('AWAITING_PAYMENT', 'COMPLETED', 'PARTIALLY_REFUNDED', 'REFUND_FAILED', 'REFUNDED', 'REFUND_PENDING')
  and exists (select 1 from order_items oi join tickets t on t.id = oi.ticket_id
              where oi.order_id = o.id and oi.event_date_id = ${dateId} and not t.is_pass)`;

/** The valid tickets of passes on the date (of orders that stand): each is cancelled alone. */
const passTicketsOn = (dateId: number) => sql`
  a.event_date_id = ${dateId} and a.pass_group is not null and a.status in ('ACTIVE', 'AWAITING_PAYMENT')`;

/** The next pass tickets on the date to cancel after `afterId`, by id. */
export async function nextPassTickets(db: Executor, dateId: number, afterId: number, limit: number) {
  return rowsOf<{ id: number }>(
    db,
    sql`select a.id from attendees a where ${passTicketsOn(dateId)} and a.id > ${afterId} order by a.id limit ${limit}`,
  );
}

/** Of them, the ones paid online (Stripe, Mollie) with something left to refund. */
const refundable = sql`o.payment_provider in ('STRIPE', 'MOLLIE') and o.payment_status = 'PAYMENT_RECEIVED'
  and not o.is_manually_created and o.total - o.refunded_total > 0`;
/** The ones paid another way (offline, or an order the team made): a refund is the organizer's to make. */
const paidOutside = sql`o.payment_status = 'PAYMENT_RECEIVED' and o.total - o.refunded_total > 0 and not (${refundable})`;

/**
 * How many orders of the date are still to cancel, how many of them to refund by card, how many were paid
 * another way (the organizer returns that money), and their valid tickets.
 */
export async function countStandingOrders(
  db: Executor,
  dateId: number,
): Promise<{ orders: number; refunds: number; paidOutside: number; tickets: number; passTickets: number }> {
  const [row] = await rowsOf<{ orders: number; refunds: number; outside: number; tickets: number }>(
    db,
    sql`select count(*)::int as orders, (count(*) filter (where ${refundable}))::int as refunds,
        (count(*) filter (where ${paidOutside}))::int as outside,
        coalesce(sum((select count(*) from attendees a where a.order_id = o.id
          and a.status in ('AWAITING_PAYMENT', 'ACTIVE'))), 0)::int as tickets
      from orders o where ${standingOrdersOf(dateId)}`,
  );
  const [passes] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from attendees a where ${passTicketsOn(dateId)}`,
  );
  return {
    orders: Number(row?.orders ?? 0),
    refunds: Number(row?.refunds ?? 0),
    paidOutside: Number(row?.outside ?? 0),
    tickets: Number(row?.tickets ?? 0) + Number(passes?.n ?? 0),
    passTickets: Number(passes?.n ?? 0),
  };
}

/** The next orders of the date to cancel after `afterId`, by id (a pass never meets an order twice). */
export async function nextStandingOrders(db: Executor, dateId: number, afterId: number, limit: number) {
  return rowsOf<{ id: number }>(
    db,
    sql`select o.id from orders o where ${standingOrdersOf(dateId)} and o.id > ${afterId} order by o.id limit ${limit}`,
  );
}

/**
 * How many of the mails the date's cancellation will write go to an address the team typed in: one to the buyer
 * of each standing order whose address was typed (a manual order, an address the organizer corrected), as
 * `cancelOrder` and a refund write. These count against the account's mail budget, as the organizer's own cancel
 * and refund of one order do; buyers' own addresses are not team mail.
 */
export async function typedCancellationMails(db: Executor, dateId: number): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from orders where orders.email is not null and ${buyerTyped}
      and orders.id in (select o.id from orders o where ${standingOrdersOf(dateId)})`,
  );
  return Number(row?.n ?? 0);
}
