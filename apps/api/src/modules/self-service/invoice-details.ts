import type { checkoutInvoiceBody, InvoiceDetails } from '@admitone/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';

import type { Db } from '../../db/client.js';
import { invoices, orderEvents } from '../../db/schema/index.js';
import { DomainError } from '../../shared/errors.js';
import { correctInvoiceDetails } from '../invoices/correct-invoice-details.js';
import type { OrderContext } from '../orders/order-status.js';
import { lockBuyerOrder } from './buyer-changes.js';

/** How often a buyer may correct their invoice details; after that the organizer does (each issues two invoices). */
export const BUYER_INVOICE_CORRECTIONS = 3;

/**
 * The buyer corrects the company, address and VAT number on their invoice from the order page (the order's secret
 * opens it): checked as at checkout, then the invoice is cancelled and issued again, as when the organizer corrects
 * them. Only an order that has an invoice, and at most `BUYER_INVOICE_CORRECTIONS` times.
 */
export async function correctInvoiceDetailsByBuyer(
  db: Db,
  c: OrderContext,
  ref: { eventId: number; shortId: string; secret: string | null },
  input: z.output<typeof checkoutInvoiceBody>,
): Promise<number[]> {
  return db.transaction(async (tx) => {
    const { order } = await lockBuyerOrder(tx, ref.eventId, ref.shortId, ref.secret, c.now);
    const [invoiced] = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(eq(invoices.order_id, order.id))
      .limit(1);
    if (!invoiced) throw new DomainError('INVOICE_CORRECTION_UNAVAILABLE');
    const [done] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(orderEvents)
      .where(
        and(
          eq(orderEvents.order_id, order.id),
          eq(orderEvents.kind, 'INVOICE_DETAILS_EDITED'),
          sql`${orderEvents.data}->>'by' = 'buyer'`,
        ),
      );
    if (unchanged(order.invoice_details, input)) return [];
    if ((done?.n ?? 0) >= BUYER_INVOICE_CORRECTIONS)
      throw new DomainError('INVOICE_CORRECTIONS_USED', { values: { count: BUYER_INVOICE_CORRECTIONS } });
    return correctInvoiceDetails(tx, c, order, input, 'buyer');
  });
}

const ADDRESS_FIELDS = [
  'address_line_1',
  'address_line_2',
  'zip_or_postal_code',
  'city',
  'state_or_region',
  'country',
] as const;

/** The same details again (a second click, a form sent twice): nothing to correct, and not counted. */
function unchanged(before: InvoiceDetails | null, input: z.output<typeof checkoutInvoiceBody>): boolean {
  if (!before) return false;
  return (
    before.company === input.company &&
    before.vat_number === input.vat_number &&
    ADDRESS_FIELDS.every((f) => (before.address?.[f] ?? null) === (input.address?.[f] ?? null))
  );
}
