import { randomUUID } from 'node:crypto';

import type { refundOrderBody } from '@admitone/shared';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { z } from 'zod';

import type { Db, Tx } from '../../db/client.js';
import { orders } from '../../db/schema/index.js';
import { DomainError } from '../../shared/errors.js';
import type { FileStorage } from '../../storage/storage.js';
import { buyerMailRules } from '../attendees/typed-addresses.js';
import { releaseOrderUnits, type StockDeps } from '../inventory/order-units.js';
import { recordOrderEvent } from '../orders/order-history.js';
import { enqueueOrderMails } from '../orders/order-mails.js';
import { lockOrder, type OrderContext } from '../orders/order-status.js';
import type { OrderRow } from '../orders/order-view.js';
import { recordRefundParts, type RefundPart, refundParts, sendRefundParts } from './card-refunds.js';
import { gatewayOf, type Gateways, isOnlineProvider } from './payment-gateway.js';

export type RefundInput = z.output<typeof refundOrderBody>;

/** A refund claim older than this is taken as cut off and reconciled with the provider. */
export const STALE_REFUND_MS = 10 * 60_000;

/**
 * Sets an order's refunded amount from what its provider actually refunded (after a claim was cut off), so a
 * new refund can never pay back twice.
 */
async function reconcileRefunds(deps: RefundDeps, order: OrderRow, paymentIntentId: string): Promise<void> {
  const orderId = order.id;
  const refunded = await gatewayOf(deps, order).refundedSoFar(paymentIntentId);
  await deps.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order || order.refund_pending_amount === null) return;
    const status = refunded >= order.total ? 'REFUNDED' : refunded > 0 ? 'PARTIALLY_REFUNDED' : 'REFUND_FAILED';
    await tx
      .update(orders)
      .set({
        status,
        refunded_total: refunded,
        refund_pending_amount: null,
        payment_status: refunded >= order.total ? 'REFUNDED' : order.payment_status,
        updated_at: deps.now(),
      })
      .where(eq(orders.id, orderId));
    // The history (and the refund reports read from it) says what changed: a refund found at the provider, or one gone.
    const change = refunded - order.refunded_total;
    if (change > 0)
      await recordOrderEvent(tx, orderId, {
        kind: 'REFUNDED',
        data: { amount: change, reconciled: true },
        at: deps.now(),
      });
    if (change < 0)
      await recordOrderEvent(tx, orderId, {
        kind: 'REFUND_FAILED',
        data: { amount: -change, reversed: -change, reconciled: true },
        at: deps.now(),
      });
  });
}

export interface RefundDeps extends Gateways {
  db: Db;
  now: () => Date;
  appUrl: string;
  /** Where the organizer's logo is served from (the buyer's mail shows it). */
  storage: Pick<FileStorage, 'url'>;
  /** The organizer asking for the refund. */
  userId?: number | null;
  /** An organizer's refund: its mail to a buyer address the team typed in follows the team-mail rules. */
  teamMail?: { accountId: number; userId: number; mailBudgetPerHour: number };
  stock: StockDeps;
  /** The organizer cancelled the order's date: the buyer's mail says so, with their words. */
  dateCancelled?: { note: string | null } | null;
  /** Called with the buyer's mails in the transaction that writes them (a date's cancellation paces them). */
  paceMails?: (tx: Tx, orderId: number, outboxIds: number[], now: Date) => Promise<void>;
}

/**
 * Refunds a card-paid order, fully or partly, never more than remains. Step one marks the order
 * REFUND_PENDING under its row lock (so a second refund waits its turn: "refund pending"); the provider is
 * called outside any transaction; step two records the answer: REFUNDED / PARTIALLY_REFUNDED (and
 * the buyer is mailed, only now) or REFUND_FAILED. Returns outbox ids to deliver.
 */
