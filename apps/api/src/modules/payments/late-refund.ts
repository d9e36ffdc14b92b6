import { and, eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type Stripe from 'stripe';

import type { Db } from '../../db/client.js';
import { orders } from '../../db/schema/index.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { FileStorage } from '../../storage/storage.js';
import { cancelledDateOf } from '../event-dates/order-dates.js';
import { recordOrderEvent } from '../orders/order-history.js';
import { enqueueOrderMails } from '../orders/order-mails.js';

export interface LateRefundDeps {
  db: Db;
  stripe: Stripe;
  jobs: JobQueue;
  log: Logger;
  now: () => Date;
  appUrl: string;
  /** Where the organizer's logo is served from (the buyer's mail shows it). */
  storage: Pick<FileStorage, 'url'>;
}

/**
 * Refunds a payment that arrived after its order's tickets were gone or its date was cancelled (called
 * after commit; the idempotency key makes a repeat harmless). Once Stripe accepts, the order goes REFUND_PENDING ->
 * REFUNDED and the buyer is told why, in the same transaction; if Stripe cannot be reached the order
 * stays REFUND_PENDING, visible to the organizer, and no mail promises a refund that did not happen.
 */
export async function refundLatePayment(
  deps: LateRefundDeps,
  refund: { paymentIntentId: string; orderId: number },
): Promise<void> {
  let r: Stripe.Refund;
  try {
    r = await deps.stripe.refunds.create(
      {
        payment_intent: refund.paymentIntentId,
        metadata: { order_id: String(refund.orderId), reason: 'late_payment' },
      },
      { idempotencyKey: `order-${refund.orderId}-late-refund` },
    );
  } catch (err) {
    deps.log.error({ err, orderId: refund.orderId }, 'refund of a late payment failed; the order stays REFUND_PENDING');
    return;
  }
  const mails = await deps.db.transaction(async (tx) => {
    const now = deps.now();
    const done = await tx
      .update(orders)
      .set({ status: 'REFUNDED', payment_status: 'REFUNDED', refunded_total: r.amount, updated_at: now })
      .where(and(eq(orders.id, refund.orderId), eq(orders.status, 'REFUND_PENDING')))
      .returning({ id: orders.id });
    if (!done.length) return [];
    await recordOrderEvent(tx, refund.orderId, {
      kind: 'REFUNDED',
      data: { amount: r.amount, cancelled: true, late: true },
      at: now,
    });
    // Refunded because the organizer cancelled its date: the buyer's mail says so, with the organizer's words.
    const dateCancelled = await cancelledDateOf(tx, refund.orderId);
    const ctx = { now, appUrl: deps.appUrl, storage: deps.storage, dateCancelled };
    return enqueueOrderMails(tx, ctx, refund.orderId, { refunded: r.amount, cancelled: true, late: !dateCancelled });
  });
  if (mails.length) await deps.jobs.deliverOutbox(mails);
}
