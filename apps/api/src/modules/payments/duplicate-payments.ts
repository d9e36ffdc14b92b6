import { and, eq, isNull } from 'drizzle-orm';

import type { Db } from '../../db/client.js';
import { providerPayments } from '../../db/schema/index.js';
import { DomainError } from '../../shared/errors.js';
import { recordOrderEvent } from '../orders/order-history.js';
import type { OrderRow } from '../orders/order-view.js';
import { gatewayOf, type Gateways, type OnlineProvider } from './payment-gateway.js';
import type { PaymentState } from './payment-outcome.js';

/**
 * A second payment of an order another payment already paid (the buyer paid at Mollie, and with a card in another tab,
 * or twice at Mollie with two methods), to give back in full after commit.
 */
export interface DuplicatePayment {
  provider: OnlineProvider;
  paymentId: string;
  orderId: number;
  accountId: number;
  currency: string;
}

/** The payment as a duplicate when it succeeded for an order that is no longer open and was paid by another one. */
export function duplicateOf(
  order: Pick<OrderRow, 'id' | 'account_id' | 'currency' | 'status' | 'payment_intent_id'>,
  payment: PaymentState,
): DuplicatePayment | null {
  const open = order.status === 'RESERVED' || order.status === 'PROCESSING';
  if (open || payment.status !== 'succeeded' || !order.payment_intent_id || order.payment_intent_id === payment.id)
    return null;
  return {
    provider: payment.provider,
    paymentId: payment.id,
    orderId: order.id,
    accountId: order.account_id,
    currency: order.currency,
  };
}

/**
 * Gives a duplicate payment back through its provider (idempotency key per payment, so concurrent calls make one
 * refund), then records it once in the order's history (a Mollie payment's row is claimed; Stripe tells a payment's
 * success once per event, which its webhook handles once). PAYMENT_PROVIDER_ERROR when the provider refuses: the
 * webhook answers 502 and the provider asks again later.
 */
export async function refundDuplicatePayment(
  deps: Gateways & { db: Db },
  dup: DuplicatePayment,
  now: () => Date,
): Promise<void> {
  const amount = await gatewayOf(deps, { payment_provider: dup.provider, account_id: dup.accountId }).refund({
    paymentId: dup.paymentId,
    amount: null,
    currency: dup.currency,
    key: `${dup.provider.toLowerCase()}-${dup.paymentId}-duplicate`,
    metadata: { order_id: String(dup.orderId), reason: 'duplicate_payment' },
  });
  if (amount === null) throw new DomainError('PAYMENT_PROVIDER_ERROR');
  await deps.db.transaction(async (tx) => {
    if (dup.provider === 'MOLLIE') {
      const claimed = await tx
        .update(providerPayments)
        .set({ duplicate_refunded_at: now() })
        .where(and(eq(providerPayments.id, dup.paymentId), isNull(providerPayments.duplicate_refunded_at)))
        .returning({ id: providerPayments.id });
      if (!claimed.length) return;
    }
    await recordOrderEvent(tx, dup.orderId, {
      kind: 'DUPLICATE_PAYMENT_REFUNDED',
      data: { amount, provider: dup.provider, payment_id: dup.paymentId },
      at: now(),
    });
  });
}
