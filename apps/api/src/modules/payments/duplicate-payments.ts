import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';

import type { Db, Executor } from '../../db/client.js';
import { duplicateRefunds } from '../../db/schema/index.js';
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
 * Keeps the duplicate to give back, in the transaction that found it (once per payment): should the refund after
 * commit fail, or the process die first, the scheduler finds it here.
 */
export async function noteDuplicate(tx: Executor, dup: DuplicatePayment, now: Date): Promise<void> {
  await tx
    .insert(duplicateRefunds)
    .values({
      payment_id: dup.paymentId,
      provider: dup.provider,
      order_id: dup.orderId,
      account_id: dup.accountId,
      currency: dup.currency,
      found_at: now,
    })
    .onConflictDoNothing();
}

/**
 * Gives a duplicate payment back through its provider, then marks it given back and records it in the order's
 * history, once. The webhook's try (`attempt` 0) and each of the scheduler's ask with a key of their own (a provider
 * answers a key it refused with the same refusal); concurrent asks cannot refund twice, as a full refund of a payment
 * refunded already is refused. A retry first asks what the payment has had back, in case an earlier try went through
 * unrecorded. PAYMENT_PROVIDER_ERROR when the provider refuses: the webhook answers 502, and the scheduler tries again.
 */
export async function refundDuplicatePayment(
  deps: Gateways & { db: Db },
  dup: DuplicatePayment,
  now: () => Date,
  attempt = 0,
): Promise<void> {
  const gateway = gatewayOf(deps, { payment_provider: dup.provider, account_id: dup.accountId });
  const already = attempt > 0 ? await gateway.refundedSoFar(dup.paymentId) : 0;
  const amount =
    already > 0
      ? already
      : await gateway.refund({
          paymentId: dup.paymentId,
          amount: null,
          currency: dup.currency,
          key: `${dup.provider.toLowerCase()}-${dup.paymentId}-duplicate${attempt > 0 ? `-${attempt}` : ''}`,
          metadata: { order_id: String(dup.orderId), reason: 'duplicate_payment' },
        });
  if (amount === null) throw new DomainError('PAYMENT_PROVIDER_ERROR');
  await deps.db.transaction(async (tx) => {
    const claimed = await tx
      .update(duplicateRefunds)
      .set({ refunded_at: now() })
      .where(and(eq(duplicateRefunds.payment_id, dup.paymentId), isNull(duplicateRefunds.refunded_at)))
      .returning({ id: duplicateRefunds.payment_id });
    if (!claimed.length) return;
    await recordOrderEvent(tx, dup.orderId, {
      kind: 'DUPLICATE_PAYMENT_REFUNDED',
      data: { amount, provider: dup.provider, payment_id: dup.paymentId },
      at: now(),
    });
  });
}

/** How long a duplicate waits for the refund its webhook makes before the scheduler tries. */
export const DUPLICATE_REFUND_STALE_MS = 5 * 60_000;

/**
 * Duplicates found more than five minutes ago and not given back yet (the provider refused, or the process died before
 * the refund): tried again, each on its own, a refusal logged and left for the next round. Answers how many went back.
 */
export async function resumeDuplicateRefunds(
  deps: Gateways & { db: Db; now: () => Date; log: { error: (o: object, m: string) => void } },
): Promise<number> {
  const rows = await deps.db
    .select()
    .from(duplicateRefunds)
    .where(
      and(
        isNull(duplicateRefunds.refunded_at),
        lt(duplicateRefunds.found_at, new Date(deps.now().getTime() - DUPLICATE_REFUND_STALE_MS)),
      ),
    )
    .orderBy(asc(duplicateRefunds.found_at))
    .limit(50);
  let given = 0;
  for (const row of rows) {
    // This try's number, taken before asking (two schedulers at once take two).
    const [claim] = await deps.db
      .update(duplicateRefunds)
      .set({ attempts: sql`${duplicateRefunds.attempts} + 1` })
      .where(and(eq(duplicateRefunds.payment_id, row.payment_id), isNull(duplicateRefunds.refunded_at)))
      .returning({ attempts: duplicateRefunds.attempts });
    if (!claim) continue;
    try {
      await refundDuplicatePayment(
        deps,
        {
          provider: row.provider,
          paymentId: row.payment_id,
          orderId: row.order_id,
          accountId: row.account_id,
          currency: row.currency,
        },
        deps.now,
        claim.attempts,
      );
      given++;
    } catch (err) {
      deps.log.error(
        { err, payment: row.payment_id, order: row.order_id },
        'a duplicate payment could not be refunded yet',
      );
    }
  }
  return given;
}
