import { type CardPaymentDto, percentOf } from '@admitone/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type Stripe from 'stripe';

import type { StripeConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { orders } from '../../db/schema/index.js';
import { DomainError } from '../../shared/errors.js';
import { assertDateStands } from '../event-dates/order-dates.js';
import { assertOpenCheckout } from '../orders/order-status.js';
import type { OrderRow } from '../orders/order-view.js';
import { cardDestination } from './payment-connection.js';

export interface CardPaymentDeps {
  db: Db;
  stripe: Stripe | null;
  config: StripeConfig | null;
  now: Date;
}

/**
 * Starts (or resumes) the card payment of an order: one PaymentIntent per order, created once with
 * the order id as idempotency key and reused on reload. Only the order's own browser may start it,
 * only while its hold lasts, not on a cancelled date, and only once the details are in. Stripe is called outside any
 * transaction; the PaymentIntent id is then stored once (`WHERE payment_intent_id IS NULL`).
 */
export async function startCardPayment(
  deps: CardPaymentDeps,
  order: OrderRow,
  token: string | null | undefined,
): Promise<CardPaymentDto> {
  if (!deps.stripe || !deps.config) throw new DomainError('PAYMENT_METHOD_UNAVAILABLE');
  // Single mode pays the platform; Connect mode the account's own connected Stripe account.
  const destination = await cardDestination(deps.db, deps.config, order.account_id);
  if (!destination) throw new DomainError('PAYMENT_METHOD_UNAVAILABLE');
  assertOpenCheckout(order, token, deps.now);
  await assertDateStands(deps.db, order.id);
  if (!order.email) throw new DomainError('DETAILS_REQUIRED');
  if (order.total === 0) throw new DomainError('PAYMENT_METHOD_UNAVAILABLE');
  const intent = order.payment_intent_id
    ? await deps.stripe.paymentIntents.retrieve(order.payment_intent_id)
    : await createCardIntent(
        deps.stripe,
        deps.config,
        destination,
        {
          amount: order.total,
          currency: order.currency,
          email: order.email,
          description: `Order ${order.order_number}`,
          metadata: {
            order_id: String(order.id),
            order_short_id: order.short_id,
            event_id: String(order.event_id),
            account_id: String(order.account_id),
          },
        },
        `order-${order.id}-payment`,
      );
  if (!order.payment_intent_id) {
    await deps.db
      .update(orders)
      .set({ payment_intent_id: intent.id, payment_provider: 'STRIPE', updated_at: deps.now })
      .where(and(eq(orders.id, order.id), isNull(orders.payment_intent_id)));
  }
  return {
    client_secret: intent.client_secret!,
    publishable_key: deps.config.publishableKey,
    amount: intent.amount,
    currency: intent.currency,
  };
}

/**
 * A PaymentIntent for `amount` on the account's card destination (single mode: the platform; Connect: the
 * account's connected account, with the platform's fee), created once per idempotency key.
 */
export function createCardIntent(
  stripe: Stripe,
  config: StripeConfig,
  destination: { connectedAccount: string | null },
  p: { amount: number; currency: string; email: string | null; description: string; metadata: Record<string, string> },
  idempotencyKey: string,
): Promise<Stripe.PaymentIntent> {
  return stripe.paymentIntents.create(
    {
      amount: p.amount,
      currency: p.currency.toLowerCase(),
      automatic_payment_methods: { enabled: true },
      ...(p.email ? { receipt_email: p.email } : {}),
      description: p.description,
      metadata: p.metadata,
      ...(destination.connectedAccount
        ? {
            transfer_data: { destination: destination.connectedAccount },
            application_fee_amount: percentOf(p.amount, config.platformFeePercent),
          }
        : {}),
    },
    { idempotencyKey },
  );
}
