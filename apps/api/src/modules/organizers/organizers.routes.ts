import {
  idParams,
  ORGANIZER_SORTS,
  organizerBody,
  organizerListQuery,
  organizerListResponse,
  organizerResponse,
  updateOrganizerBody,
} from '@admitone/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { AppDeps } from '../../deps.js';
import { authOf } from '../../plugins/auth.js';
import { notFound } from '../../shared/errors.js';
import { sanitizeRichText } from '../../shared/html.js';
import { paginated } from '../../shared/pagination.js';
import {
  findOrganizer,
  insertOrganizer,
  listOrganizers,
  organizerViews,
  toOrganizerDto,
  updateOrganizer,
} from './organizers.repository.js';

const tags = ['organizers'];
const security = [{ bearer: [] }];

/** Organizers of the caller's account. */
export const organizerRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  app.addHook('preValidation', app.requirePermission('organizers.manage'));

  app.post(
    '/organizers',
    {
      schema: {
        tags,
        security,
        summary: 'Create an organizer',
        body: organizerBody,
        response: { 201: organizerResponse },
      },
    },
    async (req, reply) => {
      const now = deps.clock.now();
      const row = await insertOrganizer(db, {
        ...req.body,
        description: sanitizeRichText(req.body.description),
        account_id: authOf(req).accountId,
        created_at: now,
        updated_at: now,
      });
      return reply.status(201).send({ data: toOrganizerDto(row) });
    },
  );

  app.get(
    '/organizers',
    {
      schema: {
        tags,
        security,
        summary: 'List organizers',
        querystring: organizerListQuery,
        response: { 200: organizerListResponse },
      },
    },
    async (req) => {
      const { rows, total } = await listOrganizers(db, authOf(req).accountId, req.query, authOf(req).organizerIds);
      return paginated(await organizerViews(db, deps.storage, authOf(req).accountId, rows), total, req.query, {
        sorts: ORGANIZER_SORTS,
        filters: [],
      });
    },
  );

  app.get(
    '/organizers/:id',
    { schema: { tags, security, summary: 'One organizer', params: idParams, response: { 200: organizerResponse } } },
    async (req) => {
      const row = await findOrganizer(db, authOf(req).accountId, req.params.id);
      if (!row) throw notFound();
      return { data: (await organizerViews(db, deps.storage, authOf(req).accountId, [row]))[0]! };
    },
  );

  app.put(
    '/organizers/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Change an organizer (any subset of fields)',
        params: idParams,
        body: updateOrganizerBody,
        response: { 200: organizerResponse },
      },
    },
    async (req) => {
      const row = await findOrganizer(db, authOf(req).accountId, req.params.id);
      if (!row) throw notFound();
      const { description, ...rest } = req.body;
      const updated = await updateOrganizer(db, row.id, {
        ...rest,
        ...(description !== undefined ? { description: sanitizeRichText(description) } : {}),
        updated_at: deps.clock.now(),
      });
      return { data: (await organizerViews(db, deps.storage, authOf(req).accountId, [updated]))[0]! };
    },
  );
};
