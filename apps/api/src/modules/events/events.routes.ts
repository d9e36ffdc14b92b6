import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createEventBody, EVENT_SORTS, eventListQuery, idParams } from '@admitone/shared';
import type { AppDeps } from '../../app.js';
import { notFound } from '../../shared/errors.js';
import { paginated } from '../../shared/pagination.js';
import { createEvent } from './create-event.js';
import { toEventDto } from './event-dto.js';
import { findEvent, listEvents } from './events.repository.js';

const tags = ['events'];
const security = [{ bearer: [] }];

/** Events of the caller's account. */
export const eventRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  const { clock } = deps;
  app.addHook('preValidation', app.requirePermission('events.manage'));

  app.post('/events', { schema: { tags, security, summary: 'Create an event (a draft); start and end are wall-clock times in `timezone`', body: createEventBody } }, async (req, reply) => {
    const event = await createEvent({ db, clock }, req.auth!.accountId, req.body);
    return reply.status(201).send({ data: event });
  });

  app.get('/events', { schema: { tags, security, summary: 'List events', querystring: eventListQuery } }, async (req) => {
    const now = clock.now();
    const { rows, total } = await listEvents(db, req.auth!.accountId, req.query, now);
    return paginated(
      rows.map((r) => toEventDto(r, now)),
      total,
      req.query,
      { sorts: EVENT_SORTS, filters: ['status', 'lifecycle', 'organizer_id'] },
    );
  });

  app.get('/events/:id', { schema: { tags, security, summary: 'One event', params: idParams } }, async (req) => {
    const row = await findEvent(db, req.auth!.accountId, req.params.id);
    if (!row) throw notFound();
    return { data: toEventDto(row, clock.now()) };
  });
};
