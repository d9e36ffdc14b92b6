import { currencyExponent, type Locale } from '@admitone/shared';
import { asc, eq } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { invoices } from '../../db/schema/index.js';
import { translate } from '../../i18n/i18n.js';
import type { ExportEvent } from './attendee-export.js';
import { EXPORT_TEXT as T } from './export-headings.js';
import { type ExportColumn, type ExportSheet, oneBatch, zonedStamp } from './export-sheet.js';

const I = {
  sheet: /*i18n*/ { id: 'export.invoices_sheet', message: 'Invoices' },
  number: /*i18n*/ { id: 'export.invoice_number', message: 'Invoice number' },
  kind: /*i18n*/ { id: 'export.invoice_kind', message: 'Type' },
  invoice: /*i18n*/ { id: 'export.invoice', message: 'Invoice' },
  cancellation: /*i18n*/ { id: 'export.cancellation', message: 'Cancellation' },
  cancels: /*i18n*/ { id: 'export.cancels', message: 'Cancels' },
  issued_at: /*i18n*/ { id: 'export.issued_at', message: 'Issued at' },
  buyer: /*i18n*/ { id: 'export.buyer', message: 'Buyer' },
  company: /*i18n*/ { id: 'export.company', message: 'Company' },
  vat_number: /*i18n*/ { id: 'export.vat_number', message: 'VAT number' },
  country: /*i18n*/ { id: 'export.country', message: 'Country' },
  net: /*i18n*/ { id: 'export.net', message: 'Net' },
  reverse_charge: /*i18n*/ { id: 'export.reverse_charge', message: 'Reverse charge' },
};

/**
 * Every invoice and cancellation invoice of the event in number order, for accounting: number, type, what it cancels,
 * when, the order, the buyer (company, VAT number, country), net, tax, total, and whether the buyer accounts for the
 * VAT. A cancellation's amounts are negative.
 */
export async function invoiceExport(
  db: Executor,
  event: ExportEvent,
  locale: Locale,
): Promise<{ total: number; sheet: ExportSheet }> {
  const rows = await db.select().from(invoices).where(eq(invoices.event_id, event.id)).orderBy(asc(invoices.id));
  const numbers = new Map(rows.map((r) => [r.id, r.number]));
  const h = (d: (typeof T)[keyof typeof T] | (typeof I)[keyof typeof I]) => translate(locale, d);
  const columns: ExportColumn[] = [
    { heading: h(I.number), kind: 'text', width: 18 },
    { heading: h(I.kind), kind: 'text', width: 14 },
    { heading: h(I.cancels), kind: 'text', width: 18 },
    { heading: h(I.issued_at), kind: 'text', width: 17 },
    { heading: h(T.order_number), kind: 'text', width: 16 },
    { heading: h(I.buyer), kind: 'text', width: 22 },
    { heading: h(I.company), kind: 'text', width: 22 },
    { heading: h(I.vat_number), kind: 'text', width: 16 },
    { heading: h(I.country), kind: 'text', width: 8 },
    { heading: h(I.net), kind: 'money' },
    { heading: h(T.taxes), kind: 'money' },
    { heading: h(T.total), kind: 'money' },
    { heading: h(T.currency), kind: 'text', width: 8 },
    { heading: h(I.reverse_charge), kind: 'text', width: 10 },
  ];
  const body = rows.map((r) => [
    r.number,
    h(r.kind === 'INVOICE' ? I.invoice : I.cancellation),
    r.cancels_id ? (numbers.get(r.cancels_id) ?? null) : null,
    zonedStamp(r.issued_at, event.timezone),
    r.data.order_number,
    r.data.buyer.name,
    r.data.buyer.company,
    r.data.buyer.vat_number,
    r.data.buyer.address?.country ?? null,
    r.data.net_total,
    r.data.tax_total,
    r.data.total,
    r.currency,
    h(r.data.reverse_charge ? T.yes : T.no),
  ]);
  return {
    total: body.length,
    sheet: { name: h(I.sheet), columns, exponent: currencyExponent(event.currency), batches: oneBatch(body) },
  };
}
