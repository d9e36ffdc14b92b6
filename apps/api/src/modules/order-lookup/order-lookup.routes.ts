import {
  orderLookupBody,
  orderLookupParams,
  orderLookupRequestedResponse,
  orderLookupResponse,
  publicEventParams,
} from '@admitone/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { AppDeps } from '../../deps.js';
import { addressMailLimit } from '../../plugins/address-mail-limit.js';
import { requestLocale } from '../../plugins/locale.js';
import { answerFloor } from '../../shared/answer-floor.js';
import { readOrderLookup, requestOrderLookup } from './order-lookup.js';

const tags = ['checkout'];

/**
 * "Find my tickets" (buyers, no sign-in): an address typed on an event's page gets a mail with a link to
 * its orders there (or at every event of the organizer). The answer is the same, and as quick, whether
 * or not the address has orders; a client address may ask a few times, and one address gets only a few
 * mails an hour whoever asks (the same budget as sign-up and reset mails).
 */
export const orderLookupRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  const perAddressMail = addressMailLimit(app, deps.config.addressMailsPerHour);

  app.post(
    '/events/:eventId/order-lookups',
    {
      schema: {
        tags,
        summary:
          'Find my tickets: mail the address a link to its orders of this event (or of every event of its organizer); the same answer whether or not it has any',
        params: publicEventParams,
        body: orderLookupBody,
        response: { 202: orderLookupRequestedResponse },
      },
      // Per client address, as many as a sign-in form allows (AUTH_RATE_LIMIT_MAX per AUTH_RATE_LIMIT_WINDOW_SECONDS).
      config: {
        rateLimit: {
          max: deps.config.authRateLimit.max,
          timeWindow: deps.config.authRateLimit.windowSeconds * 1000,
          hook: 'preHandler' as const,
        },
      },
      preHandler: perAddressMail,
    },
    async (req, reply) => {
      const floor = answerFloor(deps.config.authRateLimit.answerFloorMs);
      const mails = await requestOrderLookup(
        { db, now: deps.clock.now(), appUrl: deps.config.appUrl },
        req.params.eventId,
        req.body.email,
        req.body.scope,
        requestLocale(req),
      );
      if (mails.length) await deps.jobs.deliverOutbox(mails);
      await floor();
      return reply.status(202).send({ data: { requested: true } });
    },
  );

  app.get(
    '/events/:eventId/order-lookups/:token',
    {
      schema: {
        tags,
        summary: 'The orders a "find my tickets" link shows (ORDER_LOOKUP_EXPIRED once it has run out)',
        params: orderLookupParams,
        response: { 200: orderLookupResponse },
      },
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
    },
    async (req) => ({
      data: await readOrderLookup({ db, now: deps.clock.now(), appUrl: '' }, req.params.eventId, req.params.token),
    }),
  );
};
