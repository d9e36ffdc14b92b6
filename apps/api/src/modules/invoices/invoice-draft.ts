import { type InvoiceData, type InvoiceMode, type Locale, personName } from '@admitone/shared';
import { asc, eq, inArray } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { eventDates, events, orderItems, orders, organizers, taxesAndFees } from '../../db/schema/index.js';
import { findInvoiceSettings } from './invoice-settings.js';

/** Who issues, and for which event and order: what numbering and the invoice rows need beside the data. */
export interface InvoiceSubject {
  accountId: number;
  organizerId: number;
  eventId: number;
  orderId: number;
  currency: string;
  locale: Locale;
  timezone: string;
  settings: { prefix: string; yearly_reset: boolean };
  mode: InvoiceMode;
}

/**
 * What the invoice of an order should say now (docs/DOMAIN.md "Invoices"), or null when it should have none: the
 * event issues none (or only on request, and the buyer did not ask) and the order has none yet; the organizer has no
 * invoice settings; the order is free, not (or no longer) sold, or all of it was refunded. The lines are the order's
 * items as sold (discounts and fees in their price), less a refund line for what went back; the taxes per rate follow
 * them.
 */
export async function invoiceDraft(
  tx: Executor,
  orderId: number,
  /** The order has invoices already: they are kept up to date even if the event stopped issuing new ones. */
  invoiced = false,
): Promise<{ subject: InvoiceSubject; data: InvoiceData | null } | null> {
  const [row] = await tx
    .select({ order: orders, event: events, organizerEmail: organizers.email })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.event_id))
    .innerJoin(organizers, eq(organizers.id, events.organizer_id))
    .where(eq(orders.id, orderId));
  if (!row) return null;
  const { order, event, organizerEmail } = row;
  const settings = await findInvoiceSettings(tx, event.organizer_id);
  if (!settings) return null;
  const subject: InvoiceSubject = {
    accountId: order.account_id,
    organizerId: event.organizer_id,
    eventId: event.id,
    orderId: order.id,
    currency: order.currency,
    locale: order.locale,
    timezone: event.timezone,
    settings,
    mode: event.invoice_mode,
  };
  const details = order.invoice_details;
  const wanted =
    invoiced || event.invoice_mode === 'ALWAYS' || (event.invoice_mode === 'ON_REQUEST' && details?.requested);
  // Sold and not undone: paid (refunds or not), or awaiting an offline payment. A cancelled order keeps its invoice
  // only for what was paid and kept; an unpaid one that was cancelled has nothing to invoice.
  const paid = order.payment_status === 'PAYMENT_RECEIVED' || order.payment_status === 'REFUNDED';
  const standing =
    ['COMPLETED', 'AWAITING_PAYMENT', 'PARTIALLY_REFUNDED', 'REFUND_PENDING', 'REFUND_FAILED', 'REFUNDED'].includes(
      order.status,
    ) ||
    (order.status === 'CANCELLED' && paid);
  const kept = order.total - order.refunded_total;
  if (!wanted || !standing || order.total === 0 || kept <= 0) return { subject, data: null };

  const items = await tx
    .select({ item: orderItems, date: { start: eventDates.start_date, label: eventDates.label } })
    .from(orderItems)
    .innerJoin(eventDates, eq(eventDates.id, orderItems.event_date_id))
    .where(eq(orderItems.order_id, order.id))
    .orderBy(asc(orderItems.id));
  const taxIds = [...new Set(items.flatMap(({ item }) => item.unit.taxes.map((t) => t.id)))];
  const rates = new Map(
    (taxIds.length
      ? await tx
          .select({ id: taxesAndFees.id, calc: taxesAndFees.calculation_type, pct: taxesAndFees.percentage })
          .from(taxesAndFees)
          .where(inArray(taxesAndFees.id, taxIds))
      : []
    ).map((t) => [t.id, t.calc === 'PERCENTAGE' && t.pct !== null ? Number(t.pct) : null]),
  );

  const lines: InvoiceData['lines'] = [];
  const taxes = new Map<number, InvoiceData['taxes'][number]>();
  for (const { item } of items) {
    const u = item.unit;
    const unitNet = u.price + u.fee_total;
    lines.push({
      description: item.tier_label ? `${item.ticket_name} – ${item.tier_label}` : item.ticket_name,
      quantity: item.quantity,
      unit_net: unitNet,
      net: unitNet * item.quantity,
      tax: u.tax_total * item.quantity,
      gross: u.total * item.quantity,
      tax_rate: u.taxes.length === 1 ? (rates.get(u.taxes[0]!.id) ?? null) : u.taxes.length === 0 ? 0 : null,
    });
    for (const t of u.taxes) {
      const entry = taxes.get(t.id) ?? { name: t.name, rate: rates.get(t.id) ?? null, base: 0, amount: 0 };
      entry.base += unitNet * item.quantity;
      entry.amount += t.amount * item.quantity;
      taxes.set(t.id, entry);
    }
  }
  // What went back: one line, its tax shared over the rates as the order's taxes are.
  if (order.refunded_total > 0) {
    const refundTax = order.total > 0 ? Math.round((order.refunded_total * order.tax_total) / order.total) : 0;
    lines.push({
      description: '',
      refund: true,
      quantity: 1,
      unit_net: -(order.refunded_total - refundTax),
      net: -(order.refunded_total - refundTax),
      tax: -refundTax,
      gross: -order.refunded_total,
      tax_rate: null,
    });
    let left = refundTax;
    const list = [...taxes.values()];
    list.forEach((t, i) => {
      const share = i === list.length - 1 ? left : Math.round((refundTax * t.amount) / (order.tax_total || 1));
      left -= share;
      const baseShare = t.amount > 0 ? Math.round((share * t.base) / t.amount) : 0;
      t.amount -= share;
      t.base -= baseShare;
    });
  }
  const total = lines.reduce((s, l) => s + l.gross, 0);
  const taxTotal = lines.reduce((s, l) => s + l.tax, 0);
  const first = items[0]?.date.start ?? event.start_date;
  return {
    subject,
    data: {
      seller: {
        legal_name: settings.legal_name,
        address: settings.address,
        vat_number: settings.vat_number,
        tax_number: settings.tax_number,
        // The organizer's address unless the settings name the accounts department's.
        contact_email: settings.contact_email ?? organizerEmail,
        contact_phone: settings.contact_phone,
      },
      buyer: {
        name: personName(order),
        company: details?.company ?? null,
        email: order.email,
        address: details?.address ?? null,
        vat_number: details?.vat_number ?? null,
      },
      order_number: order.order_number,
      event_title: event.title,
      service_date: first.toISOString(),
      timezone: event.timezone,
      lines,
      taxes: [...taxes.values()],
      net_total: total - taxTotal,
      tax_total: taxTotal,
      total,
      reverse_charge: details?.reverse_charge ?? false,
      due_days: order.status === 'AWAITING_PAYMENT' ? settings.payment_terms_days : null,
      paid,
      footer: settings.footer,
    },
  };
}

/** What makes two invoices of an order the same for the buyer and the tax office (not whether it was paid since). */
export function sameInvoice(a: InvoiceData, b: InvoiceData): boolean {
  const key = (d: InvoiceData) => canonical([d.buyer, d.lines, d.taxes, d.total, d.reverse_charge, d.event_title]);
  return key(a) === key(b);
}

/**
 * JSON with every object's keys in order and no undefined members: a stored invoice (jsonb orders its keys) compares
 * equal to the same one made now.
 */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.entries(v)
      .filter(([, x]) => x !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, x]) => `${JSON.stringify(k)}:${canonical(x)}`)
      .join(',')}}`;
  return JSON.stringify(v ?? null);
}

/** A cancellation invoice's data: the cancelled one's, every amount negated. */
export function negated(d: InvoiceData): InvoiceData {
  return {
    ...d,
    lines: d.lines.map((l) => ({ ...l, unit_net: -l.unit_net, net: -l.net, tax: -l.tax, gross: -l.gross })),
    taxes: d.taxes.map((t) => ({ ...t, base: -t.base, amount: -t.amount })),
    net_total: -d.net_total,
    tax_total: -d.tax_total,
    total: -d.total,
    due_days: null,
  };
}
