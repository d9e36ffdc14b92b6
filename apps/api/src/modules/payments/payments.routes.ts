import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { CHECKOUT_TOKEN_HEADER, ORDER_SECRET_HEADER, publicOrderParams } from '@admitone/shared';
import type Stripe from 'stripe';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { stripeEvents } from '../../db/schema/index.js';
import { DomainError, notFound } from '../../shared/errors.js';
import { lockOrder } from '../orders/order-status.js';
import { findOrderByShortId, findOrderWithSecret, orderEventPartsFrom, publicOrderView } from '../orders/order-view.js';
import { startCardPayment } from './card-payment.js';
import { applyRefundUpdate } from './refund-order.js';
import { cardDestination, saveAccountState } from './payment-connection.js';
import { refundLatePayment } from './late-refund.js';
import { applyPaymentIntent, lockOrderOfIntent, type OutcomeEffects } from './payment-outcome.js';

const tags = ['checkout'];
const headers = z.object({
  [CHECKOUT_TOKEN_HEADER]: z.string().max(200).optional(),
  [ORDER_SECRET_HEADER]: z.string().max(200).optional().describe("The order's secret; without it the order answers 404"),
});
const INTENT_EVENTS = new Set(['payment_intent.succeeded', 'payment_intent.processing', 'payment_intent.payment_failed', 'payment_intent.canceled']);

/** Card payments through Stripe: start a payment, check its outcome, and Stripe's webhooks. */
export const paymentRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  const ctx = () => ({ now: deps.clock.now(), appUrl: deps.config.appUrl, storage: deps.storage, stock: deps.stock });
  const tokenOf = (req: FastifyRequest) => (req.headers[CHECKOUT_TOKEN_HEADER] as string | undefined) ?? null;
  /** The request's order, only with its secret (X-Order-Secret): otherwise 404, as for no order. */
  const orderOf = async (req: FastifyRequest<{ Params: { eventId: number; shortId: string } }>) => {
    const order = await findOrderWithSecret(db, req.params.eventId, req.params.shortId, (req.headers[ORDER_SECRET_HEADER] as string | undefined) ?? null);
    if (!order) throw notFound();
    return order;
  };

  /** After commit: mails go out, a late payment is refunded. */
  async function follow(effects: OutcomeEffects) {
    if (effects.mails.length) await deps.jobs.deliverOutbox(effects.mails);
    if (effects.refund && deps.stripe) await refundLatePayment({ db, stripe: deps.stripe, jobs: deps.jobs, log: deps.log, now: () => deps.clock.now(), appUrl: deps.config.appUrl, storage: deps.storage }, effects.refund);
  }

  app.post('/events/:eventId/order/:shortId/card-payment', { schema: { tags, summary: "Start or resume the order's card payment (one PaymentIntent per order; needs the order's secret)", params: publicOrderParams, headers } }, async (req) => {
    const order = await orderOf(req);
    return { data: await startCardPayment({ db, stripe: deps.stripe, config: deps.config.stripe, now: deps.clock.now() }, order, tokenOf(req)) };
  });

  app.post('/events/:eventId/order/:shortId/card-payment/sync', { schema: { tags, summary: "Ask Stripe for the payment's outcome (the return page does not wait for the webhook; needs the order's secret)", params: publicOrderParams, headers } }, async (req) => {
    const order = await orderOf(req);
    if (order.payment_intent_id && deps.stripe) {
      const intent = await deps.stripe.paymentIntents.retrieve(order.payment_intent_id);
      const c = ctx();
      const effects = await db.transaction(async (tx) => applyPaymentIntent(tx, c, await lockOrder(tx, order.event_id, { id: order.id }), intent));
      await follow(effects);
    }
    const fresh = await findOrderByShortId(db, req.params.eventId, req.params.shortId);
    return { data: await publicOrderView(db, deps.storage, fresh!, tokenOf(req), deps.clock.now(), !!(await cardDestination(db, deps.config.stripe, fresh!.account_id)), orderEventPartsFrom(deps)) };
  });

  // Webhooks need the exact bytes Stripe signed, so this scope reads JSON bodies as text.
  await app.register(async (hooks) => {
    hooks.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    hooks.post('/webhooks/stripe', { schema: { tags: ['webhooks'], summary: 'Stripe events: signature checked, each event handled once', hide: false } }, async (req, reply) => {
      if (!deps.stripe || !deps.config.stripe) throw notFound();
      let event: Stripe.Event;
      try {
        event = deps.stripe.webhooks.constructEvent(req.body as string, String(req.headers['stripe-signature'] ?? ''), deps.config.stripe.webhookSecret);
      } catch {
        throw new DomainError('BAD_REQUEST');
      }
      const c = ctx();
      const effects = await db.transaction(async (tx): Promise<OutcomeEffects | null> => {
        // The event id is recorded with its effects: a repeat finds it and changes nothing.
        const fresh = await tx.insert(stripeEvents).values({ id: event.id, type: event.type, processed_at: c.now }).onConflictDoNothing().returning({ id: stripeEvents.id });
        if (!fresh.length) return null;
        if (event.type === 'account.updated') {
          await saveAccountState(tx, event.data.object as Stripe.Account, c.now);
          return null;
        }
        if (event.type === 'refund.updated' || event.type === 'charge.refund.updated') {
          await applyRefundUpdate(tx, event.data.object as Stripe.Refund, c.now);
          return null;
        }
        if (!INTENT_EVENTS.has(event.type)) return null;
        const intent = event.data.object as Stripe.PaymentIntent;
        const order = await lockOrderOfIntent(tx, intent);
        return order ? applyPaymentIntent(tx, c, order, intent) : null;
      });
      if (effects) await follow(effects);
      return reply.status(200).send({ received: true });
    });
  });
};
