import {
  cardPaymentResponse,
  CHECKOUT_TOKEN_HEADER,
  molliePaymentBody,
  molliePaymentResponse,
  ORDER_SECRET_HEADER,
  paymentOptionsResponse,
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
import { refundDuplicatePayment } from './duplicate-payments.js';
import { refundLatePayment } from './late-refund.js';
import { applyMolliePayment, latestMolliePayment } from './mollie-events.js';
import { startMolliePayment } from './mollie-payment.js';
import { cardDestination } from './payment-connection.js';
import { paymentOptionsForOrder } from './payment-options.js';
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
  const optionDeps = () => ({
    db,
    config: deps.config,
    mollieFor: deps.mollieFor,
    log: deps.log,
    now: () => deps.clock.now(),
  });
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
    if (effects.duplicate)
      await refundDuplicatePayment({ db, stripe: deps.stripe, mollieFor: deps.mollieFor }, effects.duplicate, () =>
        deps.clock.now(),
      );
    if (effects.exchangeRefund) {
      const mails = await refundExchange(
        { ...ctx(), db, stripe: deps.stripe, mollieFor: deps.mollieFor, now: () => deps.clock.now(), log: deps.log },
        effects.exchangeRefund,
      );
      if (mails.length) await deps.jobs.deliverOutbox(mails);
    }
    if (effects.refund)
      await refundLatePayment(
        {
          db,
          stripe: deps.stripe,
          mollieFor: deps.mollieFor,
          jobs: deps.jobs,
          log: deps.log,
          now: () => deps.clock.now(),
          appUrl: deps.config.appUrl,
          storage: deps.storage,
        },
        effects.refund,
      );
  }

  /** A Mollie payment's state applied (webhook or return page), then what follows after commit. */
  async function settleMolliePayment(paymentId: string) {
    const effects = await applyMolliePayment({ db, mollieFor: deps.mollieFor! }, ctx(), paymentId);
    if (effects) await follow(effects);
  }

  app.get(
    '/events/:eventId/order/:shortId/payment-options',
    {
      schema: {
        tags,
        summary:
          "How the buyer can pay the order online: Stripe's card form and the Mollie methods the event offers (needs the order's secret)",
        params: publicOrderParams,
        headers,
        response: { 200: paymentOptionsResponse },
      },
    },
    async (req) => {
      const order = await orderOf(req);
      return { data: await paymentOptionsForOrder(optionDeps(), order) };
    },
  );

  app.post(
    '/events/:eventId/order/:shortId/mollie-payment',
    {
      schema: {
        tags,
        summary:
          "Pay the order at Mollie with the chosen method: answers the address of Mollie's payment page (needs the order's secret)",
        params: publicOrderParams,
        headers,
        body: molliePaymentBody,
        response: { 200: molliePaymentResponse },
      },
    },
    async (req) => {
      const order = await orderOf(req);
      if (!deps.mollieFor || !deps.config.mollie) throw new DomainError('PAYMENT_METHOD_UNAVAILABLE');
      const options = await paymentOptionsForOrder(optionDeps(), order);
      const option = options.find((o) => o.id === req.body.option && o.provider === 'MOLLIE');
      if (!option)
        throw new DomainError('VALIDATION_FAILED', { fields: { option: [{ key: 'payment_option_unavailable' }] } });
      return {
        data: await startMolliePayment(
          {
            db,
            config: deps.config.mollie,
            mollieFor: deps.mollieFor,
            appUrl: deps.config.appUrl,
            now: deps.clock.now(),
            log: deps.log,
          },
          order,
          tokenOf(req),
          option.method!,
        ),
      };
    },
  );

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
      // The buyer is back from Mollie's page (its newest payment), or from Stripe's confirmation (the one intent).
      const mollieId = deps.mollieFor ? await latestMolliePayment(db, order.id) : null;
      if (mollieId && (order.payment_provider === 'MOLLIE' || !order.payment_provider)) {
        await settleMolliePayment(mollieId);
      } else if (order.payment_intent_id && deps.stripe) {
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

  // Mollie posts only the payment's id, as a form; its state is read from Mollie (nothing in the call is believed).
  await app.register(async (hooks) => {
    hooks.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    hooks.post(
      '/webhooks/mollie',
      {
        schema: {
          tags: ['webhooks'],
          summary: "Mollie's payment webhook: the payment's state is read from Mollie and applied once",
          body: z.object({ id: z.string().max(100) }),
          response: { 200: stripeWebhookResponse },
        },
      },
      async (req, reply) => {
        if (!deps.mollieFor) throw notFound();
        // An id that is not a payment of ours is answered like one (Mollie is told nothing either way).
        const { id } = req.body as { id: string };
        if (/^tr_\w{1,64}$/.test(id)) await settleMolliePayment(id);
        return reply.status(200).send({ received: true });
      },
    );
  });

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
