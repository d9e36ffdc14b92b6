import { currencyExponent, type Locale } from '@admitone/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { events, invoices } from '../../db/schema/index.js';
import { translate } from '../../i18n/i18n.js';
import { inPeriod, type ReportPeriod } from '../reports/report-period.js';
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
  event: /*i18n*/ { id: 'export.event', message: 'Event' },
};

/** An invoice row as exported, with its event's title, zone and currency. */
type ExportedInvoice = typeof invoices.$inferSelect & { event_title: string; timezone: string };

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
  return invoiceSheet(
    rows.map((r) => ({ ...r, event_title: '', timezone: event.timezone })),
    locale,
    false,
  );
}

/**
 * An organizer's invoices of every event (only `eventIds` for a member limited to some) issued in the period, each
 * day in its event's time zone (as the invoice's number year), in issue order: the same columns with the event after
 * the order, each row's amounts in its own currency.
 */
export async function organizerInvoiceExport(
  db: Executor,
  scope: { accountId: number; organizerId: number; eventIds: readonly number[] | null },
  period: ReportPeriod,
  locale: Locale,
): Promise<{ total: number; sheet: ExportSheet }> {
  if (scope.eventIds?.length === 0) return invoiceSheet([], locale, true);
  const rows = await db
    .select({ invoice: invoices, event_title: events.title, timezone: events.timezone })
    .from(invoices)
    .innerJoin(events, eq(events.id, invoices.event_id))
    .where(
      and(
        eq(invoices.account_id, scope.accountId),
        eq(invoices.organizer_id, scope.organizerId),
        scope.eventIds ? inArray(invoices.event_id, [...scope.eventIds]) : undefined,
        inPeriod(sql`${invoices.issued_at}`, sql`${events.timezone}`, period),
      ),
    )
    .orderBy(asc(invoices.id));
  return invoiceSheet(
    rows.map((r) => ({ ...r.invoice, event_title: r.event_title, timezone: r.timezone })),
    locale,
    true,
  );
}

function invoiceSheet(
  rows: ExportedInvoice[],
  locale: Locale,
  withEvent: boolean,
): { total: number; sheet: ExportSheet } {
  const numbers = new Map(rows.map((r) => [r.id, r.number]));
  const h = (d: (typeof T)[keyof typeof T] | (typeof I)[keyof typeof I]) => translate(locale, d);
  const event: ExportColumn[] = withEvent ? [{ heading: h(I.event), kind: 'text', width: 24 }] : [];
  const columns: ExportColumn[] = [
    { heading: h(I.number), kind: 'text', width: 18 },
    { heading: h(I.kind), kind: 'text', width: 14 },
    { heading: h(I.cancels), kind: 'text', width: 18 },
    { heading: h(I.issued_at), kind: 'text', width: 17 },
    { heading: h(T.order_number), kind: 'text', width: 16 },
    ...event,
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
  const currencyAt = columns.length - 2;
  const body = rows.map((r) => [
    r.number,
    h(r.kind === 'INVOICE' ? I.invoice : I.cancellation),
    r.cancels_id ? (numbers.get(r.cancels_id) ?? null) : null,
    zonedStamp(r.issued_at, r.timezone),
    r.data.order_number,
    ...(withEvent ? [r.event_title] : []),
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
    sheet: {
      name: h(I.sheet),
      columns,
      exponent: currencyExponent(rows[0]?.currency ?? 'EUR'),
      rowExponent: (row) => currencyExponent(String(row[currencyAt])),
      batches: oneBatch(body),
    },
  };
}
