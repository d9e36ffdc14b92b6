import {
  cardPaymentResponse,
  CHECKOUT_TOKEN_HEADER,
  ORDER_SECRET_HEADER,
  publicOrderParams,
  publicOrderResponse,
} from '@admitone/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { z } from 'zod';

import type { AppDeps } from '../../deps.js';
import { DomainError, notFound } from '../../shared/errors.js';
import { findOrderByShortId, findOrderWithSecret, orderEventPartsFrom, publicOrderView } from '../orders/order-view.js';
import { refundExchange } from '../self-service/exchange-payments.js';
import { startCardPayment } from './card-payment.js';
import { refundLatePayment } from './late-refund.js';
import { cardDestination } from './payment-connection.js';
import type { OutcomeEffects } from './payment-outcome.js';
import { applyIntentOfOrder, handleStripeEvent } from './stripe-events.js';

const tags = ['checkout'];
/** What Stripe gets back for an event it sent (it reads only the status). */
const stripeWebhookResponse = z.object({ received: z.boolean() });
const headers = z.object({
  [CHECKOUT_TOKEN_HEADER]: z.string().max(200).optional(),
  [ORDER_SECRET_HEADER]: z
    .string()
    .max(200)
    .optional()
    .describe("The order's secret; without it the order answers 404"),
});

/** Card payments through Stripe: start a payment, check its outcome, and Stripe's webhooks. */
export const paymentRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  const ctx = () => ({ now: deps.clock.now(), appUrl: deps.config.appUrl, storage: deps.storage, stock: deps.stock });
  const tokenOf = (req: FastifyRequest) => (req.headers[CHECKOUT_TOKEN_HEADER] as string | undefined) ?? null;
  /** The request's order, only with its secret (X-Order-Secret): otherwise 404, as for no order. */
  const orderOf = async (req: FastifyRequest<{ Params: { eventId: number; shortId: string } }>) => {
    const order = await findOrderWithSecret(
      db,
      req.params.eventId,
      req.params.shortId,
      (req.headers[ORDER_SECRET_HEADER] as string | undefined) ?? null,
    );
    if (!order) throw notFound();
    return order;
  };

  /** After commit: mails go out, a late payment is refunded (and a buyer's exchange payment that came too late). */
  async function follow(effects: OutcomeEffects) {
    if (effects.mails.length) await deps.jobs.deliverOutbox(effects.mails);
    if (effects.exchangeRefund) {
      const mails = await refundExchange(
        { ...ctx(), db, stripe: deps.stripe, now: () => deps.clock.now(), log: deps.log },
        effects.exchangeRefund,
      );
      if (mails.length) await deps.jobs.deliverOutbox(mails);
    }
    if (effects.refund && deps.stripe)
      await refundLatePayment(
        {
          db,
          stripe: deps.stripe,
          jobs: deps.jobs,
          log: deps.log,
          now: () => deps.clock.now(),
          appUrl: deps.config.appUrl,
          storage: deps.storage,
        },
        effects.refund,
      );
  }

  app.post(
    '/events/:eventId/order/:shortId/card-payment',
    {
      schema: {
        tags,
        summary: "Start or resume the order's card payment (one PaymentIntent per order; needs the order's secret)",
        params: publicOrderParams,
        headers,
        response: { 200: cardPaymentResponse },
      },
    },
    async (req) => {
      const order = await orderOf(req);
      return {
        data: await startCardPayment(
          { db, stripe: deps.stripe, config: deps.config.stripe, now: deps.clock.now() },
          order,
          tokenOf(req),
        ),
      };
    },
  );

  app.post(
    '/events/:eventId/order/:shortId/card-payment/sync',
    {
      schema: {
        tags,
        summary:
          "Ask Stripe for the payment's outcome (the return page does not wait for the webhook; needs the order's secret)",
        params: publicOrderParams,
        headers,
        response: { 200: publicOrderResponse },
      },
    },
    async (req) => {
      const order = await orderOf(req);
      if (order.payment_intent_id && deps.stripe) {
        const intent = await deps.stripe.paymentIntents.retrieve(order.payment_intent_id);
        await follow(await applyIntentOfOrder(db, ctx(), order, intent));
      }
      const fresh = await findOrderByShortId(db, req.params.eventId, req.params.shortId);
      return {
        data: await publicOrderView(
          db,
          deps.storage,
          fresh!,
          tokenOf(req),
          deps.clock.now(),
          !!(await cardDestination(db, deps.config.stripe, fresh!.account_id)),
          orderEventPartsFrom(deps),
        ),
      };
    },
  );

  // Webhooks need the exact bytes Stripe signed, so this scope reads JSON bodies as text.
  await app.register(async (hooks) => {
    hooks.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    hooks.post(
      '/webhooks/stripe',
      {
        schema: {
          tags: ['webhooks'],
          summary: 'Stripe events: signature checked, each event handled once',
          hide: false,
          response: { 200: stripeWebhookResponse },
        },
      },
      async (req, reply) => {
        if (!deps.stripe || !deps.config.stripe) throw notFound();
        let event: Stripe.Event;
        try {
          event = deps.stripe.webhooks.constructEvent(
            req.body as string,
            String(req.headers['stripe-signature'] ?? ''),
            deps.config.stripe.webhookSecret,
          );
        } catch {
          throw new DomainError('BAD_REQUEST');
        }
        const effects = await handleStripeEvent(db, ctx(), event);
        if (effects) await follow(effects);
        return reply.status(200).send({ received: true });
      },
    );
  });
};
