import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  CHECKOUT_TOKEN_HEADER,
  IDEMPOTENCY_HEADER,
  ORDER_SECRET_HEADER,
  orderDetailsBody,
  orderLinkRequestedResponse,
  publicEventParams,
  publicOrderParams,
  publicOrderResponse,
  reserveOrderBody,
  reserveOrderResponse,
} from '@admitone/shared';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import type { Tx } from '../../db/client.js';
import { requestLocale } from '../../plugins/locale.js';
import { notFound } from '../../shared/errors.js';
import { Admission } from '../inventory/admission.js';
import { clientKeyOf } from '../inventory/fairness.js';
import { loadPublicEventParts } from '../public-events/public-event.js';
import { chooseOfflinePayment, extendHold, saveOrderDetails } from './checkout-steps.js';
import { buyerOrderViews } from './buyer-order-view.js';
import { stepOnce } from './idempotency.js';
import { LINK_RESEND_INTERVAL_MS, resendOrderLink } from './order-link.js';
import { lockOrder, type OrderContext } from './order-status.js';
import { findOrderByShortId, secretMatches } from './order-view.js';
import { freshReservationDto } from './reservation-answer.js';
import { reserveOrder, type ReserveDeps } from './reserve-order.js';

const tags = ['checkout'];
const headers = z.object({
  [CHECKOUT_TOKEN_HEADER]: z.string().max(200).optional(),
  [ORDER_SECRET_HEADER]: z.string().max(200).optional().describe("The order's secret (from the reservation or the buyer's e-mail links); without it the order answers 404"),
  [IDEMPOTENCY_HEADER]: z.string().min(1).max(200).optional(),
});

