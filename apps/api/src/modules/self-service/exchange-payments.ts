import type { ExchangePaymentDto, ExchangeStatusDto } from '@admitone/shared';
import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import type { Logger } from 'pino';
import type Stripe from 'stripe';

import type { StripeConfig } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { type ExchangeLine, orderExchanges, orderItems, orders } from '../../db/schema/index.js';
import { DomainError } from '../../shared/errors.js';
import type { FileStorage } from '../../storage/storage.js';
import { moveOrderToDate, type OrderTotals } from '../event-dates/move-order.js';
import { dateOfOrder } from '../event-dates/order-dates.js';
import type { StockDeps } from '../inventory/order-units.js';
import { recordOrderEvent } from '../orders/order-history.js';
import { enqueueOrderMails } from '../orders/order-mails.js';
import { lockOrder, type OrderContext } from '../orders/order-status.js';
import type { OrderRow } from '../orders/order-view.js';
import { createCardIntent } from '../payments/card-payment.js';
import { recordRefundParts, refundParts, sendRefundParts } from '../payments/card-refunds.js';
import { cardDestination } from '../payments/payment-connection.js';
import { gatewayOf, type Gateways } from '../payments/payment-gateway.js';
import type { ExchangeRefund, OutcomeEffects } from '../payments/payment-outcome.js';
import { datesToMoveTo, lockExchange } from './exchange.js';

const NOTHING: OutcomeEffects = { mails: [], refund: null };

