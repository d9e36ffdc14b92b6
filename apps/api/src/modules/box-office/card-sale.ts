import type { CardSaleDto, Locale } from '@admitone/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type Stripe from 'stripe';

import type { StripeConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { orders } from '../../db/schema/index.js';
import { DomainError } from '../../shared/errors.js';
import type { OrderContext } from '../orders/order-status.js';
import { createCardIntent } from '../payments/card-payment.js';
import { cardDestination } from '../payments/payment-connection.js';
import type { OutcomeEffects } from '../payments/payment-outcome.js';
import { applyIntentOfOrder } from '../payments/stripe-events.js';
import { type SaleInput, sellAtBoxOffice } from './box-office-sale.js';
import { lockOpenShift } from './shifts.js';

export interface CardSaleDeps {
  db: Db;
  stripe: Stripe | null;
  config: StripeConfig | null;
}

/**
 * A box-office sale paid by card through Stripe on the staff device: the units are taken and held in the seller's
 * shift like a buyer's checkout (RESERVED until `CARD_SALE_HOLD_MS`), then one PaymentIntent is made for the order,
 * exactly as online (`createCardIntent`, the order id as idempotency key). Stripe's answer completes it through the one
 * path every card payment takes (`applyPaymentIntent`: the webhook, or `completeCardSale` when the device says it is
 * paid), so it completes once; a hold that runs out gives the units back.
 */
export async function startCardSale(
  deps: CardSaleDeps,
  ctx: OrderContext & { userId: number },
  accountId: number,
  eventId: number,
  input: Omit<SaleInput, 'payment' | 'offline'>,
  locale: Locale,
): Promise<CardSaleDto> {
  const { stripe, config } = deps;
  const destination = stripe && config ? await cardDestination(deps.db, config, accountId) : null;
  if (!stripe || !config || !destination) throw new DomainError('PAYMENT_METHOD_UNAVAILABLE');
  if (input.expected_total === 0) throw new DomainError('PAYMENT_METHOD_UNAVAILABLE');
  const held = await sellAtBoxOffice(deps.db, ctx, eventId, { ...input, payment: { method: 'CARD_STRIPE' } }, locale);
  const { sale } = held;
  const intent = await createCardIntent(
    stripe,
    config,
    destination,
    {
      amount: sale.total,
      currency: sale.currency,
      email: input.email || null,
      description: `Order ${sale.order_number}`,
      metadata: {
        order_id: String(sale.order_id),
        order_short_id: sale.short_id,
        event_id: String(eventId),
        account_id: String(accountId),
        channel: 'BOX_OFFICE',
      },
    },
    `order-${sale.order_id}-payment`,
  );
  await deps.db
    .update(orders)
    .set({ payment_intent_id: intent.id, updated_at: ctx.now })
    .where(and(eq(orders.id, sale.order_id), isNull(orders.payment_intent_id)));
  return {
    order_id: sale.order_id,
    client_secret: intent.client_secret!,
    publishable_key: config.publishableKey,
    amount: intent.amount,
    currency: intent.currency,
  };
}

/**
 * The device says Stripe confirmed the card: the PaymentIntent is read from Stripe and applied (once, whatever the
 * webhook did already). Only the seller's own card sale in their open shift; `completed`: it is paid.
 */
export async function completeCardSale(
  deps: CardSaleDeps,
  ctx: OrderContext & { userId: number },
  eventId: number,
  orderId: number,
): Promise<{ effects: OutcomeEffects; completed: boolean }> {
  const [order] = await deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.event_id, eventId), eq(orders.channel, 'BOX_OFFICE')));
  const shift = await deps.db.transaction((tx) => lockOpenShift(tx, eventId, ctx.userId));
  if (!order || order.box_office_shift_id !== shift.id || order.box_office_payment?.method !== 'CARD_STRIPE')
    throw new DomainError('NOT_FOUND');
  let effects: OutcomeEffects = { mails: [], refund: null };
  if (order.status === 'RESERVED' || order.status === 'PROCESSING') {
    if (!deps.stripe || !order.payment_intent_id) throw new DomainError('PAYMENT_NOT_COMPLETED');
    const intent = await deps.stripe.paymentIntents.retrieve(order.payment_intent_id);
    effects = await applyIntentOfOrder(deps.db, ctx, order, intent);
  }
  const [now] = await deps.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  return { effects, completed: now?.status === 'COMPLETED' };
}