export async function refundOrder(
  deps: RefundDeps,
  eventId: number,
  orderId: number,
  input: RefundInput,
  reconciled = false,
): Promise<number[]> {
  type Claim =
    | { kind: 'stale'; intent: string; order: OrderRow }
    | { kind: 'claimed'; order: typeof orders.$inferSelect; amount: number; attempt: string; parts: RefundPart[] };
  const claim = await deps.db.transaction(async (tx): Promise<Claim> => {
    const order = await lockOrder(tx, eventId, { id: orderId });
    if (order.is_manually_created) throw new DomainError('MANUAL_ORDER_NOT_REFUNDABLE');
    if (order.status === 'REFUND_PENDING' || order.refund_pending_amount !== null) {
      // A claim this old was cut off (a crash between the provider's answer and its record): ask it.
      const intent = order.payment_intent_id;
      if (!reconciled && intent && deps.now().getTime() - order.updated_at.getTime() > STALE_REFUND_MS)
        return { kind: 'stale', intent, order };
      throw new DomainError('REFUND_PENDING');
    }
    if (!isOnlineProvider(order.payment_provider) || !order.payment_intent_id)
      throw new DomainError('REFUND_NOT_POSSIBLE');
    gatewayOf(deps, order);
    const remaining = order.total - order.refunded_total;
    if (order.status === 'REFUNDED' || (order.refunded_total > 0 && remaining <= 0))
      throw new DomainError('ORDER_ALREADY_REFUNDED');
    if (
      !['COMPLETED', 'PARTIALLY_REFUNDED', 'REFUND_FAILED', 'CANCELLED'].includes(order.status) ||
      order.payment_status !== 'PAYMENT_RECEIVED' ||
      remaining <= 0
    ) {
      throw new DomainError('REFUND_NOT_POSSIBLE');
    }
    const amount = input.amount ?? remaining;
    if (amount > remaining)
      throw new DomainError('VALIDATION_FAILED', {
        fields: { amount: [{ key: 'too_big_number', values: { max: remaining } }] },
      });
    // Spread over the order's card payments (a dearer date's difference was paid apart): null when they hold less.
    const parts = await refundParts(tx, order, amount);
    if (!parts) throw new DomainError('REFUND_NOT_POSSIBLE');
    // Decided before the provider is asked: a refund that went through cannot be refused for its mail.
    if (input.notify_buyer && deps.teamMail) await buyerMailRules(tx, { ...deps.teamMail, now: deps.now() }, order.id);
    await tx
      .update(orders)
      .set({ status: 'REFUND_PENDING', refund_pending_amount: amount, updated_at: deps.now() })
      .where(eq(orders.id, order.id));
    await recordOrderEvent(tx, order.id, {
      kind: 'REFUND_REQUESTED',
      userId: deps.userId,
      data: { amount, cancel_order: input.cancel_order },
      at: deps.now(),
    });
    return { kind: 'claimed', order, amount, attempt: randomUUID(), parts };
  });

  if (claim.kind === 'stale') {
    await reconcileRefunds(deps, claim.order, claim.intent);
    return refundOrder(deps, eventId, orderId, input, true);
  }
  const { order, attempt } = claim;
  // One key per claimed refund (and part): a repeat of this call is answered once; a retry after a refusal is new.
  const sent = await sendRefundParts(gatewayOf(deps, order), claim.parts, {
    key: `order-${order.id}-refund-${attempt}`,
    currency: order.currency,
    metadata: { order_id: String(order.id) },
  });
  // What the provider accepted is what was refunded (all of it, unless a later part was refused).
  const amount = sent.reduce((s, p) => s + p.amount, 0);
  const accepted = amount > 0;

  const ctx: OrderContext = {
    now: deps.now(),
    appUrl: deps.appUrl,
    storage: deps.storage,
    stock: deps.stock,
    dateCancelled: deps.dateCancelled,
  };
  if (!accepted) {
    // Recorded (committed) before the organizer is told: the order shows REFUND_FAILED and may be retried.
    await deps.db
      .update(orders)
      .set({ status: 'REFUND_FAILED', refund_pending_amount: null, updated_at: ctx.now })
      .where(eq(orders.id, order.id));
    await recordOrderEvent(deps.db, order.id, {
      kind: 'REFUND_FAILED',
      userId: deps.userId,
      data: { amount: claim.amount },
      at: ctx.now,
    });
    throw new DomainError('REFUND_FAILED');
  }
  return deps.db.transaction(async (tx) => {
    const current = await lockOrder(tx, eventId, { id: orderId });
    const refunded = current.refunded_total + amount;
    const full = refunded >= current.total;
    const cancel = input.cancel_order || current.cancelled_at !== null;
    // Cancelling gives the tickets (and the promo code use) back through the stock module, exactly once.
    if (input.cancel_order) await releaseOrderUnits(tx, deps.stock, current, 'CANCELLED', ctx.now);
    await recordRefundParts(tx, sent);
    await tx
      .update(orders)
      .set({
        status: full ? 'REFUNDED' : 'PARTIALLY_REFUNDED',
        payment_status: full ? 'REFUNDED' : current.payment_status,
        refunded_total: refunded,
        refund_pending_amount: null,
        ...(input.cancel_order ? { cancelled_at: ctx.now } : {}),
        updated_at: ctx.now,
      })
      .where(eq(orders.id, current.id));
    await recordOrderEvent(tx, current.id, {
      kind: 'REFUNDED',
      userId: deps.userId,
      data: { amount, cancelled: input.cancel_order },
      at: ctx.now,
    });
    if (!input.notify_buyer) return [];
    const ids = await enqueueOrderMails(tx, ctx, current.id, { refunded: amount, cancelled: cancel });
    await deps.paceMails?.(tx, current.id, ids, ctx.now);
    return ids;
  });
}

/**
 * A refund Stripe accepted can still fail later (e.g. the card was closed): `refund.updated` with
 * status failed takes the amount back off the order and shows REFUND_FAILED, so the organizer can
 * act. Each event is applied once (the webhook records its id).
 */
export async function applyRefundUpdate(
  tx: Tx,
  refund: Pick<Stripe.Refund, 'status' | 'amount' | 'metadata'>,
  now: Date,
): Promise<void> {
  const orderId = Number(refund.metadata?.order_id);
  if (refund.status !== 'failed' || !Number.isSafeInteger(orderId)) return;
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) return;
  const refunded = Math.max(0, order.refunded_total - refund.amount);
  await tx
    .update(orders)
    .set({ status: 'REFUND_FAILED', refunded_total: refunded, payment_status: 'PAYMENT_RECEIVED', updated_at: now })
    .where(eq(orders.id, order.id));
  // `reversed`: how much of an accepted refund was taken back (the refund reports count it as a negative refund).
  await recordOrderEvent(tx, order.id, {
    kind: 'REFUND_FAILED',
    data: { amount: refund.amount, reversed: order.refunded_total - refunded },
    at: now,
  });
}