/** A PaymentIntent paying a buyer's exchange (its metadata names it). */
export const exchangeIdOf = (intent: Pick<Stripe.PaymentIntent, 'metadata'>): number | null => {
  const id = Number(intent.metadata?.exchange_id);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/**
 * The PaymentIntent for a dearer date's difference (after the exchange's transaction committed): earlier tries'
 * intents are cancelled first (one paid meanwhile is refunded when its success arrives: its exchange is REPLACED),
 * then one intent per exchange (idempotency key), on the event's account as the checkout's, stored once.
 */
export async function startExchangePayment(
  deps: { db: Db; stripe: Stripe | null; config: StripeConfig | null; now: () => Date; log: Logger },
  order: OrderRow,
  step: { exchangeId: number; amount: number; dateId: number; replaced: string[] },
): Promise<ExchangePaymentDto> {
  const { stripe, config } = deps;
  const destination = stripe && config ? await cardDestination(deps.db, config, order.account_id) : null;
  if (!stripe || !config || !destination) throw new DomainError('PAYMENT_METHOD_UNAVAILABLE');
  for (const intent of step.replaced)
    await stripe.paymentIntents.cancel(intent).catch((err: unknown) => {
      deps.log.info({ err, intent }, 'an earlier exchange payment could not be cancelled (its success is refunded)');
    });
  // Stripe out of reach: the buyer is told card payments are unavailable now; a new try replaces this exchange.
  const intent = await createCardIntent(
    stripe,
    config,
    destination,
    {
      amount: step.amount,
      currency: order.currency,
      email: order.email,
      description: `Order ${order.order_number}: change of date`,
      metadata: {
        order_id: String(order.id),
        order_short_id: order.short_id,
        event_id: String(order.event_id),
        account_id: String(order.account_id),
        exchange_id: String(step.exchangeId),
      },
    },
    `order-${order.id}-exchange-${step.exchangeId}`,
  ).catch((err: unknown) => {
    deps.log.error({ err, exchange: step.exchangeId }, 'the PaymentIntent of an exchange could not be created');
    throw new DomainError('PAYMENT_METHOD_UNAVAILABLE');
  });
  await deps.db
    .update(orderExchanges)
    .set({ payment_intent_id: intent.id, updated_at: deps.now() })
    .where(and(eq(orderExchanges.id, step.exchangeId), isNull(orderExchanges.payment_intent_id)));
  return {
    client_secret: intent.client_secret!,
    publishable_key: config.publishableKey,
    amount: intent.amount,
    currency: intent.currency,
    exchange_id: step.exchangeId,
    event_date_id: step.dateId,
  };
}

/** The order's totals with an exchange's new line prices (the lines it does not name keep theirs). */
async function totalsWith(tx: Tx, order: OrderRow, lines: ExchangeLine[]): Promise<OrderTotals> {
  const items = await tx.select().from(orderItems).where(eq(orderItems.order_id, order.id));
  const t: OrderTotals = {
    subtotal: order.subtotal,
    discount_total: order.discount_total,
    fee_total: order.fee_total,
    tax_total: order.tax_total,
    total: order.total,
  };
  for (const line of lines) {
    const item = items.find((i) => i.id === line.order_item_id);
    if (!item) continue;
    const q = item.quantity;
    t.subtotal += (line.unit.base - item.unit.base) * q;
    t.discount_total += (line.unit.discount - item.unit.discount) * q;
    t.fee_total += (line.unit.fee_total - item.unit.fee_total) * q;
    t.tax_total += (line.unit.tax_total - item.unit.tax_total) * q;
    t.total += line.total - item.total;
  }
  return t;
}

/**
 * A buyer's exchange payment as Stripe reports it, applied under the order's lock exactly once (the webhook, the
 * buyer's return after confirming, a repeat: only the first finds it PAYING). Succeeded: the order moves through
 * `moveOrderToDate` at the prices the buyer paid for (in a savepoint), the exchange APPLIED. When it can no longer
 * move (the date full or no longer offered, the order changed meanwhile, or a newer try replaced this one), the
 * exchange is REFUNDED and its payment refunded after commit. Anything short of success changes nothing (the buyer may
 * pay again, or try again: a new try replaces it).
 */
export async function applyExchangeIntent(
  tx: Tx,
  ctx: OrderContext,
  intent: Pick<Stripe.PaymentIntent, 'id' | 'status' | 'amount' | 'metadata'>,
): Promise<OutcomeEffects> {
  const exchangeId = exchangeIdOf(intent);
  const orderId = Number(intent.metadata?.order_id);
  if (!exchangeId || !Number.isSafeInteger(orderId)) return NOTHING;
  const [row] = await tx.select({ event_id: orders.event_id }).from(orders).where(eq(orders.id, orderId));
  if (!row) return NOTHING;
  const order = await lockOrder(tx, row.event_id, { id: orderId });
  const ex = await lockExchange(tx, order.id, exchangeId);
  if (!ex || ex.payment_intent_id !== intent.id || intent.status !== 'succeeded') return NOTHING;
  if (ex.status === 'APPLIED' || ex.status === 'REFUNDED') return NOTHING;
  const amount = ex.new_total - ex.previous_total;
  const giveBack = async (reason: ExchangeRefund['reason'] = 'date_full'): Promise<OutcomeEffects> => {
    await tx
      .update(orderExchanges)
      .set({ status: 'REFUNDED', refund_state: 'PENDING', updated_at: ctx.now })
      .where(eq(orderExchanges.id, ex.id));
    const refund: ExchangeRefund = { exchangeId: ex.id, orderId, eventId: order.event_id, amount, reason };
    return { mails: [], refund: null, exchangeRefund: refund };
  };
  if (ex.status === 'REPLACED') return giveBack('replaced');
  const from = await dateOfOrder(tx, order.id);
  const unchanged =
    ['COMPLETED', 'AWAITING_PAYMENT'].includes(order.status) &&
    order.refund_pending_amount === null &&
    order.total === ex.previous_total &&
    from?.id === ex.from_date_id;
  if (!unchanged || !from) return giveBack('order_changed');
  const offered = await datesToMoveTo(tx, order.event_id, order.id, from.id, ctx.now, false);
  const to = offered.find((d) => d.id === ex.to_date_id);
  if (!to) return giveBack();
  const totals = await totalsWith(tx, order, ex.lines);
  let mails: number[];
  try {
    mails = await tx.transaction((sp) =>
      moveOrderToDate(sp, ctx, order, from, to, {
        byOrganizer: false,
        notify: true,
        prices: { totals, lines: ex.lines, note: { paid: amount } },
      }),
    );
  } catch (err) {
    // The date filled up (or was cancelled) while the buyer paid: nothing moved; the payment goes back.
    if (err instanceof DomainError && ['NO_TICKETS_AVAILABLE', 'VALIDATION_FAILED'].includes(err.code))
      return giveBack();
    throw err;
  }
  await tx.update(orderExchanges).set({ status: 'APPLIED', updated_at: ctx.now }).where(eq(orderExchanges.id, ex.id));
  // A free order paid nothing before: this payment is now its card payment (what a refund goes back to).
  if (!order.payment_intent_id)
    await tx
      .update(orders)
      .set({ payment_intent_id: intent.id, payment_provider: 'STRIPE', payment_status: 'PAYMENT_RECEIVED' })
      .where(eq(orders.id, order.id));
  return { mails, refund: null };
}

export interface ExchangeRefundDeps extends Gateways {
  db: Db;
  now: () => Date;
  appUrl: string;
  storage: Pick<FileStorage, 'url'>;
  stock: StockDeps;
  log: Pick<Logger, 'info' | 'error'>;
}

/**
 * Refunds an exchange's difference after the commit that claimed it: a cheaper date's (spread over the order's card
 * payments, its claim the order's REFUND_PENDING) or a dearer date's payment that could not be used (that payment).
 * Each part has its exchange's idempotency key, so a repeat pays nothing twice. Stripe's answer is recorded under the
 * order's lock, once (`refund_state` PENDING -> REFUNDED or FAILED): the history (EXCHANGE_REFUNDED, or REFUND_FAILED
 * for the organizer to settle by hand) and, when refunded, the buyer's mail. Returns outbox ids to deliver.
 */
export async function refundExchange(deps: ExchangeRefundDeps, r: ExchangeRefund): Promise<number[]> {
  const plan = await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, r.eventId, { id: r.orderId });
    const ex = await lockExchange(tx, order.id, r.exchangeId);
    if (!ex || ex.refund_state !== 'PENDING') return null;
    if (r.reason !== 'cheaper')
      return { order, parts: [{ paymentIntentId: ex.payment_intent_id!, amount: r.amount, exchangeId: null }] };
    return { order, parts: (await refundParts(tx, order, r.amount, ex.previous_total)) ?? [] };
  });
  if (!plan) return [];
  // A dearer date's difference was paid by card through Stripe and goes back there; a cheaper date's goes back through
  // the order's own provider (a Mollie order pays no difference through Stripe: settlementOf).
  const gateway = gatewayOf(
    deps,
    r.reason === 'cheaper' ? plan.order : { payment_provider: 'STRIPE', account_id: plan.order.account_id },
  );
  const sent = await sendRefundParts(gateway, plan.parts, {
    key: `order-${r.orderId}-exchange-${r.exchangeId}-refund`,
    currency: plan.order.currency,
    metadata: { exchange_id: String(r.exchangeId) },
  });
  const refunded = sent.reduce((s, p) => s + p.amount, 0);
  if (refunded < r.amount) deps.log.error({ exchange: r }, 'the refund of an exchange difference failed');
  return deps.db.transaction(async (tx) => {
    const now = deps.now();
    const order = await lockOrder(tx, r.eventId, { id: r.orderId });
    const done = await tx
      .update(orderExchanges)
      .set({ refund_state: refunded === r.amount ? 'REFUNDED' : 'FAILED', updated_at: now })
      .where(and(eq(orderExchanges.id, r.exchangeId), eq(orderExchanges.refund_state, 'PENDING')))
      .returning({ id: orderExchanges.id });
    if (!done.length) return [];
    // The claim ends with Stripe's answer: the order is COMPLETED again (at its new total).
    if (r.reason === 'cheaper' && order.status === 'REFUND_PENDING')
      await tx
        .update(orders)
        .set({ status: 'COMPLETED', refund_pending_amount: null, updated_at: now })
        .where(eq(orders.id, order.id));
    if (r.reason === 'cheaper') await recordRefundParts(tx, sent);
    if (refunded > 0)
      await recordOrderEvent(tx, order.id, {
        kind: 'EXCHANGE_REFUNDED',
        data: { amount: refunded, reason: r.reason },
        at: now,
      });
    if (refunded < r.amount)
      await recordOrderEvent(tx, order.id, {
        kind: 'REFUND_FAILED',
        data: { amount: r.amount - refunded, exchange: true },
        at: now,
      });
    if (!refunded) return [];
    const ctx = { now, appUrl: deps.appUrl, storage: deps.storage };
    const exchange = r.reason === 'cheaper' || r.reason === 'date_full' ? r.reason : undefined;
    return enqueueOrderMails(tx, ctx, order.id, { refunded, cancelled: false, ...(exchange ? { exchange } : {}) });
  });
}

