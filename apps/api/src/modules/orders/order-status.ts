import { and, eq, inArray } from 'drizzle-orm';

import type { Tx } from '../../db/client.js';
import { attendees, events, orders } from '../../db/schema/index.js';
import { DomainError, notFound } from '../../shared/errors.js';
import { assertDateStands } from '../event-dates/order-dates.js';
import { ensureHeld } from '../inventory/holds.js';
import { releaseOrderUnits, type StockDeps } from '../inventory/order-units.js';
import { recordOrderEvent } from './order-history.js';
import { enqueueOrderMails, type OrderMailContext } from './order-mails.js';
import { isExpired, type OrderRow, ownsOrder } from './order-view.js';
import { paymentDueAt } from './payment-terms.js';

export interface OrderContext extends OrderMailContext {
  now: Date;
  /** The organizer acting (null: the buyer, a payment provider or the system). */
  userId?: number | null;
  /** Every change of stock goes through the stock module with these. */
  stock: StockDeps;
}

/** Locks one order of an event for a change (by id or short id). */
export async function lockOrder(tx: Tx, eventId: number, by: { id: number } | { shortId: string }): Promise<OrderRow> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.event_id, eventId), 'id' in by ? eq(orders.id, by.id) : eq(orders.short_id, by.shortId)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/**
 * A checkout the buyer may still work on: theirs (token), still RESERVED and (unless `late` is allowed:
 * a step that takes the units again when the hold ran out) within its hold. Anything else is answered
 * with the state the buyer should see.
 */
export function assertOpenCheckout(order: OrderRow, token: string | null | undefined, now: Date, late = false): void {
  if (order.status === 'ABANDONED' || (order.status === 'RESERVED' && !ownsOrder(order, token)))
    throw new DomainError('ORDER_PAGE_UNAVAILABLE');
  if (order.status === 'COMPLETED' && order.payment_status === 'PAYMENT_RECEIVED')
    throw new DomainError('ORDER_ALREADY_PAID');
  if (order.status !== 'RESERVED') throw new DomainError('ORDER_NOT_EDITABLE');
  if (!late && isExpired(order, now)) throw new DomainError('ORDER_EXPIRED');
}

/** Moves an order and its counted attendees between states that all count (held, awaiting payment, sold). */
async function setStatus(
  tx: Tx,
  order: OrderRow,
  changes: Partial<typeof orders.$inferInsert>,
  attendeeStatus: 'ACTIVE' | 'AWAITING_PAYMENT',
  now: Date,
) {
  await tx
    .update(orders)
    .set({ ...changes, updated_at: now })
    .where(eq(orders.id, order.id));
  await tx
    .update(attendees)
    .set({ status: attendeeStatus, updated_at: now })
    .where(
      and(eq(attendees.order_id, order.id), inArray(attendees.status, ['RESERVED', 'AWAITING_PAYMENT', 'ACTIVE'])),
    );
}

/**
 * Completes an order: tickets become valid, the buyer, each attendee and the organizer are mailed. Never on
 * a cancelled date (DATE_CANCELLED). A hold that ran out and gave its units back takes them again first
 * (StockShortage when they are gone).
 */
export async function completeOrder(tx: Tx, ctx: OrderContext, order: OrderRow, paid: boolean): Promise<number[]> {
  await assertDateStands(tx, order.id);
  await ensureHeld(tx, ctx.stock, order, ctx.now);
  await setStatus(
    tx,
    order,
    {
      status: 'COMPLETED',
      payment_status: paid ? 'PAYMENT_RECEIVED' : 'NO_PAYMENT_REQUIRED',
      reserved_until: null,
      completed_at: ctx.now,
    },
    'ACTIVE',
    ctx.now,
  );
  await recordOrderEvent(tx, order.id, {
    kind: paid ? 'PAYMENT_SUCCEEDED' : 'COMPLETED',
    userId: ctx.userId,
    data: paid ? { amount: order.total, provider: order.payment_provider ?? 'STRIPE' } : {},
    at: ctx.now,
  });
  return enqueueOrderMails(tx, ctx, order.id, 'completed');
}

/**
 * The buyer chose to pay offline: the stock stays held (without deadline) until marked paid or cancelled.
 * Never on a cancelled date (DATE_CANCELLED). A hold that ran out takes its units again first
 * (StockShortage when they are gone).
 */
