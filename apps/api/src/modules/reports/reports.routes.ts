import {
  eventReportExportQuery,
  eventReportParams,
  eventReportQuery,
  eventReportResponse,
  reportExportQuery,
  reportPeriodQuery,
  salesByEventReportResponse,
} from '@admitone/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { AppDeps } from '../../deps.js';
import { authOf } from '../../plugins/auth.js';
import { requestLocale } from '../../plugins/locale.js';
import { getAccount } from '../accounts/account-settings.js';
import { requireEvent } from '../events/events.repository.js';
import { zonedDate } from '../exports/export-sheet.js';
import { sheetDownload } from '../exports/export-writers.js';
import { eventReport } from './event-reports.js';
import { eventReportPeriod, periodOf } from './report-period.js';
import { eventReportFile, type ReportFile, salesByEventFile } from './report-sheets.js';
import { salesByEvent } from './sales-by-event.js';

const tags = ['reports'];
const security = [{ bearer: [] }];

/**
 * Reports: an event's sales by product, promo code, affiliate and day, its taxes and fees, refunds and
 * check-ins over a period (`from`/`to`, days in the event's time zone), and the account's sales per
 * event; each as JSON and as a CSV or Excel download through the export writers.
 */
export const reportRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  app.addHook('preValidation', app.requirePermission('events.manage'));

  function send(reply: FastifyReply, name: string, format: 'csv' | 'xlsx', file: ReportFile) {
    const { headers, body } = sheetDownload(name, format, file);
    return reply.headers(headers).send(body);
  }

  app.get(
    '/events/:eventId/reports/:report',
    {
      schema: {
        tags,
        security,
        summary:
          "One report of the event over a period: sales by product, promo code, affiliate or day, taxes and fees, refunds or check-ins (days in the event's time zone)",
        params: eventReportParams,
        querystring: eventReportQuery,
        response: { 200: eventReportResponse },
      },
    },
    async (req) => {
      const event = await requireEvent(db, authOf(req).accountId, req.params.eventId);
      const period = await eventReportPeriod(db, event.id, req.params.report, req.query);
      return { data: await eventReport(db, event, req.params.report, period, deps.clock.now()) };
    },
  );

  app.get(
    '/events/:eventId/reports/:report/export',
    {
      schema: {
        tags,
        security,
        summary: 'Download one report of the event (its rows and totals) as CSV or Excel',
        params: eventReportParams,
        querystring: eventReportExportQuery,
      },
    },
    async (req, reply) => {
      const event = await requireEvent(db, authOf(req).accountId, req.params.eventId);
      const now = deps.clock.now();
      const period = await eventReportPeriod(db, event.id, req.params.report, req.query);
      const report = await eventReport(db, event, req.params.report, period, now);
      return send(
        reply,
        `${event.slug}-${req.params.report}-${zonedDate(now, event.timezone)}`,
        req.query.format,
        eventReportFile(report, requestLocale(req)),
      );
    },
  );

  app.get(
    '/reports/sales-by-events',
    {
      schema: {
        tags,
        security,
        summary:
          "The account's sales per event over a period (each event's days in its own time zone), with totals per currency",
        querystring: reportPeriodQuery,
        response: { 200: salesByEventReportResponse },
      },
    },
    async (req) => ({
      data: await salesByEvent(db, authOf(req).accountId, periodOf(req.query), authOf(req).eventIds),
    }),
  );

  app.get(
    '/reports/sales-by-events/export',
    {
      schema: {
        tags,
        security,
        summary: "Download the account's sales per event (with totals per currency) as CSV or Excel",
        querystring: reportExportQuery,
      },
    },
    async (req, reply) => {
      const { accountId, eventIds } = authOf(req);
      const account = await getAccount(db, accountId, accountId);
      const report = await salesByEvent(db, accountId, periodOf(req.query), eventIds);
      return send(
        reply,
        `sales-by-events-${zonedDate(deps.clock.now(), account.timezone)}`,
        req.query.format,
        salesByEventFile(report, requestLocale(req)),
      );
    },
  );
};
