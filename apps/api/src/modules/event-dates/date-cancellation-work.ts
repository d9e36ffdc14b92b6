import { and, asc, eq, isNull } from 'drizzle-orm';
import type Stripe from 'stripe';

import type { Db, Tx } from '../../db/client.js';
import { dateCancellations } from '../../db/schema/index.js';
import { DomainError } from '../../shared/errors.js';
import type { FileStorage } from '../../storage/storage.js';
import { cancelAttendee } from '../attendees/attendee-actions.js';
import { releaseDateHolds } from '../inventory/holds.js';
import type { StockDeps } from '../inventory/order-units.js';
import { cancelOrder, lockOrder, type OrderContext } from '../orders/order-status.js';
import type { OrderRow } from '../orders/order-view.js';
import type { MollieFor } from '../payments/mollie-client.js';
import { refundOrder } from '../payments/refund-order.js';
import { paceCancellationMails } from './date-cancellation-mail.js';
import { countStandingOrders, nextPassTickets, nextStandingOrders } from './date-cancellation-orders.js';

/** Orders read per query; each is then changed in its own transaction. */
const BATCH = 50;

export interface DateCancellationDeps {
  appUrl: string;
  storage: Pick<FileStorage, 'url'>;
  stock: StockDeps;
  /** Null: card payments are off, nothing can be refunded (orders are only cancelled). */
  stripe?: Stripe | null;
  mollieFor?: MollieFor | null;
}

type Cancellation = typeof dateCancellations.$inferSelect;

/** Whether the cancellation refunds this (locked) order through its payment provider (set up in this process). */
const refunds = (c: Cancellation, o: OrderRow, providers: { stripe: boolean; mollie: boolean }) =>
  c.refund &&
  ((o.payment_provider === 'STRIPE' && providers.stripe) || (o.payment_provider === 'MOLLIE' && providers.mollie)) &&
  o.payment_status === 'PAYMENT_RECEIVED' &&
  !o.is_manually_created &&
  o.total - o.refunded_total > 0 &&
  ['COMPLETED', 'PARTIALLY_REFUNDED', 'REFUND_FAILED', 'REFUND_PENDING'].includes(o.status);

/** Orders `cancelOrder` cancels for their date. */
const STANDING = ['AWAITING_PAYMENT', 'COMPLETED', 'PARTIALLY_REFUNDED', 'REFUND_FAILED', 'REFUNDED'];

/** Refund errors after which the order is only cancelled (it keeps its refund state for the organizer). */
const CANCEL_INSTEAD = new Set(['REFUND_FAILED', 'REFUND_NOT_POSSIBLE', 'ORDER_ALREADY_REFUNDED']);

/**
 * One order of a cancelled date, each step in its own transaction on the locked order: re-checked under
 * the lock (another worker, the organizer or the buyer may have got there first), then cancelled through
 * `cancelOrder`, or refunded and cancelled through `refundOrder` (claimed as REFUND_PENDING before Stripe
 * is asked: never twice). A refund Stripe refuses leaves the order REFUND_FAILED and cancelled. A refund
 * in flight is left for a later pass. Returns outbox ids to deliver, or null when the order is left.
 */
