import type { checkoutInvoiceBody, InvoiceDetails } from '@admitone/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';

import type { Tx } from '../../db/client.js';
import { orders } from '../../db/schema/index.js';
import { DomainError, type FieldIssues } from '../../shared/errors.js';
import { recordOrderEvent } from '../orders/order-history.js';
import type { OrderContext } from '../orders/order-status.js';
import type { OrderRow } from '../orders/order-view.js';
import { checkInvoiceInput } from './checkout-invoice.js';

/**
 * The organizer (or the buyer, from the order page) corrects the buyer's invoice details after the purchase (a company
 * or VAT number the buyer forgot, a new address): checked as at checkout, kept on the order, and its invoice reissued
 * (a cancellation and a new one) by the order's history entry. The amounts do not change: the reverse-charge rule was
 * settled when the order was paid.
 */
export async function correctInvoiceDetails(
  tx: Tx,
  c: OrderContext,
  order: OrderRow,
  input: z.output<typeof checkoutInvoiceBody>,
  /** Who corrects: the buyer's corrections are counted (self-service/invoice-details.ts). */
  by: 'organizer' | 'buyer' = 'organizer',
): Promise<number[]> {
  if (['RESERVED', 'ABANDONED'].includes(order.status)) throw new DomainError('NOT_FOUND');
  const issues: FieldIssues = {};
  checkInvoiceInput(input, true, issues, '');
  if (Object.keys(issues).length) throw new DomainError('VALIDATION_FAILED', { fields: issues });
  const before = order.invoice_details;
  const next: InvoiceDetails = {
    requested: true,
    company: input.company,
    address: input.address ?? null,
    vat_number: input.vat_number,
    reverse_charge: before?.reverse_charge ?? false,
  };
  await tx.update(orders).set({ invoice_details: next, updated_at: c.now }).where(eq(orders.id, order.id));
  const changes = (['company', 'vat_number'] as const)
    .filter((f) => (before?.[f] ?? null) !== next[f])
    .map((f) => ({ field: f, from: before?.[f] ?? null, to: next[f] }));
  await recordOrderEvent(tx, order.id, {
    kind: 'INVOICE_DETAILS_EDITED',
    userId: c.userId ?? null,
    data: { changes, by },
    at: c.now,
  });
  return [];
}