export async function awaitOfflinePayment(tx: Tx, ctx: OrderContext, order: OrderRow): Promise<number[]> {
  await assertDateStands(tx, order.id);
  await ensureHeld(tx, ctx.stock, order, ctx.now);
  // The event's payment term starts now (payment-deadlines.ts): reminded before, cancelled after.
  const [event] = await tx
    .select({
      offline_payment_days: events.offline_payment_days,
      offline_payment_deadline: events.offline_payment_deadline,
    })
    .from(events)
    .where(eq(events.id, order.event_id));
  const due = paymentDueAt(event!, ctx.now);
  await setStatus(
    tx,
    order,
    {
      status: 'AWAITING_PAYMENT',
      payment_status: 'AWAITING_PAYMENT',
      payment_provider: 'OFFLINE',
      reserved_until: null,
      payment_due_at: due,
    },
    'AWAITING_PAYMENT',
    ctx.now,
  );
  await recordOrderEvent(tx, order.id, {
    kind: 'AWAITING_PAYMENT',
    data: { provider: 'OFFLINE', ...(due ? { due_at: due.toISOString() } : {}) },
    at: ctx.now,
  });
  return enqueueOrderMails(tx, ctx, order.id, 'awaiting_payment');
}

/** The organizer received an offline payment: the order completes and the tickets go out. */
export async function markOrderPaid(tx: Tx, ctx: OrderContext, order: OrderRow): Promise<number[]> {
  if (order.status === 'COMPLETED') throw new DomainError('ORDER_ALREADY_PAID');
  if (order.status !== 'AWAITING_PAYMENT') throw new DomainError('ORDER_NOT_EDITABLE');
  await setStatus(
    tx,
    order,
    { status: 'COMPLETED', payment_status: 'PAYMENT_RECEIVED', completed_at: ctx.now },
    'ACTIVE',
    ctx.now,
  );
  await recordOrderEvent(tx, order.id, {
    kind: 'MARKED_PAID',
    userId: ctx.userId,
    data: { amount: order.total },
    at: ctx.now,
  });
  return enqueueOrderMails(tx, ctx, order.id, 'paid');
}

/** Refund states whose order still stands (not cancelled with its refund): its date's cancellation cancels it. */
const REFUND_STATES = ['PARTIALLY_REFUNDED', 'REFUND_FAILED', 'REFUNDED'];

/**
 * Cancels an order: its tickets are voided and return to the pool (through the stock module); the buyer
 * is told. `reason`: not paid by its deadline, the buyer's own cancellation (recorded as theirs), or its
 * date cancelled by the organizer (which also cancels an order refunded without cancelling, keeping its
 * refund status, as a refund with "cancel" does).
 */
export async function cancelOrder(
  tx: Tx,
  ctx: OrderContext,
  order: OrderRow,
  reason: 'payment_overdue' | 'buyer' | 'date_cancelled' | null = null,
  /** Recorded with the cancellation in the order's history (a date's cancellation: the refund due by hand). */
  detail: Record<string, unknown> = {},
): Promise<number[]> {
  const refunded = reason === 'date_cancelled' && REFUND_STATES.includes(order.status) && !order.cancelled_at;
  if (!refunded && !['AWAITING_PAYMENT', 'COMPLETED'].includes(order.status))
    throw new DomainError('ORDER_NOT_EDITABLE');
  await releaseOrderUnits(tx, ctx.stock, order, 'CANCELLED', ctx.now);
  await tx
    .update(orders)
    .set({
      ...(refunded ? {} : { status: 'CANCELLED' as const }),
      cancelled_at: ctx.now,
      reserved_until: null,
      updated_at: ctx.now,
    })
    .where(eq(orders.id, order.id));
  if (reason === 'buyer') await recordOrderEvent(tx, order.id, { kind: 'CANCELLED_BY_BUYER', data: {}, at: ctx.now });
  else
    await recordOrderEvent(tx, order.id, {
      kind: 'CANCELLED',
      userId: ctx.userId,
      data: reason ? { reason, ...detail } : detail,
      at: ctx.now,
    });
  return enqueueOrderMails(tx, ctx, order.id, reason === 'payment_overdue' ? 'cancelled_unpaid' : 'cancelled');
}