/** How long an exchange's refund may stay claimed before the scheduler takes it up: its request died on the way. */
export const EXCHANGE_REFUND_STALE_MS = 5 * 60_000;

/**
 * Exchange refunds claimed (`refund_state` PENDING) by a request or a webhook that died before Stripe answered (a
 * crash, a restart): taken up by the scheduler once they are older than `EXCHANGE_REFUND_STALE_MS`, through
 * `refundExchange` (the same idempotency key: a refund Stripe already made is not made twice). A cheaper date's
 * difference (the exchange APPLIED) or a dearer date's payment that could not be used (REFUNDED). Returns the mails.
 */
export async function resumeExchangeRefunds(deps: ExchangeRefundDeps): Promise<number[]> {
  const stale = new Date(deps.now().getTime() - EXCHANGE_REFUND_STALE_MS);
  const rows = await deps.db
    .select()
    .from(orderExchanges)
    .where(and(eq(orderExchanges.refund_state, 'PENDING'), lt(orderExchanges.updated_at, stale)))
    .orderBy(asc(orderExchanges.id))
    .limit(50);
  const mails: number[] = [];
  for (const ex of rows) {
    const cheaper = ex.status === 'APPLIED';
    const refund: ExchangeRefund = {
      exchangeId: ex.id,
      orderId: ex.order_id,
      eventId: ex.event_id,
      amount: Math.abs(ex.new_total - ex.previous_total),
      // Why a dearer date's payment could not be used is not kept: the buyer's mail is the plain refund one.
      reason: cheaper ? 'cheaper' : 'order_changed',
    };
    deps.log.info({ exchange: ex.id }, 'taking up an exchange refund left pending');
    mails.push(...(await refundExchange(deps, refund)));
  }
  return mails;
}

