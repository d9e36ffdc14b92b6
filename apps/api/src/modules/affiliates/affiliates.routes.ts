import {
  AFFILIATE_SORTS,
  affiliateBody,
  affiliateListQuery,
  affiliateListResponse,
  affiliateParams,
  affiliateResponse,
  eventParams,
} from '@admitone/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { AppDeps } from '../../deps.js';
import { authOf } from '../../plugins/auth.js';
import { requestLocale } from '../../plugins/locale.js';
import { DomainError } from '../../shared/errors.js';
import { paginated } from '../../shared/pagination.js';
import { requireEvent } from '../events/events.repository.js';
import { deleteAffiliate, findAffiliate, listAffiliates, toAffiliateDto } from './affiliates.repository.js';
import { exportAffiliatesCsv } from './export-affiliates.js';
import { saveAffiliate } from './save-affiliate.js';

const tags = ['affiliates'];
const security = [{ bearer: [] }];

/** Affiliates of an event: every id is checked against the event and the caller's account. */
export const affiliateRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  app.addHook('preValidation', app.requirePermission('events.manage'));

  const eventOf = (accountId: number, eventId: number) => requireEvent(db, accountId, eventId);
  const one = async (accountId: number, event: { id: number; slug: string; currency: string }, id: number) => {
    const row = await findAffiliate(db, accountId, event.id, id);
    if (!row) throw new DomainError('NOT_FOUND');
    return toAffiliateDto(row, event);
  };

  app.get(
    '/events/:eventId/affiliates',
    {
      schema: {
        tags,
        security,
        summary: "The event's affiliates with their orders, tickets and revenue",
        params: eventParams,
        querystring: affiliateListQuery,
        response: { 200: affiliateListResponse },
      },
    },
    async (req) => {
      const event = await eventOf(authOf(req).accountId, req.params.eventId);
      const { rows, total } = await listAffiliates(db, authOf(req).accountId, event.id, req.query);
      return paginated(
        rows.map((r) => toAffiliateDto(r, event)),
        total,
        req.query,
        { sorts: AFFILIATE_SORTS, filters: [] },
      );
    },
  );

  app.get(
    '/events/:eventId/affiliates/export',
    { schema: { tags, security, summary: 'Every affiliate with its figures as CSV', params: eventParams } },
    async (req, reply) => {
      const event = await eventOf(authOf(req).accountId, req.params.eventId);
      const csv = await exportAffiliatesCsv(db, authOf(req).accountId, event, {
        locale: requestLocale(req),
        appUrl: deps.config.appUrl,
      });
      const day = deps.clock.now().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${event.slug}-affiliates-${day}.csv"`)
        .send(csv);
    },
  );

  app.post(
    '/events/:eventId/affiliates',
    {
      schema: {
        tags,
        security,
        summary: 'Create an affiliate (code unique per event, any case)',
        params: eventParams,
        body: affiliateBody,
        response: { 201: affiliateResponse },
      },
    },
    async (req, reply) => {
      const event = await eventOf(authOf(req).accountId, req.params.eventId);
      const id = await saveAffiliate(
        db,
        { accountId: authOf(req).accountId, eventId: event.id, id: null },
        req.body,
        deps.clock.now(),
      );
      return reply.status(201).send({ data: await one(authOf(req).accountId, event, id) });
    },
  );

  app.get(
    '/events/:eventId/affiliates/:affiliateId',
    {
      schema: {
        tags,
        security,
        summary: 'One affiliate',
        params: affiliateParams,
        response: { 200: affiliateResponse },
      },
    },
    async (req) => ({
      data: await one(
        authOf(req).accountId,
        await eventOf(authOf(req).accountId, req.params.eventId),
        req.params.affiliateId,
      ),
    }),
  );

  app.put(
    '/events/:eventId/affiliates/:affiliateId',
    {
      schema: {
        tags,
        security,
        summary: 'Change an affiliate',
        params: affiliateParams,
        body: affiliateBody,
        response: { 200: affiliateResponse },
      },
    },
    async (req) => {
      const event = await eventOf(authOf(req).accountId, req.params.eventId);
      await one(authOf(req).accountId, event, req.params.affiliateId);
      await saveAffiliate(
        db,
        { accountId: authOf(req).accountId, eventId: event.id, id: req.params.affiliateId },
        req.body,
        deps.clock.now(),
      );
      return { data: await one(authOf(req).accountId, event, req.params.affiliateId) };
    },
  );

  app.delete(
    '/events/:eventId/affiliates/:affiliateId',
    {
      schema: {
        tags,
        security,
        summary: 'Delete an affiliate (its orders stay, no longer attributed)',
        params: affiliateParams,
      },
    },
    async (req, reply) => {
      const event = await eventOf(authOf(req).accountId, req.params.eventId);
      await one(authOf(req).accountId, event, req.params.affiliateId);
      await deleteAffiliate(db, event.id, req.params.affiliateId);
      return reply.status(204).send();
    },
  );
};
