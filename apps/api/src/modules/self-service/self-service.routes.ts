import {
  buyerAttendeeBody,
  checkoutInvoiceBody,
  exchangeDatesResponse,
  exchangeOrderBody,
  exchangeOrderResponse,
  exchangeSyncBody,
  exchangeSyncResponse,
  ORDER_SECRET_HEADER,
  passPickBody,
  publicOrderAttendeeParams,
  publicOrderParams,
  publicOrderResponse,
  transferTicketBody,
} from '@admitone/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import type { AppDeps } from '../../deps.js';
import { ticketMailBudget } from '../../plugins/address-mail-limit.js';
import { notFound } from '../../shared/errors.js';
import { buyerOrderViews } from '../checkout/buyer-order-view.js';
import type { OrderContext } from '../orders/order-status.js';
import { findOrderWithSecret } from '../orders/order-view.js';
import { buyerEditAttendee, buyerResendTicket, type BuyerTicketRef } from './buyer-changes.js';
import { cancelByBuyer } from './cancel.js';
import { exchangeOptions, exchangeOrderDate } from './exchange.js';
import { exchangeStatus, refundExchange, startExchangePayment, syncExchangePayment } from './exchange-payments.js';
import { correctInvoiceDetailsByBuyer } from './invoice-details.js';
import { pickPassDate } from './pass-picks.js';
import { transferTicket } from './transfer.js';

const tags = ['checkout'];
const headers = z.object({
  [ORDER_SECRET_HEADER]: z
    .string()
    .max(200)
    .optional()
    .describe("The order's secret (from the buyer's e-mail links); without it the order answers 404"),
});

/**
 * The buyer's own changes to a placed order, from the order page (the order's secret opens it), as far
 * as the event allows (self-service/policy.ts): correct an attendee, send a ticket again, pass a ticket
 * on. Each answers
 * the order as it now stands.
 */
