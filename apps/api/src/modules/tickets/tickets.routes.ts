import {
  eventParams,
  LIMITS,
  ticketBody,
  ticketListQuery,
  ticketListResponse,
  ticketParams,
  ticketResponse,
  ticketSortBody,
  ticketSortResponse,
} from '@admitone/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { AppDeps } from '../../deps.js';
import { authOf } from '../../plugins/auth.js';
import { DomainError } from '../../shared/errors.js';
import { wholeList } from '../../shared/pagination.js';
import { syncPage, syncRequest } from '../../shared/sync.js';
import { actorOf } from '../audit/audit.js';
import { requireEvent } from '../events/events.repository.js';
import { createTicket, deleteTicket, sortTickets, updateTicket } from './save-ticket.js';
import { syncTickets } from './ticket-sync.js';
import { ticketViews } from './ticket-view.js';

const tags = ['tickets'];
const security = [{ bearer: [] }];

/** Tickets of an event: every id is checked against the event in the path and the caller's account. */
export const ticketRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  const d = { db, clock: deps.clock };
  app.addHook('preValidation', app.requirePermission('events.manage'));

  const eventOf = (accountId: number, eventId: number) => requireEvent(db, accountId, eventId);
  const one = async (event: Awaited<ReturnType<typeof eventOf>>, ticketId: number) => {
    const [view] = await ticketViews(db, event, deps.clock.now(), [ticketId]);
    if (!view) throw new DomainError('NOT_FOUND');
    return view;
  };

  app.get(
    '/events/:eventId/tickets',
    {
      schema: {
        tags,
        security,
        summary:
          "The event's tickets and general products in their order, with sale state, counts and prices with taxes and fees; or incremental sync (updated_since, cursor) by when each was last edited",
        params: eventParams,
        querystring: ticketListQuery,
        response: { 200: ticketListResponse },
      },
    },
    async (req) => {
      const event = await eventOf(authOf(req).accountId, req.params.eventId);
      const sync = syncRequest(
        'products',
        { ...req.query, per_page: req.query.per_page ?? LIMITS.PER_PAGE_DEFAULT },
        req.url,
      );
      if (!sync) {
        // One page of everything: a page size would be a promise this list does not keep.
        if (req.query.per_page !== undefined)
          throw new DomainError('VALIDATION_FAILED', { fields: { per_page: [{ key: 'invalid' }] } });
        return wholeList(await ticketViews(db, event, deps.clock.now()));
      }
      const page = await syncTickets(db, event, deps.clock.now(), sync);
      return syncPage('products', page.rows, page.found, page.left, sync, { sorts: [], filters: [] });
    },
  );

  app.post(
    '/events/:eventId/tickets',
    {
      schema: {
        tags,
        security,
        summary: 'Create a ticket (free, paid, donation or tiered)',
        params: eventParams,
        body: ticketBody,
        response: { 201: ticketResponse },
      },
    },
    async (req, reply) => {
      const event = await eventOf(authOf(req).accountId, req.params.eventId);
      const id = await createTicket({ ...d, actor: actorOf(authOf(req)) }, event, req.body);
      return reply.status(201).send({ data: await one(event, id) });
    },
  );

  app.get(
    '/events/:eventId/tickets/:ticketId',
    { schema: { tags, security, summary: 'One ticket', params: ticketParams, response: { 200: ticketResponse } } },
    async (req) => ({
      data: await one(await eventOf(authOf(req).accountId, req.params.eventId), req.params.ticketId),
    }),
  );

  app.put(
    '/events/:eventId/tickets/:ticketId',
    {
      schema: {
        tags,
        security,
        summary: 'Replace a ticket (tiers with an id are kept, others are added or removed)',
        params: ticketParams,
        body: ticketBody,
        response: { 200: ticketResponse },
      },
    },
    async (req) => {
      const event = await eventOf(authOf(req).accountId, req.params.eventId);
      await updateTicket({ ...d, actor: actorOf(authOf(req)) }, event, req.params.ticketId, req.body);
      return { data: await one(event, req.params.ticketId) };
    },
  );

  app.delete(
    '/events/:eventId/tickets/:ticketId',
    { schema: { tags, security, summary: 'Delete a ticket', params: ticketParams } },
    async (req, reply) => {
      await deleteTicket(
        { ...d, actor: actorOf(authOf(req)) },
        await eventOf(authOf(req).accountId, req.params.eventId),
        req.params.ticketId,
      );
      return reply.status(204).send();
    },
  );

  app.put(
    '/events/:eventId/tickets/sort',
    {
      schema: {
        tags,
        security,
        summary: 'Reorder all tickets of the event',
        params: eventParams,
        body: ticketSortBody,
        response: { 200: ticketSortResponse },
      },
    },
    async (req) => {
      const event = await eventOf(authOf(req).accountId, req.params.eventId);
      await sortTickets(d, event, req.body.ticket_ids);
      return { data: await ticketViews(db, event, deps.clock.now()) };
    },
  );
};