/** The buyer's side of an order (SPEC §2 /checkout): reserve, details, extend the hold, pay offline. */
export const publicOrderRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  const { view, eventParts, cardPaymentsFor } = buyerOrderViews(deps);
  const ctx = (): OrderContext => ({ now: deps.clock.now(), appUrl: deps.config.appUrl, storage: deps.storage, stock: deps.stock });
  const reserveDeps: ReserveDeps = {
    db,
    commitWith: deps.database.kind === 'postgres',
    stock: deps.stock,
    // A buyer never waits in this queue longer than twice the database's lock timeout.
    admission: new Admission(deps.config.checkoutConcurrency, deps.config.lockTimeoutMs * 2),
    // The cached catalogue is fine to plan with: the counters check its ticket versions.
    catalogueOf: async (eventId, fresh) => {
      if (fresh) deps.publicEvents.invalidate(eventId);
      return (await deps.publicEvents.staticOf(eventId, () => loadPublicEventParts(db, eventId)))?.catalogue ?? null;
    },
  };
  const tokenOf = (req: FastifyRequest) => (req.headers[CHECKOUT_TOKEN_HEADER] as string | undefined) ?? null;
  const secretOf = (req: FastifyRequest) => (req.headers[ORDER_SECRET_HEADER] as string | undefined) ?? null;
  const keyOf = (req: FastifyRequest) => req.headers[IDEMPOTENCY_HEADER] as string | undefined;
  /** Locks the request's order for a step; without its secret it is not found. */
  const lockWithSecret = async (tx: Tx, req: FastifyRequest<{ Params: { eventId: number; shortId: string } }>) => {
    const order = await lockOrder(tx, req.params.eventId, { shortId: req.params.shortId });
    if (!secretMatches(order, secretOf(req))) throw notFound();
    return order;
  };

  /**
   * Runs one checkout step on the locked order, once per idempotency key, then sends its mails.
   * The answer is read after commit, so no lock is held while it is built.
   */
  async function step(req: FastifyRequest<{ Params: { eventId: number; shortId: string } }>, scope: string, run: (tx: Tx, c: OrderContext) => Promise<number[]>) {
    const c = ctx();
    const mails = await stepOnce(db, `${scope}:${req.params.eventId}:${req.params.shortId}`, keyOf(req), req.body ?? null, (tx) => run(tx, c));
    if (mails.length) await deps.jobs.deliverOutbox(mails);
    return { data: await view(db, req.params, secretOf(req), tokenOf(req), deps.clock.now()) };
  }

  app.post(
    '/events/:eventId/order',
    {
      schema: { tags, summary: 'Reserve tickets: hold them for the event order timeout (the checkout starts)', params: publicEventParams, headers, body: reserveOrderBody, response: { 201: reserveOrderResponse } },
      config: { rateLimit: { max: deps.config.checkoutRateLimitMax, timeWindow: 60_000 } },
    },
    async (req, reply) => {
      const locale = req.body.locale ?? requestLocale(req);
      const client = { key: clientKeyOf(req.ip) };
      const reserved = await reserveOrder(reserveDeps, req.params.eventId, req.body, { checkoutToken: tokenOf(req), locale, idempotencyKey: keyOf(req), client });
      // Built from what was written (no read after commit); a repeated request reads its order back.
      const now = deps.clock.now();
      const parts = reserved.written ? await eventParts(req.params.eventId) : null;
      // A repeated request (its stored answer has no secret) reads the secret back from its order.
      const secret = reserved.orderSecret ?? (await findOrderByShortId(db, req.params.eventId, reserved.shortId))?.secret ?? null;
      // Only a repeated request whose order is gone has none: 404, as reading that order would answer.
      if (secret === null) throw notFound();
      const data = reserved.written && parts
        ? freshReservationDto(reserved, parts, locale, client.key, now, await cardPaymentsFor(parts.event.account_id))
        : await view(db, { eventId: req.params.eventId, shortId: reserved.shortId }, secret, reserved.checkoutToken, now);
      // 201 for a new reservation and for a repeated request alike (the stored answer is the first one's).
      return reply.status(201).send({ data, checkout_token: reserved.checkoutToken, order_secret: secret });
    },
  );

  app.get(
    '/events/:eventId/order/:shortId',
    { schema: { tags, summary: "An order as its buyer sees it (needs the order's secret in X-Order-Secret; otherwise 404)", params: publicOrderParams, headers, response: { 200: publicOrderResponse } } },
    async (req) => ({ data: await view(db, req.params, secretOf(req), tokenOf(req), deps.clock.now()) }),
  );

  app.put('/events/:eventId/order/:shortId/details', { schema: { tags, summary: "Buyer and attendee details and answers; free orders complete", params: publicOrderParams, headers, body: orderDetailsBody, response: { 200: publicOrderResponse } } }, async (req) => {
    const locale = req.body.locale ?? requestLocale(req);
    return step(req, 'details', async (tx, c) => {
      const order = await lockWithSecret(tx, req);
      return saveOrderDetails(tx, c, order, tokenOf(req), req.body, locale);
    });
  });

  app.post('/events/:eventId/order/:shortId/extend', { schema: { tags, summary: 'Extend the hold once (WCAG 2.2.1)', params: publicOrderParams, headers, response: { 200: publicOrderResponse } } }, async (req) => {
    return step(req, 'extend', async (tx, c) => {
      const order = await lockWithSecret(tx, req);
      await extendHold(tx, c, order, tokenOf(req));
      return [];
    });
  });

  app.post('/events/:eventId/order/:shortId/offline-payment', { schema: { tags, summary: 'Pay offline: the order awaits payment', params: publicOrderParams, headers, response: { 200: publicOrderResponse } } }, async (req) => {
    return step(req, 'offline', async (tx, c) => {
      const order = await lockWithSecret(tx, req);
      return chooseOfflinePayment(tx, c, order, tokenOf(req));
    });
  });

  /**
   * An old link (from a mail sent before orders had secrets, or a link cut short) cannot open the order:
   * its page offers this instead. The buyer's own address gets a mail with the order's link (with the
   * secret), at most once per LINK_RESEND_INTERVAL_MS whoever asks, and each client address may ask only
   * a few times. The answer is the same whatever happened (no order, no address, already sent) and never
   * names the address.
   */
  app.post(
    '/events/:eventId/order/:shortId/resend-link',
    {
      schema: { tags, summary: "Mail the order's link (with its secret) to the order's buyer again; the same answer whatever the order", params: publicOrderParams, response: { 202: orderLinkRequestedResponse } },
      config: { rateLimit: { max: 10, timeWindow: LINK_RESEND_INTERVAL_MS } },
    },
    async (req, reply) => {
      const mails = await resendOrderLink(db, ctx(), req.params.eventId, req.params.shortId);
      if (mails.length) await deps.jobs.deliverOutbox(mails);
      return reply.status(202).send({ data: { requested: true } });
    },
  );
};

