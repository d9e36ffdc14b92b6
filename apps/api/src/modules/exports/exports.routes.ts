import { attendeeListQuery, orderListQuery } from '@admitone/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import type { AppDeps } from '../../deps.js';
import { authOf } from '../../plugins/auth.js';
import { requestLocale } from '../../plugins/locale.js';
import { requireEvent } from '../events/events.repository.js';
import { attendeeExport } from './attendee-export.js';
import { checkInExport } from './check-in-export.js';
import { type ExportSheet, zonedDate } from './export-sheet.js';
import { csvStream, EXPORT_CONTENT_TYPES, xlsxStream } from './export-writers.js';
import { orderExport } from './order-export.js';
import { waitlistExport } from './waitlist-export.js';

const tags = ['exports'];
const security = [{ bearer: [] }];
const eventParams = z.object({ eventId: z.coerce.number().int().positive() });
const format = z.enum(['csv', 'xlsx']).default('csv');

/**
 * Every row (no cap) of the attendee and order lists (with the list's search and filters) and of the check-ins,
 * streamed as CSV or XLSX.
 */
export const exportRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  app.addHook('preValidation', app.requirePermission('events.manage'));

  function send(
    reply: FastifyReply,
    file: { slug: string; kind: string; date: string; format: 'csv' | 'xlsx' },
    total: number,
    sheet: ExportSheet,
  ) {
    return reply
      .header('content-type', EXPORT_CONTENT_TYPES[file.format])
      .header('content-disposition', `attachment; filename="${file.slug}-${file.kind}-${file.date}.${file.format}"`)
      .header('x-total-rows', String(total))
      .header('cache-control', 'no-store')
      .send(file.format === 'csv' ? csvStream(sheet) : xlsxStream(sheet));
  }

  app.get(
    '/events/:eventId/attendees/export',
    {
      schema: {
        tags,
        security,
        summary: "Download the event's attendees (the list's search and filters) as CSV or Excel",
        params: eventParams,
        querystring: attendeeListQuery.extend({ format }),
      },
    },
    async (req, reply) => {
      const event = await requireEvent(db, authOf(req).accountId, req.params.eventId);
      const { total, sheet } = await attendeeExport(db, event, req.query, requestLocale(req));
      return send(
        reply,
        {
          slug: event.slug,
          kind: 'attendees',
          date: zonedDate(deps.clock.now(), event.timezone),
          format: req.query.format,
        },
        total,
        sheet,
      );
    },
  );

  app.get(
    '/events/:eventId/orders/export',
    {
      schema: {
        tags,
        security,
        summary: "Download the event's orders (the list's search and filters) as CSV or Excel",
        params: eventParams,
        querystring: orderListQuery.extend({ format }),
      },
    },
    async (req, reply) => {
      const event = await requireEvent(db, authOf(req).accountId, req.params.eventId);
      const { total, sheet } = await orderExport(db, event, req.query, requestLocale(req));
      return send(
        reply,
        {
          slug: event.slug,
          kind: 'orders',
          date: zonedDate(deps.clock.now(), event.timezone),
          format: req.query.format,
        },
        total,
        sheet,
      );
    },
  );

  app.get(
    '/events/:eventId/check-ins/export',
    {
      schema: {
        tags,
        security,
        summary: "Download the event's check-ins and check-outs (all lists, or one with list_id) as CSV or Excel",
        params: eventParams,
        querystring: z.object({ format, list_id: z.coerce.number().int().positive().max(2_147_483_647).optional() }),
      },
    },
    async (req, reply) => {
      const event = await requireEvent(db, authOf(req).accountId, req.params.eventId);
      const { total, sheet } = await checkInExport(db, event, req.query.list_id, requestLocale(req));
      return send(
        reply,
        {
          slug: event.slug,
          kind: 'check-ins',
          date: zonedDate(deps.clock.now(), event.timezone),
          format: req.query.format,
        },
        total,
        sheet,
      );
    },
  );

  app.get(
    '/events/:eventId/waitlist/export',
    {
      schema: {
        tags,
        security,
        summary: "Download the event's waitlist (every entry in line order, with its state) as CSV or Excel",
        params: eventParams,
        querystring: z.object({ format }),
      },
    },
    async (req, reply) => {
      const event = await requireEvent(db, authOf(req).accountId, req.params.eventId);
      const { total, sheet } = await waitlistExport(db, event, deps.clock.now(), requestLocale(req));
      return send(
        reply,
        {
          slug: event.slug,
          kind: 'waitlist',
          date: zonedDate(deps.clock.now(), event.timezone),
          format: req.query.format,
        },
        total,
        sheet,
      );
    },
  );
};