export const selfServiceRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  const { view } = buyerOrderViews(deps);
  const ctx = (): OrderContext => ({
    now: deps.clock.now(),
    appUrl: deps.config.appUrl,
    storage: deps.storage,
    stock: deps.stock,
  });
  const secretOf = (req: FastifyRequest) => (req.headers[ORDER_SECRET_HEADER] as string | undefined) ?? null;
  const ticketOf = (req: FastifyRequest<{ Params: z.infer<typeof publicOrderAttendeeParams> }>): BuyerTicketRef => ({
    ...req.params,
    secret: secretOf(req),
  });
  // Each ticket mail a change sends counts against the new address (with sign-up and reset mails) and the ticket.
  const mailBudget = ticketMailBudget(app, deps.config.addressMailsPerHour, deps.config.ticketMailsPerHour);
  const budgetOf = (req: FastifyRequest) => (ticketId: number, email: string) => mailBudget(req, ticketId, email);

  /** Runs a change (its own transaction), sends its mails, and answers the order as it now stands. */
  async function change(
    req: FastifyRequest<{ Params: { eventId: number; shortId: string } }>,
    run: (c: OrderContext) => Promise<number[]>,
  ) {
    const mails = await run(ctx());
    if (mails.length) await deps.jobs.deliverOutbox(mails);
    return { data: await view(db, req.params, secretOf(req), null, deps.clock.now()) };
  }

  app.put(
    '/events/:eventId/order/:shortId/attendees/:attendeeShortId',
    {
      schema: {
        tags,
        summary:
          "The buyer corrects an attendee's name, e-mail and the answers they may change, before the event's cut-off (SELF_SERVICE_CLOSED after)",
        params: publicOrderAttendeeParams,
        headers,
        body: buyerAttendeeBody,
        response: { 200: publicOrderResponse },
      },
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
    },
    (req) => change(req, (c) => buyerEditAttendee(db, c, ticketOf(req), req.body, budgetOf(req))),
  );

  app.post(
    '/events/:eventId/order/:shortId/attendees/:attendeeShortId/resend',
    {
      schema: {
        tags,
        summary: "Send a ticket's e-mail again to the address on it (at most every few minutes per ticket)",
        params: publicOrderAttendeeParams,
        headers,
        response: { 200: publicOrderResponse },
      },
      config: { rateLimit: { max: 20, timeWindow: 60_000 } },
    },
    (req) => change(req, (c) => buyerResendTicket(db, c, ticketOf(req), budgetOf(req))),
  );

  app.post(
    '/events/:eventId/order/:shortId/pass-picks',
    {
      schema: {
        tags,
        summary:
          'The holder of a pass for any N dates picks one (a ticket for it, taken as a buyer takes); refused on the field when none is left or the date cannot be picked',
        params: publicOrderParams,
        headers,
        body: passPickBody,
        response: { 200: publicOrderResponse },
      },
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
    },
    // A pick takes stock as a checkout does: within the process's checkout share of the pool (a rush for a date's
    // last places queues here, not on the date's row with a connection each).
    (req) =>
      change(req, (c) =>
        deps.checkoutShare.run(0, () =>
          pickPassDate(db, c, { ...req.params, secret: secretOf(req) }, req.body, budgetOf(req)),
        ),
      ),
  );

  app.post(
    '/events/:eventId/order/:shortId/attendees/:attendeeShortId/transfer',
    {
      schema: {
        tags,
        summary:
          'Pass a ticket on to another person: a new code (the old one stops admitting at once), mailed to the new holder (SELF_SERVICE_CLOSED when the event does not allow it)',
        params: publicOrderAttendeeParams,
        headers,
        body: transferTicketBody,
        response: { 200: publicOrderResponse },
      },
      config: { rateLimit: { max: 20, timeWindow: 60_000 } },
    },
    (req) => change(req, (c) => transferTicket(db, c, ticketOf(req), req.body, budgetOf(req))),
  );

  app.put(
    '/events/:eventId/order/:shortId/invoice-details',
    {
      schema: {
        tags,
        summary:
          'The buyer corrects the company, address and VAT number on their invoice (checked as at checkout): the invoice is cancelled and issued again, the amounts unchanged; a few times at most (INVOICE_CORRECTIONS_USED), only for an order with an invoice',
        params: publicOrderParams,
        headers,
        body: checkoutInvoiceBody,
        response: { 200: publicOrderResponse },
      },
      config: { rateLimit: { max: 10, timeWindow: 60_000 } },
    },
    (req) =>
      change(req, (c) => correctInvoiceDetailsByBuyer(db, c, { ...req.params, secret: secretOf(req) }, req.body)),
  );

  app.post(
    '/events/:eventId/order/:shortId/cancel',
    {
      schema: {
        tags,
        summary:
          'The buyer cancels their order as the event allows: free or unpaid orders at once, card-paid ones with a full refund to the card (once); the tickets go back to stock',
        params: publicOrderParams,
        headers,
        response: { 200: publicOrderResponse },
      },
      config: { rateLimit: { max: 10, timeWindow: 60_000 } },
    },
    (req) =>
      change(req, () =>
        cancelByBuyer(
          {
            db,
            stripe: deps.stripe,
            mollieFor: deps.mollieFor,
            now: () => deps.clock.now(),
            appUrl: deps.config.appUrl,
            storage: deps.storage,
            stock: deps.stock,
          },
          req.params.eventId,
          req.params.shortId,
          secretOf(req),
        ),
      ),
  );

  const cards = { stripe: deps.stripe, config: deps.config.stripe };
  /** A buyer's exchange difference to refund after commit, then its mail. */
  const refundDifference = async (refund: Parameters<typeof refundExchange>[1]) => {
    const refundDeps = {
      ...ctx(),
      db,
      stripe: deps.stripe,
      mollieFor: deps.mollieFor,
      now: () => deps.clock.now(),
      log: deps.log,
    };
    const mails = await refundExchange(refundDeps, refund);
    if (mails.length) await deps.jobs.deliverOutbox(mails);
  };

  app.get(
    '/events/:eventId/order/:shortId/exchange',
    {
      schema: {
        tags,
        summary:
          "The dates the buyer's order may move to now (the event's other dates on sale; with SAME_PRICE only where each ticket costs the same), each with the order's total there, the difference and how it is settled; empty when the event does not allow it",
        params: publicOrderParams,
        headers,
        response: { 200: exchangeDatesResponse },
      },
    },
    async (req) => ({
      data: await exchangeOptions(db, cards, req.params.eventId, req.params.shortId, secretOf(req), deps.clock.now()),
    }),
  );

  app.post(
    '/events/:eventId/order/:shortId/exchange',
    {
      schema: {
        tags,
        summary:
          "The buyer moves their whole order to another date of the event, as the event allows: its tickets keep their codes, the stock moves with them (NO_TICKETS_AVAILABLE when the date has no room), the buyer is mailed the new time. A cheaper date's difference is refunded to the card; a dearer one answers `payment` (the difference's PaymentIntent) and moves once it is paid",
        params: publicOrderParams,
        headers,
        body: exchangeOrderBody,
        response: { 200: exchangeOrderResponse },
      },
      config: { rateLimit: { max: 20, timeWindow: 60_000 } },
    },
    async (req) => {
      const ref = { ...req.params, secret: secretOf(req) };
      const step = await exchangeOrderDate(db, ctx(), cards, ref, req.body.event_date_id);
      let payment = null;
      if (step.kind === 'moved') {
        if (step.mails.length) await deps.jobs.deliverOutbox(step.mails);
        if (step.refund) await refundDifference(step.refund);
      } else {
        const order = await findOrderWithSecret(db, ref.eventId, ref.shortId, ref.secret);
        if (!order) throw notFound();
        payment = await startExchangePayment(
          { db, stripe: deps.stripe, config: deps.config.stripe, now: () => deps.clock.now(), log: deps.log },
          order,
          step,
        );
      }
      return { data: await view(db, req.params, ref.secret, null, deps.clock.now()), payment };
    },
  );

  app.post(
    '/events/:eventId/order/:shortId/exchange/sync',
    {
      schema: {
        tags,
        summary:
          "After the buyer confirmed the difference's card payment: ask Stripe for its outcome and apply it (as the webhook does, once): the order moves, or, when the date could no longer take it, the difference is refunded",
        params: publicOrderParams,
        headers,
        body: exchangeSyncBody,
        response: { 200: exchangeSyncResponse },
      },
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
    },
    async (req) => {
      const secret = secretOf(req);
      const order = await findOrderWithSecret(db, req.params.eventId, req.params.shortId, secret);
      if (!order) throw notFound();
      const effects = await syncExchangePayment(db, ctx(), deps.stripe, order.id, req.body.exchange_id);
      if (effects.mails.length) await deps.jobs.deliverOutbox(effects.mails);
      if (effects.exchangeRefund) await refundDifference(effects.exchangeRefund);
      return {
        data: await view(db, req.params, secret, null, deps.clock.now()),
        exchange: await exchangeStatus(db, order.id, req.body.exchange_id),
      };
    },
  );
};
