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
import type { DuplicatePayment } from './duplicate-payments.js';
import type { OnlineProvider } from './payment-gateway.js';

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

/**
 * A payment's state at its provider, the same shape for Stripe and Mollie: the order and stock code reads only this.
 * `open`: nothing happened yet (the buyer has not paid); `failed`: this attempt went wrong or was given up.
 */
export interface PaymentState {
  provider: OnlineProvider;
  id: string;
  status: 'succeeded' | 'processing' | 'failed' | 'open';
  amount: number;
  /** How the buyer paid (Mollie's method id; Stripe's payment method type when it says), when known. */
  method: string | null;
}

/** A payment to give back after commit (it came when its order could no longer take it). */
export interface LateRefund {
  provider: OnlineProvider;
  paymentId: string;
  orderId: number;
  accountId: number;
}

/** A Stripe PaymentIntent as a payment state. */
export function stripeState(
  intent: Pick<Stripe.PaymentIntent, 'id' | 'status' | 'amount'> & {
    last_payment_error?: unknown;
    payment_method_types?: string[];
  },
): PaymentState {
  const status =
    intent.status === 'succeeded'
      ? 'succeeded'
      : intent.status === 'processing'
        ? 'processing'
        : intent.status === 'canceled' || (intent.status === 'requires_payment_method' && intent.last_payment_error)
          ? 'failed'
          : 'open';
  const types = intent.payment_method_types ?? [];
  return {
    provider: 'STRIPE',
    id: intent.id,
    status,
    amount: intent.amount,
    method: types.length === 1 ? types[0]! : null,
  };
}

/** What the caller must do after commit: deliver mails, and refund a payment that came too late. */
export interface OutcomeEffects {
  mails: number[];
  refund: LateRefund | null;
  /** A buyer's exchange to refund (a dearer date's payment that came when the date could not take the order). */
  exchangeRefund?: ExchangeRefund | null;
  /** A second payment of an order another payment already paid, to give back. */
  duplicate?: DuplicatePayment | null;
}

const NOTHING: OutcomeEffects = { mails: [], refund: null };

/**
 * The order a PaymentIntent pays, locked; null when it is not ours, or (unless `anyPayment`) when the order names
 * another payment.
 */
export async function lockOrderOfIntent(
  tx: Tx,
  intent: Pick<Stripe.PaymentIntent, 'id' | 'metadata'>,
  opts: { anyPayment?: boolean } = {},
): Promise<OrderRow | null> {
  const orderId = Number(intent.metadata?.order_id);
  const [row] = await tx
    .select()
    .from(orders)
    .where(
      Number.isSafeInteger(orderId) && orderId > 0 ? eq(orders.id, orderId) : eq(orders.payment_intent_id, intent.id),
    )
    .for('update');
  if (row && opts.anyPayment) return row;
  return row && (row.payment_intent_id === null || row.payment_intent_id === intent.id) ? row : null;
}

/**
 * Applies a payment's state (Stripe's or Mollie's) to its (locked) order, exactly once whatever the number of times
 * it is told: the webhooks and the return page all come through here. Succeeded: the order completes
 * (tickets and mails) — when the hold had run out and given its units back, only if they can be taken
 * again through the guarded counters; otherwise, or when its date was cancelled, the order is cancelled
 * (its units back) and the payment refunded after commit. Failed: the buyer may retry while the
 * hold lasts. Processing: shown as such.
 */
export async function applyPayment(
  tx: Tx,
  ctx: OutcomeContext,
  order: OrderRow,
  payment: PaymentState,
): Promise<OutcomeEffects> {
  const open = order.status === 'RESERVED' || order.status === 'PROCESSING';
  if (!open) return NOTHING;
  const base = {
    payment_intent_id: payment.id,
    payment_provider: payment.provider,
    payment_method: payment.method,
    updated_at: ctx.now,
  };
  switch (payment.status) {
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
        data: { amount: payment.amount, ...(dateCancelled ? { reason: 'date_cancelled' } : {}) },
        at: ctx.now,
      });
      // Its units were given back when the hold ran out (ABANDONED): the tickets show as cancelled.
      await tx
        .update(attendees)
        .set({ status: 'CANCELLED', updated_at: ctx.now })
        .where(and(eq(attendees.order_id, order.id), inArray(attendees.status, ['ABANDONED'])));
      // The buyer is mailed once Stripe has accepted the refund (late-refund.ts), not before.
      return {
        mails: [],
        refund: { provider: payment.provider, paymentId: payment.id, orderId: order.id, accountId: order.account_id },
      };
    }
    case 'processing':
      await tx
        .update(orders)
        .set({ ...base, status: 'PROCESSING', payment_status: 'PAYMENT_PROCESSING' })
        .where(eq(orders.id, order.id));
      return NOTHING;
    case 'failed':
      // A failed attempt (or a declined card): the hold stays, so the buyer may try again in time.
      await tx
        .update(orders)
        .set({ ...base, status: 'RESERVED', payment_status: 'PAYMENT_FAILED' })
        .where(eq(orders.id, order.id));
      await recordOrderEvent(tx, order.id, { kind: 'PAYMENT_FAILED', at: ctx.now });
      return NOTHING;
    case 'open':
      // Not paid yet is not failed: only an attempt that went wrong says so.
      return NOTHING;
  }
}
