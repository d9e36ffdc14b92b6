import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { CHECKOUT_TOKEN_HEADER, IDEMPOTENCY_HEADER, orderDetailsBody, publicEventParams, publicOrderParams, reserveOrderBody } from '@admitone/shared';
import { z } from 'zod';
import type { AppDeps } from '../../app.js';
import type { Executor, Tx } from '../../db/client.js';
import { requestLocale } from '../../plugins/locale.js';
import { notFound } from '../../shared/errors.js';
import { Admission } from '../inventory/admission.js';
import { clientKeyOf } from '../inventory/fairness.js';
import { loadPublicEventParts } from '../public-events/public-event.js';
import { chooseOfflinePayment, extendHold, saveOrderDetails } from './checkout-steps.js';
import { once } from './idempotency.js';
import { lockOrder, type OrderContext } from './order-status.js';
import { findOrderByShortId, orderEventPartsFrom, publicOrderView } from './order-view.js';
import { freshReservationDto } from './reservation-answer.js';
import { reserveOrder, type ReserveDeps } from './reserve-order.js';
import { cardDestination } from '../payments/payment-connection.js';

const tags = ['checkout'];
const headers = z.object({
  [CHECKOUT_TOKEN_HEADER]: z.string().max(200).optional(),
  [IDEMPOTENCY_HEADER]: z.string().min(1).max(200).optional(),
});

/** The buyer's side of an order (SPEC §2 /checkout): reserve, details, extend the hold, pay offline. */
export const publicOrderRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  const cardPaymentsFor = async (accountId: number) => !!(await cardDestination(db, deps.config.stripe, accountId));
  const ctx = (): OrderContext => ({ now: deps.clock.now(), appUrl: deps.config.appUrl, stock: deps.stock });
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
  const keyOf = (req: FastifyRequest) => req.headers[IDEMPOTENCY_HEADER] as string | undefined;
  const eventParts = orderEventPartsFrom(deps);
  const view = (tx: Executor, orderId: { eventId: number; shortId: string }, token: string | null, now: Date) =>
    findOrderByShortId(tx, orderId.eventId, orderId.shortId).then((o) => {
      if (!o) throw notFound();
      return cardPaymentsFor(o.account_id).then((card) => publicOrderView(tx, deps.storage, o, token, now, card, eventParts));
    });

  /**
   * Runs one checkout step on the locked order, once per idempotency key, then sends its mails.
   * The answer is read after commit, so no lock is held while it is built.
   */
  async function step(req: FastifyRequest<{ Params: { eventId: number; shortId: string } }>, scope: string, run: (tx: Tx, c: OrderContext) => Promise<number[]>) {
    const c = ctx();
    let mails: number[] = [];
    await db.transaction((tx) =>
      once<{ done: true }>(tx, `${scope}:${req.params.eventId}:${req.params.shortId}`, keyOf(req), req.body ?? null, async () => {
        mails = await run(tx, c);
        return { status: 200, body: { done: true } };
      }),
    );
    if (mails.length) await deps.jobs.deliverOutbox(mails);
    return { data: await view(db, req.params, tokenOf(req), deps.clock.now()) };
  }

  app.post(
    '/events/:eventId/order',
    {
      schema: { tags, summary: 'Reserve tickets: hold them for the event order timeout (the checkout starts)', params: publicEventParams, headers, body: reserveOrderBody },
      config: { rateLimit: { max: deps.config.checkoutRateLimitMax, timeWindow: 60_000 } },
    },
    async (req, reply) => {
      const locale = req.body.locale ?? requestLocale(req);
      const client = { key: clientKeyOf(req.ip) };
      const reserved = await reserveOrder(reserveDeps, req.params.eventId, req.body, { checkoutToken: tokenOf(req), locale, idempotencyKey: keyOf(req), client });
      // Built from what was written (no read after commit); a repeated request reads its order back.
      const now = deps.clock.now();
      const parts = reserved.written ? await eventParts(req.params.eventId) : null;
      const data = reserved.written && parts
        ? freshReservationDto(reserved, parts, locale, client.key, now, await cardPaymentsFor(parts.event.account_id))
        : await view(db, { eventId: req.params.eventId, shortId: reserved.shortId }, reserved.checkoutToken, now);
      return reply.status(reserved.status).send({ data, checkout_token: reserved.checkoutToken });
    },
  );

  app.get('/events/:eventId/order/:shortId', { schema: { tags, summary: 'An order as its buyer sees it', params: publicOrderParams, headers } }, async (req) => {
    const order = await findOrderByShortId(db, req.params.eventId, req.params.shortId);
    if (!order) throw notFound();
    return { data: await publicOrderView(db, deps.storage, order, tokenOf(req), deps.clock.now(), await cardPaymentsFor(order.account_id), eventParts) };
  });

  app.put('/events/:eventId/order/:shortId/details', { schema: { tags, summary: "Buyer and attendee details and answers; free orders complete", params: publicOrderParams, headers, body: orderDetailsBody } }, async (req) => {
    const locale = req.body.locale ?? requestLocale(req);
    return step(req, 'details', async (tx, c) => {
      const order = await lockOrder(tx, req.params.eventId, { shortId: req.params.shortId });
      return saveOrderDetails(tx, c, order, tokenOf(req), req.body, locale);
    });
  });

  app.post('/events/:eventId/order/:shortId/extend', { schema: { tags, summary: 'Extend the hold once (WCAG 2.2.1)', params: publicOrderParams, headers } }, async (req) => {
    return step(req, 'extend', async (tx, c) => {
      const order = await lockOrder(tx, req.params.eventId, { shortId: req.params.shortId });
      await extendHold(tx, c, order, tokenOf(req));
      return [];
    });
  });

  app.post('/events/:eventId/order/:shortId/offline-payment', { schema: { tags, summary: 'Pay offline: the order awaits payment', params: publicOrderParams, headers } }, async (req) => {
    return step(req, 'offline', async (tx, c) => {
      const order = await lockOrder(tx, req.params.eventId, { shortId: req.params.shortId });
      return chooseOfflinePayment(tx, c, order, tokenOf(req));
    });
  });
};