/** How long a dearer date's payment may stay unpaid before it is given up (the buyer left the dialog long ago). */
export const EXCHANGE_PAYMENT_ABANDONED_MS = 24 * 3_600_000;

/**
 * Dearer-date exchanges whose difference was never paid, a day after they were asked: marked REPLACED (as a newer try
 * would), then their PaymentIntents cancelled at Stripe, so none stays open in the organizer's dashboard. A payment
 * that still arrives is refunded as a replaced try's. Returns how many were given up.
 */
export async function closeAbandonedExchanges(
  deps: Pick<ExchangeRefundDeps, 'db' | 'stripe' | 'now' | 'log'>,
): Promise<number> {
  const before = new Date(deps.now().getTime() - EXCHANGE_PAYMENT_ABANDONED_MS);
  const closed = await deps.db
    .update(orderExchanges)
    .set({ status: 'REPLACED', updated_at: deps.now() })
    .where(and(eq(orderExchanges.status, 'PAYING'), lt(orderExchanges.created_at, before)))
    .returning({ id: orderExchanges.id, intent: orderExchanges.payment_intent_id });
  for (const { id, intent } of closed) {
    if (!intent || !deps.stripe) continue;
    await deps.stripe.paymentIntents.cancel(intent).catch((err: unknown) => {
      deps.log.info(
        { err, exchange: id },
        'an abandoned exchange payment could not be cancelled (its success is refunded)',
      );
    });
  }
  return closed.length;
}

/** The buyer's exchange as it stands (the answer to the return after paying). */
export async function exchangeStatus(db: Db, orderId: number, exchangeId: number): Promise<ExchangeStatusDto | null> {
  const [ex] = await db
    .select()
    .from(orderExchanges)
    .where(and(eq(orderExchanges.id, exchangeId), eq(orderExchanges.order_id, orderId)));
  if (!ex) return null;
  return {
    id: ex.id,
    status: ex.status,
    event_date_id: ex.to_date_id,
    difference: ex.new_total - ex.previous_total,
  };
}

/**
 * The buyer's return after confirming an exchange's payment: Stripe is asked for the intent's state (outside any
 * transaction), which is then applied as the webhook applies it (`applyExchangeIntent`, once). Returns what to do
 * after commit.
 */
export async function syncExchangePayment(
  db: Db,
  ctx: OrderContext,
  stripe: Stripe | null,
  orderId: number,
  exchangeId: number,
): Promise<OutcomeEffects> {
  const [ex] = await db
    .select({ intent: orderExchanges.payment_intent_id })
    .from(orderExchanges)
    .where(and(eq(orderExchanges.id, exchangeId), eq(orderExchanges.order_id, orderId)));
  if (!ex?.intent || !stripe) return NOTHING;
  // Stripe out of reach: nothing is applied now; its webhook applies the payment when it comes.
  const intent = await stripe.paymentIntents.retrieve(ex.intent).catch(() => null);
  if (!intent) return NOTHING;
  return db.transaction((tx) => applyExchangeIntent(tx, ctx, intent));
}
