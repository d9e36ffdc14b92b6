import type { CheckoutInvoiceBody, checkoutInvoiceBody, InvoiceDetails, UnitPrice } from '@admitone/shared';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';

import type { Tx } from '../../db/client.js';
import { eventDates, events, orderItems, orders, providerPayments } from '../../db/schema/index.js';
import type { FieldIssues } from '../../shared/errors.js';
import type { OrderRow } from '../orders/order-view.js';
import { findInvoiceSettings } from './invoice-settings.js';
import { isValidVatNumber, reverseChargeApplies } from './vat.js';

const ADDRESS_NEEDED = ['address_line_1', 'zip_or_postal_code', 'city', 'country'] as const;

/**
 * Checks invoice details as typed (issues under `prefix`): a business (a company or a VAT number), and anyone asking
 * for an invoice (`asked`), gives the street, postal code, city and country; a VAT number must be well formed for the
 * address's country.
 */
export function checkInvoiceInput(
  input: z.output<typeof checkoutInvoiceBody>,
  asked: boolean,
  issues: FieldIssues,
  prefix: string,
): void {
  const address = input.address ?? null;
  if (asked || input.company || input.vat_number)
    for (const f of ADDRESS_NEEDED)
      if (!address?.[f]) issues[`${prefix}address.${f}`] = [{ key: 'invoice_address_required' }];
  if (input.vat_number && !isValidVatNumber(input.vat_number, address?.country))
    issues[`${prefix}vat_number`] = [{ key: 'vat_number_invalid' }];
}

/**
 * The buyer's invoice details of a checkout, checked (issues under `invoice.…`), with whether the reverse-charge rule
 * applies to the order; null where the event issues no invoices or the buyer gave nothing. A business (a company or a
 * VAT number), and anyone asking for an invoice on request, gives the address; a VAT number must be well formed for the
 * address's country.
 */
export async function checkoutInvoiceDetails(
  tx: Tx,
  order: OrderRow,
  input: z.output<typeof checkoutInvoiceBody> | undefined,
  issues: FieldIssues,
): Promise<InvoiceDetails | null> {
  const [event] = await tx
    .select({
      mode: events.invoice_mode,
      organizerId: events.organizer_id,
      isOnline: events.is_online,
      location: events.location,
    })
    .from(events)
    .where(eq(events.id, order.event_id));
  if (!event || event.mode === 'NONE' || !input) return null;
  const requested = event.mode === 'ALWAYS' || input.requested;
  if (!requested) return null;
  const address = input.address ?? null;
  checkInvoiceInput(input, event.mode === 'ON_REQUEST', issues, 'invoice.');
  const settings = await findInvoiceSettings(tx, event.organizerId);
  const [date] = await tx
    .select({ location: eventDates.location })
    .from(orderItems)
    .innerJoin(eventDates, eq(eventDates.id, orderItems.event_date_id))
    .where(eq(orderItems.order_id, order.id))
    .limit(1);
  const reverse =
    !issues['invoice.vat_number'] &&
    reverseChargeApplies({
      sellerVat: settings?.vat_number ?? null,
      buyerVat: input.vat_number,
      isOnline: event.isOnline,
      eventCountry: (date?.location ?? event.location)?.country ?? null,
    });
  return {
    requested: true,
    company: input.company,
    address: address && Object.values(address).some(Boolean) ? address : null,
    vat_number: input.vat_number,
    reverse_charge: reverse,
  };
}

/**
 * Leaves the order's taxes out (reverse charge) or puts them back, on every item and in the order's totals, before it
 * is paid. Once a payment was started for its amount, a change is refused on the VAT number.
 */
export async function applyReverseCharge(
  tx: Tx,
  order: OrderRow,
  reverse: boolean,
  issues: FieldIssues,
): Promise<boolean> {
  const was = order.invoice_details?.reverse_charge ?? false;
  if (was === reverse) return false;
  const [started] = await tx
    .select({ id: providerPayments.id })
    .from(providerPayments)
    .where(eq(providerPayments.order_id, order.id))
    .limit(1);
  if (order.payment_intent_id || started) {
    issues['invoice.vat_number'] = [{ key: 'invoice_locked_after_payment' }];
    return false;
  }
  const items = await tx.select().from(orderItems).where(eq(orderItems.order_id, order.id));
  const totals = { tax_total: 0, total: 0 };
  for (const item of items) {
    const unit = reverse ? withoutTaxes(item.unit) : withTaxes(item.unit);
    totals.tax_total += unit.tax_total * item.quantity;
    totals.total += unit.total * item.quantity;
    await tx
      .update(orderItems)
      .set({ unit, total: unit.total * item.quantity })
      .where(and(eq(orderItems.id, item.id), eq(orderItems.order_id, order.id)));
  }
  await tx.update(orders).set(totals).where(eq(orders.id, order.id));
  return true;
}

const withoutTaxes = (u: UnitPrice): UnitPrice =>
  u.taxes.length ? { ...u, exempt_taxes: u.taxes, taxes: [], tax_total: 0, total: u.total - u.tax_total } : u;

function withTaxes(u: UnitPrice): UnitPrice {
  const { exempt_taxes: back, ...rest } = u;
  if (!back?.length) return rest;
  const tax = back.reduce((s, t) => s + t.amount, 0);
  return { ...rest, taxes: back, tax_total: tax, total: u.total + tax };
}

export type { CheckoutInvoiceBody };
