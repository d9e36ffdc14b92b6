import {
  idParams,
  invoiceListResponse,
  invoiceParams,
  invoiceSettingsBody,
  invoiceSettingsResponse,
  ORDER_SECRET_HEADER,
  orderParams,
  publicInvoiceParams,
} from '@admitone/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { AppDeps } from '../../deps.js';
import { authOf } from '../../plugins/auth.js';
import { notFound } from '../../shared/errors.js';
import { requireEvent } from '../events/events.repository.js';
import { findOrderWithSecret } from '../orders/order-view.js';
import { findOrganizer } from '../organizers/organizers.repository.js';
import { invoicePdf } from './invoice-pdf.js';
import { findInvoiceSettings, invoiceSettingsView, saveInvoiceSettings } from './invoice-settings.js';
import { findInvoice, type InvoiceRow, isOrderOfEvent, orderInvoices } from './issue-invoices.js';

const tags = ['invoices'];
const security = [{ bearer: [] }];

/** The PDF of an invoice, in the order's language, as a download named by its number. */
async function sendInvoice(reply: FastifyReply, invoice: InvoiceRow, cancels: string | null) {
  const pdf = await invoicePdf(
    {
      kind: invoice.kind,
      number: invoice.number,
      cancels,
      issued_at: invoice.issued_at,
      currency: invoice.currency,
      data: invoice.data,
    },
    invoice.locale,
  );
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${invoice.number.replace(/[^\w.-]+/g, '-')}.pdf"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
}

/** Invoices (docs/DOMAIN.md "Invoices"): an organizer's settings, an order's invoices and their PDFs. */
export const invoiceRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;

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
      return { data: row ? await invoiceSettingsView(db, row, deps.clock.now(), 'UTC') : null };
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
      return { data: await invoiceSettingsView(db, row, deps.clock.now(), 'UTC') };
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
      return sendInvoice(reply, invoice, await cancelledNumber(invoice));
    },
  );

  async function cancelledNumber(invoice: InvoiceRow): Promise<string | null> {
    if (!invoice.cancels_id) return null;
    return (await findInvoice(db, { eventId: invoice.event_id, invoiceId: invoice.cancels_id }))?.number ?? null;
  }
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
      const secret = req.headers[ORDER_SECRET_HEADER] as string | undefined;
      const order = await findOrderWithSecret(db, req.params.eventId, req.params.shortId, secret);
      if (!order) throw notFound();
      const invoice = await findInvoice(db, { ...req.params, orderId: order.id });
      if (!invoice) throw notFound();
      const cancels = invoice.cancels_id
        ? ((await findInvoice(db, { eventId: invoice.event_id, invoiceId: invoice.cancels_id }))?.number ?? null)
        : null;
      return sendInvoice(reply, invoice, cancels);
    },
  );
};
