import {
  eventParams,
  PROMO_SORTS,
  promoCodeBody,
  promoCodeListResponse,
  promoCodeResponse,
  promoListQuery,
  promoParams,
} from '@admitone/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { AppDeps } from '../../deps.js';
import { authOf } from '../../plugins/auth.js';
import { paginated } from '../../shared/pagination.js';
import { actorOf } from '../audit/audit.js';
import { requireEvent } from '../events/events.repository.js';
import { deletePromoCode, getPromoCode, savePromoCode } from './promo-codes.js';
import { listPromos, toPromoDto } from './promo-codes.repository.js';

const tags = ['promo codes'];
const security = [{ bearer: [] }];

/** Promo codes of an event (SPEC §7): every id is checked against the event and the account. */
export const promoCodeRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  const { clock } = deps;
  app.addHook('preValidation', app.requirePermission('events.manage'));
  const eventOf = (accountId: number, eventId: number) => requireEvent(db, accountId, eventId);

  app.get(
    '/events/:eventId/promo-codes',
    {
      schema: {
        tags,
        security,
        summary: "The event's promo codes",
        params: eventParams,
        querystring: promoListQuery,
        response: { 200: promoCodeListResponse },
      },
    },
    async (req) => {
      const event = await eventOf(authOf(req).accountId, req.params.eventId);
      const { rows, total } = await listPromos(db, authOf(req).accountId, event.id, req.query);
      const now = clock.now();
      return paginated(
        rows.map((r) => toPromoDto(r, event, now, r.taken)),
        total,
        req.query,
        { sorts: PROMO_SORTS, filters: [] },
      );
    },
  );

  app.post(
    '/events/:eventId/promo-codes',
    {
      schema: {
        tags,
        security,
        summary: 'Create a promo code (unique per event, any case)',
        params: eventParams,
        body: promoCodeBody,
        response: { 201: promoCodeResponse },
      },
    },
    async (req, reply) => {
      const { accountId } = authOf(req);
      const event = await eventOf(accountId, req.params.eventId);
      return reply
        .status(201)
        .send({ data: await savePromoCode(db, clock, actorOf(authOf(req)), event, req.body, null) });
    },
  );

  app.get(
    '/events/:eventId/promo-codes/:promoId',
    {
      schema: { tags, security, summary: 'One promo code', params: promoParams, response: { 200: promoCodeResponse } },
    },
    async (req) => {
      const { accountId } = authOf(req);
      return {
        data: await getPromoCode(
          db,
          clock,
          accountId,
          await eventOf(accountId, req.params.eventId),
          req.params.promoId,
        ),
      };
    },
  );

  app.put(
    '/events/:eventId/promo-codes/:promoId',
    {
      schema: {
        tags,
        security,
        summary: 'Change a promo code',
        params: promoParams,
        body: promoCodeBody,
        response: { 200: promoCodeResponse },
      },
    },
    async (req) => {
      const { accountId } = authOf(req);
      const event = await eventOf(accountId, req.params.eventId);
      return { data: await savePromoCode(db, clock, actorOf(authOf(req)), event, req.body, req.params.promoId) };
    },
  );

  app.delete(
    '/events/:eventId/promo-codes/:promoId',
    { schema: { tags, security, summary: 'Delete a promo code', params: promoParams } },
    async (req, reply) => {
      const { accountId } = authOf(req);
      const event = await eventOf(accountId, req.params.eventId);
      await deletePromoCode(db, clock, actorOf(authOf(req)), event, req.params.promoId);
      return reply.status(204).send();
    },
  );
};