async function settleOrder(db: Db, deps: DateCancellationDeps, c: Cancellation, orderId: number) {
  const dateCancelled = { note: c.message };
  const ctx = (): OrderContext => ({
    now: deps.stock.clock.now(),
    appUrl: deps.appUrl,
    storage: deps.storage,
    stock: deps.stock,
    userId: c.user_id,
    dateCancelled,
  });
  const cancel = () =>
    db.transaction(async (tx) => {
      const order = await lockOrder(tx, c.event_id, { id: orderId });
      // Cancelled meanwhile (by someone else), or a refund in flight: nothing for this pass.
      if (order.cancelled_at || !STANDING.includes(order.status)) return null;
      const context = ctx();
      // Paid, asked to be refunded, and not refunded by card (offline, made by the team, or refused by Stripe):
      // the history says what the organizer has to return.
      const due = order.payment_status === 'PAYMENT_RECEIVED' ? order.total - order.refunded_total : 0;
      const detail = c.refund && due > 0 ? { refund_due: due } : {};
      const ids = await cancelOrder(tx, context, order, 'date_cancelled', detail);
      await paceMails(tx, orderId, ids, context.now);
      return ids;
    });
  const paceMails = (tx: Tx, id: number, ids: number[], now: Date) =>
    paceCancellationMails(tx, c.event_date_id, id, ids, now);
  const refund = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, c.event_id, { id: orderId });
    return refunds(c, order, { stripe: !!deps.stripe, mollie: !!deps.mollieFor });
  });
  if (!refund) return cancel();
  try {
    return await refundOrder(
      {
        db,
        stripe: deps.stripe ?? null,
        mollieFor: deps.mollieFor ?? null,
        now: () => deps.stock.clock.now(),
        appUrl: deps.appUrl,
        storage: deps.storage,
        userId: c.user_id,
        stock: deps.stock,
        dateCancelled,
        paceMails,
      },
      c.event_id,
      orderId,
      { cancel_order: true, notify_buyer: true },
    );
  } catch (e) {
    if (e instanceof DomainError && e.code === 'REFUND_PENDING') return null;
    if (e instanceof DomainError && CANCEL_INSTEAD.has(e.code)) return cancel();
    throw e;
  }
}

/** A pass's ticket on a cancelled date: voided, its unit given back, in its order's history. */
async function cancelPassTicket(db: Db, deps: DateCancellationDeps, c: Cancellation, attendeeId: number) {
  await db.transaction(async (tx) => {
    const ctx = { now: deps.stock.clock.now(), stock: deps.stock, userId: c.user_id };
    try {
      await cancelAttendee(tx, ctx, c.event_id, attendeeId, 'date_cancelled');
    } catch (e) {
      // Cancelled meanwhile, by someone else.
      if (!(e instanceof DomainError && e.code === 'ATTENDEE_ALREADY_CANCELLED')) throw e;
    }
  });
}

/**
 * Works through the orders of cancelled dates (the worker's sweep, and at once after a date is cancelled):
 * for each open cancellation, the holds of checkouts on the date are released (as expired ones), then its
 * standing orders are taken by id, each in transactions of its own. Exactly once:
 * what is done is read from the orders themselves (cancelled, refunded), so a crash mid-way or a second
 * worker leaves nothing done twice; the next pass takes up where it stopped. A cancellation with nothing
 * left is marked finished. `limit`: orders at most this run (tests stop a run mid-way with it).
 */
export async function settleDateCancellations(
  db: Db,
  deps: DateCancellationDeps,
  opts: { limit?: number } = {},
): Promise<{ cancelled: number; mails: number[] }> {
  const open = await db
    .select()
    .from(dateCancellations)
    .where(isNull(dateCancellations.finished_at))
    .orderBy(asc(dateCancellations.created_at));
  const mails: number[] = [];
  let cancelled = 0;
  let left = opts.limit ?? Infinity;
  for (const c of open) {
    // Checkouts on the date end first (waiting for one being completed, which then stands and is cancelled below).
    await releaseDateHolds(db, deps.stock, c.event_date_id);
    let after = 0;
    for (;;) {
      const batch = await nextStandingOrders(db, c.event_date_id, after, Math.min(BATCH, left));
      for (const { id } of batch) {
        after = id;
        left--;
        const ids = await settleOrder(db, deps, c, id);
        if (ids === null) continue;
        mails.push(...ids);
        cancelled++;
      }
      if (batch.length < BATCH || left <= 0) break;
    }
    if (left <= 0) break;
    // A pass's ticket for the date is cancelled alone (its unit back); the pass stands for its other dates.
    for (;;) {
      const batch = await nextPassTickets(db, c.event_date_id, 0, BATCH);
      for (const { id } of batch) await cancelPassTicket(db, deps, c, id);
      if (batch.length < BATCH) break;
    }
    const left2 = await countStandingOrders(db, c.event_date_id);
    if (left2.orders === 0 && left2.passTickets === 0)
      await db
        .update(dateCancellations)
        .set({ finished_at: deps.stock.clock.now() })
        .where(and(eq(dateCancellations.event_date_id, c.event_date_id), isNull(dateCancellations.finished_at)));
  }
  return { cancelled, mails };
}
