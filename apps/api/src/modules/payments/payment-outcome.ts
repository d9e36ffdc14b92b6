import { and, eq, inArray } from 'drizzle-orm';
import type Stripe from 'stripe';

import type { Tx } from '../../db/client.js';
import { attendees, orders } from '../../db/schema/index.js';
import { DomainError } from '../../shared/errors.js';
import { StockShortage } from '../inventory/counters.js';
import { releaseOrderUnits } from '../inventory/order-units.js';
import { recordOrderEvent } from '../orders/order-history.js';
import { completeOrder, type OrderContext } from '../orders/order-status.js';
import type { OrderRow } from '../orders/order-view.js';

export type OutcomeContext = OrderContext;

/** A buyer's exchange payment (or price cut) to refund after commit (self-service/exchange-payments.ts). */
export interface ExchangeRefund {
  exchangeId: number;
  orderId: number;
  eventId: number;
  amount: number;
  /**
   * `cheaper`: the new date costs less; `date_full`: it could not take the order when the payment came; `replaced`:
   * the buyer paid a try they had already replaced with a newer one; `order_changed`: the order was changed meanwhile
   * (cancelled, refunded, moved by the organizer).
   */
  reason: 'cheaper' | 'date_full' | 'replaced' | 'order_changed';
}

/** What the caller must do after commit: deliver mails, and refund a payment that came too late. */
export interface OutcomeEffects {
  mails: number[];
  refund: { paymentIntentId: string; orderId: number } | null;
  /** A buyer's exchange to refund (a dearer date's payment that came when the date could not take the order). */
  exchangeRefund?: ExchangeRefund | null;
}

const NOTHING: OutcomeEffects = { mails: [], refund: null };

/** The order a PaymentIntent pays, locked; null when it is not ours. */
export async function lockOrderOfIntent(
  tx: Tx,
  intent: Pick<Stripe.PaymentIntent, 'id' | 'metadata'>,
): Promise<OrderRow | null> {
  const orderId = Number(intent.metadata?.order_id);
  const [row] = await tx
    .select()
    .from(orders)
    .where(
      Number.isSafeInteger(orderId) && orderId > 0 ? eq(orders.id, orderId) : eq(orders.payment_intent_id, intent.id),
    )
    .for('update');
  return row && (row.payment_intent_id === null || row.payment_intent_id === intent.id) ? row : null;
}

/**
 * Applies a PaymentIntent's state to its (locked) order, exactly once whatever the number of times
 * it is told: the webhook and the return page both come through here. Succeeded: the order completes
 * (tickets and mails) — when the hold had run out and given its units back, only if they can be taken
 * again through the guarded counters; otherwise, or when its date was cancelled, the order is cancelled
 * (its units back) and the payment refunded after commit. Failed: the buyer may retry while the
 * hold lasts. Processing: shown as such.
 */
export async function applyPaymentIntent(
  tx: Tx,
  ctx: OutcomeContext,
  order: OrderRow,
  intent: Pick<Stripe.PaymentIntent, 'id' | 'status' | 'amount'> & { last_payment_error?: unknown },
): Promise<OutcomeEffects> {
  const open = order.status === 'RESERVED' || order.status === 'PROCESSING';
  if (!open) return NOTHING;
  const base = { payment_intent_id: intent.id, payment_provider: 'STRIPE' as const, updated_at: ctx.now };
  switch (intent.status) {
    case 'succeeded': {
      await tx.update(orders).set(base).where(eq(orders.id, order.id));
      let dateCancelled: boolean;
      try {
        // In a savepoint: when the units are gone, only the attempt is undone, not the payment's record.
        const mails = await tx.transaction((sp) => completeOrder(sp, ctx, order, true));
        return { mails, refund: null };
      } catch (err) {
        dateCancelled = err instanceof DomainError && err.code === 'DATE_CANCELLED';
        if (!(err instanceof StockShortage) && !dateCancelled) throw err;
      }
      // Its date was cancelled while the buyer paid: the units it still holds go back (once), as a cancellation's.
      await releaseOrderUnits(tx, ctx.stock, order, 'CANCELLED', ctx.now);
      await tx
        .update(orders)
        .set({
          ...base,
          status: 'REFUND_PENDING',
          payment_status: 'PAYMENT_RECEIVED',
          reserved_until: null,
          cancelled_at: ctx.now,
        })
        .where(eq(orders.id, order.id));
      await recordOrderEvent(tx, order.id, {
        kind: 'LATE_PAYMENT_REFUNDED',
        data: { amount: intent.amount, ...(dateCancelled ? { reason: 'date_cancelled' } : {}) },
        at: ctx.now,
      });
      // Its units were given back when the hold ran out (ABANDONED): the tickets show as cancelled.
      await tx
        .update(attendees)
        .set({ status: 'CANCELLED', updated_at: ctx.now })
        .where(and(eq(attendees.order_id, order.id), inArray(attendees.status, ['ABANDONED'])));
      // The buyer is mailed once Stripe has accepted the refund (late-refund.ts), not before.
      return { mails: [], refund: { paymentIntentId: intent.id, orderId: order.id } };
    }
    case 'processing':
      await tx
        .update(orders)
        .set({ ...base, status: 'PROCESSING', payment_status: 'PAYMENT_PROCESSING' })
        .where(eq(orders.id, order.id));
      return NOTHING;
    case 'requires_payment_method':
      // Not paid yet is not failed: only an attempt that went wrong says so.
      if (!intent.last_payment_error) return NOTHING;
    // falls through
    case 'canceled':
      // A failed attempt (or a declined card): the hold stays, so the buyer may try again in time.
      await tx
        .update(orders)
        .set({ ...base, status: 'RESERVED', payment_status: 'PAYMENT_FAILED' })
        .where(eq(orders.id, order.id));
      await recordOrderEvent(tx, order.id, { kind: 'PAYMENT_FAILED', at: ctx.now });
      return NOTHING;
    default:
      return NOTHING;
  }
}
