import {
  ANSWER_FILE_MAX_BYTES,
  answerFileQuery,
  CHECKOUT_TOKEN_HEADER,
  fileAnswerResponse,
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
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import type { Tx } from '../../db/client.js';
import type { AppDeps } from '../../deps.js';
import { requestLocale } from '../../plugins/locale.js';
import { promoGuessesOf } from '../../plugins/promo-guesses.js';
import { DomainError, notFound } from '../../shared/errors.js';
import { hashToken } from '../../shared/tokens.js';
import { Admission, withinShare } from '../inventory/admission.js';
import { clientKeyOf } from '../inventory/fairness.js';
import { lockOrder, type OrderContext } from '../orders/order-status.js';
import { findOrderByShortId, type OrderRow, secretMatches } from '../orders/order-view.js';
import { loadPublicEventParts } from '../public-events/public-event.js';
import { answerFileRefused, uploadAnswerFile, type UploadedFile } from './answer-files.js';
import { buyerOrderViews } from './buyer-order-view.js';
import { chooseOfflinePayment, extendHold, saveOrderDetails } from './checkout-steps.js';
import { clientScopeOf, stepOnce } from './idempotency.js';
import { LINK_RESEND_INTERVAL_MS, resendOrderLink } from './order-link.js';
import { freshReservationDto } from './reservation-answer.js';
import { type ReserveDeps, reserveOrder } from './reserve-order.js';

const tags = ['checkout'];

/** The secret a repeated reservation answers: its order's, while that order is still the open checkout it made. */
const repeatSecret = (order: OrderRow | null, checkoutToken: string): string | null =>
  order && order.status === 'RESERVED' && order.checkout_token_hash === hashToken(checkoutToken) ? order.secret : null;
const headers = z.object({
  [CHECKOUT_TOKEN_HEADER]: z.string().max(200).optional(),
  [ORDER_SECRET_HEADER]: z
    .string()
    .max(200)
    .optional()
    .describe(
      "The order's secret (from the reservation or the buyer's e-mail links); without it the order answers 404",
    ),
  [IDEMPOTENCY_HEADER]: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe(
      'A repeat from the same client (the same checkout token, or without one the same address) gets the first answer; from another client it is another key',
    ),
});

/**
 * The multipart body's `file` (any other part is read and dropped). Missing: 422; over ANSWER_FILE_MAX_BYTES:
 * 413; both under the question's field, as the checkout form shows them.
 */
async function readAnswerFile(req: FastifyRequest, questionId: number): Promise<UploadedFile> {
  if (!req.isMultipart()) throw answerFileRefused(questionId, { key: 'required' });
  let found: UploadedFile | null = null;
  try {
    for await (const part of req.parts({ limits: { fileSize: ANSWER_FILE_MAX_BYTES, files: 2, fields: 5 } })) {
      if (part.type !== 'file') continue;
      const body = await part.toBuffer();
      if (part.fieldname === 'file' && !found) found = { body, filename: part.filename };
    }
  } catch (err) {
    if ((err as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') throw err;
    const max = ANSWER_FILE_MAX_BYTES / (1024 * 1024);
    throw answerFileRefused(questionId, { key: 'file_too_large', values: { max } }, 'PAYLOAD_TOO_LARGE');
  }
  if (!found?.body.length) throw answerFileRefused(questionId, { key: 'required' });
  return found;
}

/** The buyer's side of an order (SPEC §2 /checkout): reserve, details, extend the hold, pay offline. */
export const publicOrderRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  const { view, eventParts, cardPaymentsFor } = buyerOrderViews(deps);
  const ctx = (): OrderContext => ({
    now: deps.clock.now(),
    appUrl: deps.config.appUrl,
    storage: deps.storage,
    stock: deps.stock,
  });
  const reserveDeps: ReserveDeps = {
    db,
    commitWith: deps.database.kind === 'postgres',
    stock: deps.stock,
    // A buyer never waits in this queue longer than twice the database's lock timeout.
    // Then, like every checkout step, it waits for the process's checkout share of the pool.
    admission: withinShare(
      new Admission(deps.config.checkoutConcurrency, deps.config.lockTimeoutMs * 2),
      deps.checkoutShare,
    ),
    // The cached catalogue is fine to plan with: the counters check its ticket versions.
    catalogueOf: async (eventId, fresh) => {
      if (fresh) deps.publicEvents.invalidate(eventId);
      return (await deps.publicEvents.staticOf(eventId, () => loadPublicEventParts(db, eventId)))?.catalogue ?? null;
    },
  };
  // An empty token is no token.
  const tokenOf = (req: FastifyRequest) => (req.headers[CHECKOUT_TOKEN_HEADER] as string | undefined) || null;
  const secretOf = (req: FastifyRequest) => (req.headers[ORDER_SECRET_HEADER] as string | undefined) ?? null;
  const keyOf = (req: FastifyRequest) => req.headers[IDEMPOTENCY_HEADER] as string | undefined;
  /** Locks the request's order for a step; without its secret it is not found. */
  const lockWithSecret = async (tx: Tx, req: FastifyRequest<{ Params: { eventId: number; shortId: string } }>) => {
    const order = await lockOrder(tx, req.params.eventId, { shortId: req.params.shortId });
    if (!secretMatches(order, secretOf(req))) throw notFound();
    return order;
  };

  /** Whose idempotency keys a request's are: its checkout token's, or else its address's (see clientScopeOf). */
  const clientScope = (req: FastifyRequest) => {
    const token = tokenOf(req);
    return clientScopeOf(token ? hashToken(token) : null, clientKeyOf(req.ip));
  };

  /**
   * Runs one checkout step on the order, locked and its secret checked before anything else (a request
   * without it is 404 whatever keys were used), once per idempotency key of this client, then sends its
   * mails. The answer is read after commit with the request's own secret and token, so no lock is held
   * while it is built and a repeat shows nothing its sender could not read anyway.
   */
  async function step(
    req: FastifyRequest<{ Params: { eventId: number; shortId: string } }>,
    scope: string,
    run: (tx: Tx, c: OrderContext, order: OrderRow) => Promise<number[]>,
  ) {
    const c = ctx();
    // Within the checkout share of the pool: a hot row locked for long holds at most that share.
    const mails = await deps.checkoutShare.run(0, () =>
      stepOnce(
        db,
        `${scope}:${req.params.eventId}:${req.params.shortId}:${clientScope(req)}`,
        keyOf(req),
        req.body ?? null,
        (tx) => lockWithSecret(tx, req),
        (tx, order) => run(tx, c, order),
      ),
    );
    if (mails.length) await deps.jobs.deliverOutbox(mails);
    return { data: await view(db, req.params, secretOf(req), tokenOf(req), deps.clock.now()) };
  }

  // A reservation carrying a promo code is a try like the public check: refused past the guess limits,
  // and a code refused as invalid counts as a wrong one (plugins/promo-guesses.ts).
  const guesses = promoGuessesOf(app, deps.config);
  async function withinPromoGuesses<T>(
    req: FastifyRequest<{ Params: { eventId: number }; Body: { promo_code?: string | null } }>,
    run: () => Promise<T>,
  ): Promise<T> {
    if (!req.body.promo_code) return run();
    await guesses.assertRoom(req, req.params.eventId);
    try {
      return await run();
    } catch (err) {
      if (err instanceof DomainError && err.options.fields?.promo_code) await guesses.miss(req, req.params.eventId);
      throw err;
    }
  }

  app.post(
    '/events/:eventId/order',
    {
      schema: {
        tags,
        summary: 'Reserve tickets: hold them for the event order timeout (the checkout starts)',
        params: publicEventParams,
        headers,
        body: reserveOrderBody,
        response: { 201: reserveOrderResponse },
      },
      config: { rateLimit: { max: deps.config.checkoutRateLimitMax, timeWindow: 60_000 } },
    },
    async (req, reply) => {
      const locale = req.body.locale ?? requestLocale(req);
      const client = { key: clientKeyOf(req.ip) };
      const reserved = await withinPromoGuesses(req, () =>
        reserveOrder(reserveDeps, req.params.eventId, req.body, {
          checkoutToken: tokenOf(req),
          locale,
          idempotencyKey: keyOf(req),
          client,
        }),
      );
      // Built from what was written (no read after commit); a repeated request reads its order back.
      const now = deps.clock.now();
      const parts = reserved.written ? await eventParts(req.params.eventId) : null;
      // A repeated request (its stored answer has no secret) reads the secret back from its order: the key
      // was this client's own (same checkout token, or same address without one), and a repeat is a retry
      // of a request whose answer was lost, so only while its checkout is still open. Once the order has
      // moved on (completed, awaiting payment, replaced, cancelled) or is gone, a repeat is 404, as
      // reading a gone order would answer: its buyer has long had the answer, and an address may be
      // shared (one network, one proxy) by people who are not that buyer.
      const secret =
        reserved.orderSecret ??
        repeatSecret(await findOrderByShortId(db, req.params.eventId, reserved.shortId), reserved.checkoutToken);
      if (secret === null) throw notFound();
      const data =
        reserved.written && parts
          ? freshReservationDto(reserved, parts, locale, client.key, now, await cardPaymentsFor(parts.event.account_id))
          : await view(
              db,
              { eventId: req.params.eventId, shortId: reserved.shortId },
              secret,
              reserved.checkoutToken,
              now,
            );
      // 201 for a new reservation and for a repeated request alike (the stored answer is the first one's).
      return reply.status(201).send({ data, checkout_token: reserved.checkoutToken, order_secret: secret });
    },
  );

  app.get(
    '/events/:eventId/order/:shortId',
    {
      schema: {
        tags,
        summary: "An order as its buyer sees it (needs the order's secret in X-Order-Secret; otherwise 404)",
        params: publicOrderParams,
        headers,
        response: { 200: publicOrderResponse },
      },
    },
    async (req) => ({ data: await view(db, req.params, secretOf(req), tokenOf(req), deps.clock.now()) }),
  );

  app.put(
    '/events/:eventId/order/:shortId/details',
    {
      schema: {
        tags,
        summary: 'Buyer and attendee details and answers; free orders complete',
        params: publicOrderParams,
        headers,
        body: orderDetailsBody,
        response: { 200: publicOrderResponse },
      },
    },
    async (req) => {
      const locale = req.body.locale ?? requestLocale(req);
      return step(req, 'details', async (tx, c, order) => {
        return saveOrderDetails(tx, c, order, tokenOf(req), req.body, locale);
      });
    },
  );

  app.post(
    '/events/:eventId/order/:shortId/files',
    {
      schema: {
        tags,
        summary:
          'Upload the file answering a FILE question (multipart `file`): PDF, JPEG, PNG or WebP up to 5 MB, judged by its bytes; kept private. Send the answer it returns with the details',
        params: publicOrderParams,
        querystring: answerFileQuery,
        headers,
        consumes: ['multipart/form-data'],
        response: { 201: fileAnswerResponse },
      },
      config: { rateLimit: { max: deps.config.checkoutRateLimitMax, timeWindow: 60_000 } },
    },
    async (req, reply) => {
      const target = {
        eventId: req.params.eventId,
        shortId: req.params.shortId,
        secret: secretOf(req),
        token: tokenOf(req),
        questionId: req.query.question_id,
        attendee: req.query.attendee ?? null,
      };
      const fileDeps = { db, clock: deps.clock, storage: deps.storage, log: deps.log, share: deps.checkoutShare };
      const file = await uploadAnswerFile(fileDeps, target, () => readAnswerFile(req, target.questionId));
      return reply.status(201).send({ data: file });
    },
  );

  app.post(
    '/events/:eventId/order/:shortId/extend',
    {
      schema: {
        tags,
        summary: 'Extend the hold once (WCAG 2.2.1)',
        params: publicOrderParams,
        headers,
        response: { 200: publicOrderResponse },
      },
    },
    async (req) => {
      return step(req, 'extend', async (tx, c, order) => {
        await extendHold(tx, c, order, tokenOf(req));
        return [];
      });
    },
  );

  app.post(
    '/events/:eventId/order/:shortId/offline-payment',
    {
      schema: {
        tags,
        summary: 'Pay offline: the order awaits payment',
        params: publicOrderParams,
        headers,
        response: { 200: publicOrderResponse },
      },
    },
    async (req) => {
      return step(req, 'offline', async (tx, c, order) => {
        return chooseOfflinePayment(tx, c, order, tokenOf(req));
      });
    },
  );

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
      schema: {
        tags,
        summary:
          "Mail the order's link (with its secret) to the order's buyer again; the same answer whatever the order",
        params: publicOrderParams,
        response: { 202: orderLinkRequestedResponse },
      },
      config: { rateLimit: { max: 10, timeWindow: LINK_RESEND_INTERVAL_MS } },
    },
    async (req, reply) => {
      const mails = await resendOrderLink(db, ctx(), req.params.eventId, req.params.shortId);
      if (mails.length) await deps.jobs.deliverOutbox(mails);
      return reply.status(202).send({ data: { requested: true } });
    },
  );
};
