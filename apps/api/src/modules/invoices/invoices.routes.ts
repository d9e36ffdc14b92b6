import {
  type EInvoiceFormat,
  eInvoiceQuery,
  idParams,
  invoiceListResponse,
  invoiceParams,
  invoiceSettingsBody,
  invoiceSettingsResponse,
  ORDER_SECRET_HEADER,
  orderParams,
  publicInvoiceParams,
  reportExportQuery,
} from '@admitone/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { Executor } from '../../db/client.js';
import type { AppDeps } from '../../deps.js';
import { authOf } from '../../plugins/auth.js';
import { requestLocale } from '../../plugins/locale.js';
import { DomainError, notFound } from '../../shared/errors.js';
import { getAccount } from '../accounts/account-settings.js';
import { actorOf, recordAudit } from '../audit/audit.js';
import { requireEvent } from '../events/events.repository.js';
import { zonedDate } from '../exports/export-sheet.js';
import { sheetDownload } from '../exports/export-writers.js';
import { organizerInvoiceExport } from '../exports/invoice-export.js';
import { findOrderWithSecret } from '../orders/order-view.js';
import { findOrganizer } from '../organizers/organizers.repository.js';
import { periodOf } from '../reports/report-period.js';
import { eInvoice, eInvoicePossible, fileName, invoiceDocument } from './e-invoice.js';
import type { InvoicePdfInput } from './invoice-pdf.js';
import { findInvoiceSettings, invoiceSettingsView, saveInvoiceSettings } from './invoice-settings.js';
import { findInvoice, type InvoiceRow, isOrderOfEvent, orderInvoices } from './issue-invoices.js';

const tags = ['invoices'];
const security = [{ bearer: [] }];

/** What an invoice's files are made from: the row, with the number of the invoice it cancels. */
async function documentOf(db: Executor, invoice: InvoiceRow): Promise<InvoicePdfInput> {
  const cancels = invoice.cancels_id
    ? ((await findInvoice(db, { eventId: invoice.event_id, invoiceId: invoice.cancels_id }))?.number ?? null)
    : null;
  return {
    kind: invoice.kind,
    number: invoice.number,
    cancels,
    issued_at: invoice.issued_at,
    currency: invoice.currency,
    data: invoice.data,
  };
}

const download = (reply: FastifyReply, type: string, name: string) =>
  reply
    .header('content-type', type)
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'private, no-store');

/** The PDF of an invoice, in the order's language (Factur-X where it can be), as a download named by its number. */
async function sendInvoice(db: Executor, reply: FastifyReply, invoice: InvoiceRow) {
  const pdf = await invoiceDocument(await documentOf(db, invoice), invoice.locale, reply.log);
  return download(reply, 'application/pdf', `${fileName(invoice.number)}.pdf`).send(pdf);
}

/** The invoice as an XML e-invoice; one that cannot be (no buyer address, a fixed fee) is refused, said why. */
async function sendEInvoice(db: Executor, reply: FastifyReply, invoice: InvoiceRow, format: EInvoiceFormat) {
  if (!eInvoicePossible(invoice.data)) throw new DomainError('E_INVOICE_NOT_POSSIBLE');
  let xml: string | Uint8Array;
  try {
    xml = await eInvoice(await documentOf(db, invoice), format, invoice.locale);
  } catch (err) {
    // The library checks each format's own rules; one we did not foresee is this invoice's limit, not a crash.
    reply.log.error({ err, invoice: invoice.number, format }, 'e-invoice not made');
    throw new DomainError('E_INVOICE_NOT_POSSIBLE');
  }
  return download(reply, 'application/xml; charset=utf-8', `${fileName(invoice.number)}-${format}.xml`).send(xml);
}

