import { and, eq } from 'drizzle-orm';
import type { Logger } from 'pino';

import type { Db } from '../../db/client.js';
import { orders } from '../../db/schema/index.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { FileStorage } from '../../storage/storage.js';
import { cancelledDateOf } from '../event-dates/order-dates.js';
import { recordOrderEvent } from '../orders/order-history.js';
import { enqueueOrderMails } from '../orders/order-mails.js';
import { gatewayOf, type Gateways } from './payment-gateway.js';
import type { LateRefund } from './payment-outcome.js';

export interface LateRefundDeps extends Gateways {
  db: Db;
  jobs: JobQueue;
  log: Logger;
  now: () => Date;
  appUrl: string;
  /** Where the organizer's logo is served from (the buyer's mail shows it). */
  storage: Pick<FileStorage, 'url'>;
}

/**
 * Refunds a payment that arrived after its order's tickets were gone or its date was cancelled (called
 * after commit; the idempotency key makes a repeat harmless). Once the provider accepts, the order goes REFUND_PENDING
 * -> REFUNDED and the buyer is told why, in the same transaction; if the provider cannot be reached the order
 * stays REFUND_PENDING, visible to the organizer, and no mail promises a refund that did not happen.
 */
export async function refundLatePayment(deps: LateRefundDeps, refund: LateRefund): Promise<void> {
  const [order] = await deps.db.select({ currency: orders.currency }).from(orders).where(eq(orders.id, refund.orderId));
  const amount = order
    ? await gatewayOf(deps, { payment_provider: refund.provider, account_id: refund.accountId })
        .refund({
          paymentId: refund.paymentId,
          amount: null,
          currency: order.currency,
          key: `order-${refund.orderId}-late-refund`,
          metadata: { order_id: String(refund.orderId), reason: 'late_payment' },
        })
        .catch(() => null)
    : null;
  if (amount === null) {
    deps.log.error({ orderId: refund.orderId }, 'refund of a late payment failed; the order stays REFUND_PENDING');
    return;
  }
  const r = { amount };
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
