import { attendeeListQuery, orderListQuery } from '@admitone/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import type { AppDeps } from '../../deps.js';
import { authOf } from '../../plugins/auth.js';
import { requestLocale } from '../../plugins/locale.js';
import { actorOf, recordAudit } from '../audit/audit.js';
import { requireEvent } from '../events/events.repository.js';
import { attendeeExport, type ExportEvent } from './attendee-export.js';
import { checkInExport } from './check-in-export.js';
import { zonedDate } from './export-sheet.js';
import { type ExportFile, sheetDownload } from './export-writers.js';
import { invoiceExport } from './invoice-export.js';
import { orderExport } from './order-export.js';
import { shiftExport } from './shift-export.js';
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

  /**
   * Streams the caller's event's sheet of `kind` (404 for another account's event) as
   * `{slug}-{kind}-{day}.{format}`, the day the event's.
   */
  async function download(
    req: FastifyRequest<{ Params: { eventId: number }; Querystring: { format: 'csv' | 'xlsx' } }>,
    reply: FastifyReply,
    kind: string,
    build: (event: ExportEvent) => Promise<ExportFile>,
  ) {
    const event = await requireEvent(db, authOf(req).accountId, req.params.eventId);
    // The filters as asked (no paging: an export has every row).
    const { format: fileFormat, page: _page, per_page: _perPage, ...filters } = req.query as Record<string, unknown>;
    // Who took personal data out, and which: written before the file leaves.
    await recordAudit(
      db,
      actorOf(authOf(req)),
      {
        action: 'export.personal_data',
        eventId: event.id,
        target: { type: 'export', id: kind, label: event.title },
        data: { kind, format: fileFormat, ...(Object.keys(filters).length ? { filters } : {}) },
      },
      deps.clock.now(),
    );
    const file = await build(event);
    const name = `${event.slug}-${kind}-${zonedDate(deps.clock.now(), event.timezone)}`;
    const { headers, body } = sheetDownload(name, req.query.format, file);
    return reply.headers(headers).send(body);
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
    (req, reply) =>
      download(req, reply, 'attendees', (event) => attendeeExport(db, event, req.query, requestLocale(req))),
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
    (req, reply) => download(req, reply, 'orders', (event) => orderExport(db, event, req.query, requestLocale(req))),
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
    (req, reply) =>
      download(req, reply, 'check-ins', (event) => checkInExport(db, event, req.query.list_id, requestLocale(req))),
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
    (req, reply) =>
      download(req, reply, 'waitlist', (event) => waitlistExport(db, event, deps.clock.now(), requestLocale(req))),
  );

  app.get(
    '/events/:eventId/box-office/shifts/export',
    {
      schema: {
        tags,
        security,
        summary: "Download the event's box-office shifts (sales by method, cash expected, counted and the difference)",
        params: eventParams,
        querystring: z.object({ format }),
      },
    },
    (req, reply) => download(req, reply, 'shifts', (event) => shiftExport(db, event, requestLocale(req))),
  );

  app.get(
    '/events/:eventId/invoices/export',
    {
      schema: {
        tags,
        security,
        summary: "Download the event's invoices and cancellation invoices (for accounting) as CSV or Excel",
        params: eventParams,
        querystring: z.object({ format }),
      },
    },
    (req, reply) => download(req, reply, 'invoices', (event) => invoiceExport(db, event, requestLocale(req))),
  );
};
