import { and, eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type Stripe from 'stripe';
import type { Db } from '../../db/client.js';
import { orders } from '../../db/schema/index.js';

/**
 * Refunds a payment that arrived after its order's tickets were gone (called after commit; the
 * idempotency key makes a repeat harmless). The order goes REFUND_PENDING -> REFUNDED once Stripe
 * accepts; if Stripe cannot be reached it stays REFUND_PENDING, visible to the organizer.
 */
export async function refundLatePayment(deps: { db: Db; stripe: Stripe; log: Logger; now: () => Date }, refund: { paymentIntentId: string; orderId: number }): Promise<void> {
  try {
    const r = await deps.stripe.refunds.create({ payment_intent: refund.paymentIntentId, metadata: { order_id: String(refund.orderId), reason: 'late_payment' } }, { idempotencyKey: `order-${refund.orderId}-late-refund` });
    await deps.db
      .update(orders)
      .set({ status: 'REFUNDED', payment_status: 'REFUNDED', refunded_total: r.amount, updated_at: deps.now() })
      .where(and(eq(orders.id, refund.orderId), eq(orders.status, 'REFUND_PENDING')));
  } catch (err) {
    deps.log.error({ err, orderId: refund.orderId }, 'refund of a late payment failed; the order stays REFUND_PENDING');
  }
}
