import type { InvoiceData, InvoiceKind } from '@admitone/shared';
import { and, desc, eq, sql } from 'drizzle-orm';

import type { Db, Executor } from '../../db/client.js';
import { events, invoices, type OrderEventKind, orders } from '../../db/schema/index.js';
import { eInvoicePossible } from './e-invoice.js';
import { invoiceDraft, type InvoiceSubject, negated, sameInvoice } from './invoice-draft.js';
import { formatInvoiceNumber, guardedInvoiceNumber, type NumberAllocator, seriesOf } from './invoice-numbers.js';

export type InvoiceRow = typeof invoices.$inferSelect;

/** Order history kinds after which an order's invoice may have to change: sold, paid, refunded, cancelled, edited. */
const INVOICE_KINDS: ReadonlySet<OrderEventKind> = new Set<OrderEventKind>([
  'COMPLETED',
  'PAYMENT_SUCCEEDED',
  'AWAITING_PAYMENT',
  'MARKED_PAID',
  'MANUALLY_CREATED',
  'BOX_OFFICE_SALE',
  'CANCELLED',
  'CANCELLED_BY_BUYER',
  'PAYMENT_OVERDUE',
  'REFUNDED',
  'REFUND_FAILED',
  'LATE_PAYMENT_REFUNDED',
  'EXCHANGE_REFUNDED',
  'DATE_EXCHANGED',
  'BUYER_EDITED',
  'INVOICE_DETAILS_EDITED',
]);

/** The order's invoice that stands: its latest invoice, unless a cancellation followed it. */
export async function standingInvoice(tx: Executor, orderId: number): Promise<InvoiceRow | null> {
  const [latest] = await tx
    .select()
    .from(invoices)
    .where(eq(invoices.order_id, orderId))
    .orderBy(desc(invoices.id))
    .limit(1);
  return latest?.kind === 'INVOICE' ? latest : null;
}

/**
 * In the transaction of a change to an order (orders/order-history.ts): brings its invoices in line with it. An
 * invoice is never changed: when what it should say differs from the one that stands, a cancellation invoice cancels
 * that one and, when the order still has something to invoice, a new invoice follows, numbered next in the same
 * series. Nothing happens when nothing differs (repeats are harmless). Returns the invoices issued.
 */
export async function syncOrderInvoices(
  tx: Executor,
  orderId: number,
  kind: OrderEventKind,
  at: Date,
  allocate: NumberAllocator = guardedInvoiceNumber,
): Promise<InvoiceRow[]> {
  if (!INVOICE_KINDS.has(kind)) return [];
  // Most events issue no invoices: one read settles it, before any savepoint (a checkout's completion passes here).
  const [state] = await tx
    .select({
      mode: events.invoice_mode,
      invoiced: sql<boolean>`exists (select 1 from ${invoices} where ${invoices.order_id} = ${orders.id})`,
    })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.event_id))
    .where(eq(orders.id, orderId));
  if (!state || (state.mode === 'NONE' && !state.invoiced)) return [];
  // A change recorded outside a transaction gets its own: number and invoice commit together or not at all.
  return (tx as Db).transaction(async (t) => {
    const draft = await invoiceDraft(t, orderId, state.invoiced);
    if (!draft) return [];
    const open = await standingInvoice(t, orderId);
    if (open && draft.data && sameInvoice(open.data, draft.data)) return [];
    if (!open && !draft.data) return [];
    const issued: InvoiceRow[] = [];
    if (open) issued.push(await issue(t, draft.subject, 'CANCELLATION', negated(open.data), at, allocate, open.id));
    if (draft.data) issued.push(await issue(t, draft.subject, 'INVOICE', draft.data, at, allocate, null));
    return issued;
  });
}

async function issue(
  tx: Executor,
  s: InvoiceSubject,
  kind: InvoiceKind,
  data: InvoiceData,
  at: Date,
  allocate: NumberAllocator,
  cancelsId: number | null,
): Promise<InvoiceRow> {
  const series = seriesOf(s.settings, at, s.timezone);
  const seq = await allocate(tx, s.organizerId, series);
  const [row] = await tx
    .insert(invoices)
    .values({
      account_id: s.accountId,
      organizer_id: s.organizerId,
      event_id: s.eventId,
      order_id: s.orderId,
      kind,
      cancels_id: cancelsId,
      series,
      seq,
      number: formatInvoiceNumber(series, s.settings.yearly_reset, seq),
      issued_at: at,
      currency: s.currency,
      total: data.total,
      tax_total: data.tax_total,
      locale: s.locale,
      data,
    })
    .returning();
  return row!;
}

/** An order's invoices, oldest first, with the number of the invoice each cancellation cancels. */
export async function orderInvoices(db: Executor, orderId: number) {
  const rows = await db.select().from(invoices).where(eq(invoices.order_id, orderId)).orderBy(invoices.id);
  const numbers = new Map(rows.map((r) => [r.id, r.number]));
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    kind: r.kind,
    cancels: r.cancels_id ? (numbers.get(r.cancels_id) ?? null) : null,
    issued_at: r.issued_at.toISOString(),
    currency: r.currency,
    total: r.total,
    tax_total: r.tax_total,
    e_invoice: eInvoicePossible(r.data),
  }));
}

/** One invoice of an event (the organizer's download), or of one order (the buyer's). */
export async function findInvoice(
  db: Executor,
  by: { eventId: number; invoiceId: number; orderId?: number },
): Promise<InvoiceRow | null> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.id, by.invoiceId),
        eq(invoices.event_id, by.eventId),
        by.orderId === undefined ? undefined : eq(invoices.order_id, by.orderId),
      ),
    );
  return row ?? null;
}

/** Whether the order is the event's (an organizer's path names both). */
export async function isOrderOfEvent(db: Executor, eventId: number, orderId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.event_id, eventId)));
  return !!row;
}
