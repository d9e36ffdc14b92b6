import { ticketDateBody, ticketDateListResponse, ticketDateParams, ticketDateResponse } from '@admitone/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { AppDeps } from '../../deps.js';
import { authOf } from '../../plugins/auth.js';
import { wholeList } from '../../shared/pagination.js';
import { listTicketDates, saveTicketDate } from './ticket-dates.js';

const tags = ['event dates'];
const security = [{ bearer: [] }];

/** How each ticket sells on each date of an event: sold there or not, its quantity and price there. */
export const ticketDateRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  app.addHook('preValidation', app.requirePermission('events.manage'));

  app.get(
    '/events/:eventId/dates/:dateId/tickets',
    {
      schema: {
        tags,
        security,
        summary: 'Every ticket on one date: sold there or not, its quantity, price and what it took there',
        params: ticketDateParams.omit({ ticketId: true }),
        response: { 200: ticketDateListResponse },
      },
    },
    async (req) => {
      const data = await listTicketDates(db, authOf(req).accountId, req.params.eventId, req.params.dateId);
      return { data, meta: wholeList(data).meta };
    },
  );

  app.patch(
    '/events/:eventId/dates/:dateId/tickets/:ticketId',
    {
      schema: {
        tags,
        security,
        summary: 'Change how a ticket sells on one date (its quantity there not below what it took there)',
        params: ticketDateParams,
        body: ticketDateBody,
        response: { 200: ticketDateResponse },
      },
    },
    async (req) => ({ data: await saveTicketDate(db, authOf(req).accountId, req.params, req.body) }),
  );
};
