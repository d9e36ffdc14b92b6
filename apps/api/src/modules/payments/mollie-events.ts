import { desc, eq } from 'drizzle-orm';

import type { Db } from '../../db/client.js';
import { mollieRefundFailures, orders, providerPayments } from '../../db/schema/index.js';
import { lockOrder } from '../orders/order-status.js';
import { recordChargeback } from './chargebacks.js';
import { duplicateOf, noteDuplicate } from './duplicate-payments.js';
import { fromMollieAmount, type MollieFor } from './mollie-client.js';
import { mollieState, readPayment } from './mollie-payment.js';
import { applyPayment, type OutcomeContext, type OutcomeEffects } from './payment-outcome.js';
import { applyRefundUpdate } from './refund-order.js';

export interface MollieEventDeps {
  db: Db;
  mollieFor: MollieFor;
}

/**
 * One Mollie payment's state, applied to its order (Mollie's webhook carries only the id; the return page asks the
 * same): read from Mollie with the order's account's token, then in one transaction on the locked order: the payment's
 * row follows Mollie, the order's outcome goes through `applyPayment` (once, whatever the number of calls or their
 * order), a failure of an attempt the buyer already replaced is ignored, a chargeback is recorded, and a payment that
 * succeeds for an order another payment already completed is returned as a duplicate to refund after commit.
 */
export async function applyMolliePayment(
  deps: MollieEventDeps,
  c: OutcomeContext,
  paymentId: string,
): Promise<OutcomeEffects | null> {
  const [known] = await deps.db
    .select({
      order_id: providerPayments.order_id,
      account_id: orders.account_id,
      event_id: orders.event_id,
      refunded: orders.refunded_total,
    })
    .from(providerPayments)
    .innerJoin(orders, eq(orders.id, providerPayments.order_id))
    .where(eq(providerPayments.id, paymentId));
  // Not one of ours: Mollie is answered as for any (it would retry otherwise), and nothing is told to the caller.
  if (!known) return null;
  const mollie = await deps.mollieFor(known.account_id);
  const payment = await readPayment(mollie, paymentId);
  const state = mollieState(payment);
  // Its refunds, when the order has some: one Mollie accepted may have failed since (the webhook tells of that too).
  const failedRefunds =
    known.refunded > 0
      ? (await mollie.paymentRefunds.page({ paymentId }).catch(() => [])).filter((r) => r.status === 'failed')
      : [];
  return deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, known.event_id, { id: known.order_id });
    await tx
      .update(providerPayments)
      .set({ status: payment.status, method: payment.method ?? null })
      .where(eq(providerPayments.id, paymentId));
    if (order.payment_intent_id === paymentId) {
      await recordChargeback(tx, order, fromMollieAmount(payment.amountChargedBack ?? null), 'MOLLIE', c.now);
      for (const refund of failedRefunds) {
        const fresh = await tx
          .insert(mollieRefundFailures)
          .values({ refund_id: refund.id, order_id: order.id, recorded_at: c.now })
          .onConflictDoNothing()
          .returning({ id: mollieRefundFailures.refund_id });
        if (fresh.length)
          await applyRefundUpdate(
            tx,
            { status: 'failed', amount: fromMollieAmount(refund.amount), metadata: { order_id: String(order.id) } },
            c.now,
          );
      }
    }
    const open = order.status === 'RESERVED' || order.status === 'PROCESSING';
    if (open) {
      if (state.status === 'failed') {
        const [latest] = await tx
          .select({ id: providerPayments.id })
          .from(providerPayments)
          .where(eq(providerPayments.order_id, order.id))
          .orderBy(desc(providerPayments.seq))
          .limit(1);
        if (latest?.id !== paymentId) return { mails: [], refund: null };
      }
      return applyPayment(tx, c, order, state);
    }
    const duplicate = duplicateOf(order, state);
    if (duplicate) await noteDuplicate(tx, duplicate, c.now);
    return { mails: [], refund: null, duplicate };
  });
}

/** The payment the return page asks about: the order's newest at Mollie (null: it has none). */
export async function latestMolliePayment(db: Db, orderId: number): Promise<string | null> {
  const [latest] = await db
    .select({ id: providerPayments.id })
    .from(providerPayments)
    .where(eq(providerPayments.order_id, orderId))
    .orderBy(desc(providerPayments.seq))
    .limit(1);
  return latest?.id ?? null;
}
