import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { orderExchanges } from '../../db/schema/index.js';
import type { OrderRow } from '../orders/order-view.js';
import type { PaymentGateway } from './payment-gateway.js';

/** Part of a refund sent to one of the order's online payments. */
export interface RefundPart {
  paymentIntentId: string;
  amount: number;
  /** The buyer's exchange whose payment this is (null: the order's own payment). */
  exchangeId: number | null;
}

/**
 * Splits a refund over the order's card payments: a dearer date's difference paid by the buyer (an applied exchange,
 * newest first, what it has not given back yet) before the order's own payment, which holds the rest of what was
 * charged (`charged`: the order's total before any change being refunded now, less what was refunded so far). An
 * order with one payment gets one part.
 */
export async function refundParts(db: Executor, order: OrderRow, amount: number, charged = order.total) {
  const paid = await db
    .select({
      id: orderExchanges.id,
      intent: orderExchanges.payment_intent_id,
      left: sql<number>`${orderExchanges.new_total} - ${orderExchanges.previous_total} - ${orderExchanges.refunded}`,
    })
    .from(orderExchanges)
    .where(
      and(
        eq(orderExchanges.order_id, order.id),
        eq(orderExchanges.status, 'APPLIED'),
        isNotNull(orderExchanges.payment_intent_id),
      ),
    )
    .orderBy(desc(orderExchanges.id));
  const extra = paid.filter((p) => p.intent !== order.payment_intent_id && Number(p.left) > 0);
  const parts: RefundPart[] = [];
  let rest = amount;
  for (const p of extra) {
    if (rest <= 0) break;
    const take = Math.min(rest, Number(p.left));
    parts.push({ paymentIntentId: p.intent!, amount: take, exchangeId: p.id });
    rest -= take;
  }
  const own = charged - order.refunded_total - extra.reduce((s, p) => s + Number(p.left), 0);
  if (rest > 0 && order.payment_intent_id) {
    const take = Math.min(rest, Math.max(own, 0));
    parts.push({ paymentIntentId: order.payment_intent_id, amount: take, exchangeId: null });
    rest -= take;
  }
  return rest > 0 ? null : parts.filter((p) => p.amount > 0);
}

/**
 * Sends the parts of one refund to the order's provider in turn (each with its own idempotency key, so a repeat is
 * answered once) and answers what it accepted: the parts up to the first refused one.
 */
export async function sendRefundParts(
  gateway: PaymentGateway,
  parts: RefundPart[],
  p: { key: string; currency: string; metadata: Record<string, string> },
): Promise<RefundPart[]> {
  const accepted: RefundPart[] = [];
  for (const [i, part] of parts.entries()) {
    const amount = await gateway.refund({
      paymentId: part.paymentIntentId,
      amount: part.amount,
      currency: p.currency,
      key: parts.length === 1 ? p.key : `${p.key}-${i}`,
      metadata: p.metadata,
    });
    if (amount === null) break;
    accepted.push(part);
  }
  return accepted;
}

/** Records what accepted parts took back from the exchanges' payments (in the transaction recording the refund). */
export async function recordRefundParts(db: Executor, parts: RefundPart[]): Promise<void> {
  for (const p of parts)
    if (p.exchangeId !== null)
      await db
        .update(orderExchanges)
        .set({ refunded: sql`${orderExchanges.refunded} + ${p.amount}` })
        .where(eq(orderExchanges.id, p.exchangeId));
}
