import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';

import type { Db } from '../../db/client.js';
import { orders, stripeEvents } from '../../db/schema/index.js';
import { lockOrder } from '../orders/order-status.js';
import type { OrderRow } from '../orders/order-view.js';
import { applyExchangeIntent, exchangeIdOf } from '../self-service/exchange-payments.js';
import { recordChargeback } from './chargebacks.js';
import { duplicateOf, noteDuplicate } from './duplicate-payments.js';
import { saveAccountState } from './payment-connection.js';
import {
  applyPayment,
  lockOrderOfIntent,
  type OutcomeContext,
  type OutcomeEffects,
  stripeState,
} from './payment-outcome.js';
import { applyRefundUpdate } from './refund-order.js';

const INTENT_EVENTS = new Set([
  'payment_intent.succeeded',
  'payment_intent.processing',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
]);

/**
 * The order's PaymentIntent as Stripe reports it now, applied under the order's lock (the return page does not wait for
 * the webhook).
 */
export async function applyIntentOfOrder(
  db: Db,
  c: OutcomeContext,
  order: Pick<OrderRow, 'id' | 'event_id'>,
  intent: Stripe.PaymentIntent,
): Promise<OutcomeEffects> {
  return db.transaction(async (tx) =>
    applyPayment(tx, c, await lockOrder(tx, order.event_id, { id: order.id }), stripeState(intent)),
  );
}

/**
 * One signed Stripe event, in one transaction: its id is recorded with its effects, so a repeat finds it
 * and changes nothing. Account updates, refund updates and PaymentIntent outcomes; others are ignored.
 * Returns what to do after commit (mails, a late payment's refund), or null.
 */
export async function handleStripeEvent(
  db: Db,
  c: OutcomeContext,
  event: Stripe.Event,
): Promise<OutcomeEffects | null> {
  return db.transaction(async (tx): Promise<OutcomeEffects | null> => {
    const fresh = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type, processed_at: c.now })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (!fresh.length) return null;
    if (event.type === 'account.updated') {
      await saveAccountState(tx, event.data.object as Stripe.Account, c.now);
      return null;
    }
    if (event.type === 'charge.dispute.created') {
      // The buyer's bank disputes the payment and Stripe takes the amount back meanwhile: a chargeback on the order.
      const dispute = event.data.object as Stripe.Dispute;
      const intent = typeof dispute.payment_intent === 'string' ? dispute.payment_intent : dispute.payment_intent?.id;
      const [order] = intent
        ? await tx.select().from(orders).where(eq(orders.payment_intent_id, intent)).for('update')
        : [];
      if (order) await recordChargeback(tx, order, order.charged_back_total + dispute.amount, 'STRIPE', c.now);
      return null;
    }
    if (event.type === 'refund.updated' || event.type === 'charge.refund.updated') {
      await applyRefundUpdate(tx, event.data.object as Stripe.Refund, c.now);
      return null;
    }
    if (!INTENT_EVENTS.has(event.type)) return null;
    const intent = event.data.object as Stripe.PaymentIntent;
    // A buyer paying the difference of a dearer date (self-service/exchange-payments.ts), not an order's checkout.
    if (exchangeIdOf(intent)) return applyExchangeIntent(tx, c, intent);
    const order = await lockOrderOfIntent(tx, intent);
    if (order) return applyPayment(tx, c, order, stripeState(intent));
    // Its order was paid another way meanwhile (at Mollie, in another tab): this payment goes back.
    const paidElsewhere = await lockOrderOfIntent(tx, intent, { anyPayment: true });
    const duplicate = paidElsewhere ? duplicateOf(paidElsewhere, stripeState(intent)) : null;
    if (!duplicate) return null;
    await noteDuplicate(tx, duplicate, c.now);
    return { mails: [], refund: null, duplicate };
  });
}