/** Invoices (docs/DOMAIN.md "Invoices"): an organizer's settings, an order's invoices and their PDFs. */
export const invoiceRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  /** The caller's account's time zone: the year of the next number in the settings (an invoice's is its event's). */
  const accountZone = async (req: FastifyRequest) => {
    const { accountId } = authOf(req);
    return (await getAccount(db, accountId, accountId)).timezone;
  };

  app.get(
    '/organizers/:id/invoice-settings',
    {
      preValidation: app.requirePermission('organizers.manage'),
      schema: {
        tags,
        security,
        summary: "An organizer's invoice settings (null: none yet, so its events issue no invoices)",
        params: idParams,
        response: { 200: invoiceSettingsResponse },
      },
    },
    async (req) => {
      const organizer = await findOrganizer(db, authOf(req).accountId, req.params.id);
      if (!organizer) throw notFound();
      const row = await findInvoiceSettings(db, organizer.id);
      return { data: row ? await invoiceSettingsView(db, row, deps.clock.now(), await accountZone(req)) : null };
    },
  );

  app.put(
    '/organizers/:id/invoice-settings',
    {
      preValidation: app.requirePermission('organizers.manage'),
      schema: {
        tags,
        security,
        summary: "Set an organizer's invoice settings: legal name, address, VAT number, numbering, terms, footer",
        params: idParams,
        body: invoiceSettingsBody,
        response: { 200: invoiceSettingsResponse },
      },
    },
    async (req) => {
      const organizer = await findOrganizer(db, authOf(req).accountId, req.params.id);
      if (!organizer) throw notFound();
      const row = await saveInvoiceSettings(db, organizer.id, req.body, deps.clock.now());
      return { data: await invoiceSettingsView(db, row, deps.clock.now(), await accountZone(req)) };
    },
  );

  app.get(
    '/organizers/:id/invoices/export',
    {
      preValidation: app.requirePermission('organizers.manage'),
      schema: {
        tags,
        security,
        summary:
          "Download the organizer's invoices and cancellation invoices of every event issued in a period (each day in its event's time zone), for accounting, as CSV or Excel",
        params: idParams,
        querystring: reportExportQuery,
      },
    },
    async (req, reply) => {
      const auth = authOf(req);
      const organizer = await findOrganizer(db, auth.accountId, req.params.id);
      if (!organizer) throw notFound();
      const { format, from, to } = req.query;
      const now = deps.clock.now();
      // Who took the buyers' names and addresses out: written before the file leaves.
      await recordAudit(
        db,
        actorOf(auth),
        {
          action: 'export.personal_data',
          target: { type: 'export', id: 'invoices', label: organizer.name },
          data: {
            kind: 'invoices',
            format,
            organizer_id: organizer.id,
            ...(from ? { from } : {}),
            ...(to ? { to } : {}),
          },
        },
        now,
      );
      const file = await organizerInvoiceExport(
        db,
        { accountId: auth.accountId, organizerId: organizer.id, eventIds: auth.eventIds },
        periodOf(req.query),
        requestLocale(req),
      );
      const name = `invoices-${from ?? 'start'}-${to ?? zonedDate(now, 'UTC')}`;
      const { headers, body } = sheetDownload(name, format, file);
      return reply.headers(headers).send(body);
    },
  );

  app.get(
    '/events/:eventId/orders/:orderId/invoices',
    {
      preValidation: app.requirePermission('events.manage'),
      schema: {
        tags,
        security,
        summary: "An order's invoices and cancellation invoices, oldest first",
        params: orderParams,
        response: { 200: invoiceListResponse },
      },
    },
    async (req) => {
      await requireEvent(db, authOf(req).accountId, req.params.eventId);
      if (!(await isOrderOfEvent(db, req.params.eventId, req.params.orderId))) throw notFound();
      return { data: await orderInvoices(db, req.params.orderId) };
    },
  );

  app.get(
    '/events/:eventId/invoices/:invoiceId/pdf',
    {
      preValidation: app.requirePermission('events.manage'),
      schema: { tags, security, summary: 'An invoice of the event as a PDF', params: invoiceParams },
    },
    async (req, reply) => {
      await requireEvent(db, authOf(req).accountId, req.params.eventId);
      const invoice = await findInvoice(db, req.params);
      if (!invoice) throw notFound();
      return sendInvoice(db, reply, invoice);
    },
  );

  app.get(
    '/events/:eventId/invoices/:invoiceId/e-invoice',
    {
      preValidation: app.requirePermission('events.manage'),
      schema: {
        tags,
        security,
        summary: 'An invoice of the event as an e-invoice: XRechnung (CII or UBL) or Peppol BIS Billing 3.0',
        params: invoiceParams,
        querystring: eInvoiceQuery,
      },
    },
    async (req, reply) => {
      await requireEvent(db, authOf(req).accountId, req.params.eventId);
      const invoice = await findInvoice(db, req.params);
      if (!invoice) throw notFound();
      return sendEInvoice(db, reply, invoice, req.query.format);
    },
  );
};

/** The buyer's copy: an invoice of their order, by the order's secret (X-Order-Secret), as the order itself. */
export const publicInvoiceRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  app.get(
    '/events/:eventId/order/:shortId/invoices/:invoiceId/pdf',
    {
      schema: {
        tags: ['public'],
        summary: "An invoice of the buyer's order as a PDF (the order's secret in X-Order-Secret)",
        params: publicInvoiceParams,
      },
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
    },
    async (req, reply) => {
      return sendInvoice(db, reply, await buyersInvoice(req.params, req.headers[ORDER_SECRET_HEADER]));
    },
  );

  app.get(
    '/events/:eventId/order/:shortId/invoices/:invoiceId/e-invoice',
    {
      schema: {
        tags: ['public'],
        summary: "An invoice of the buyer's order as an e-invoice (the order's secret in X-Order-Secret)",
        params: publicInvoiceParams,
        querystring: eInvoiceQuery,
      },
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
    },
    async (req, reply) =>
      sendEInvoice(db, reply, await buyersInvoice(req.params, req.headers[ORDER_SECRET_HEADER]), req.query.format),
  );

  /** An invoice of the order the secret opens; else 404, as for an order that does not exist. */
  async function buyersInvoice(
    params: { eventId: number; shortId: string; invoiceId: number },
    secret: string | string[] | undefined,
  ): Promise<InvoiceRow> {
    const order = await findOrderWithSecret(db, params.eventId, params.shortId, secret as string | undefined);
    if (!order) throw notFound();
    const invoice = await findInvoice(db, { ...params, orderId: order.id });
    if (!invoice) throw notFound();
    return invoice;
  }
};
