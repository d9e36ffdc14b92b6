import type { invoiceSettingsBody, InvoiceSettingsDto } from '@admitone/shared';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';

import type { Executor } from '../../db/client.js';
import { invoiceCounters, invoiceSettings } from '../../db/schema/index.js';
import { DomainError } from '../../shared/errors.js';
import { formatInvoiceNumber, seriesOf } from './invoice-numbers.js';
import { isValidVatNumber } from './vat.js';

export type InvoiceSettingsRow = typeof invoiceSettings.$inferSelect;

export async function findInvoiceSettings(db: Executor, organizerId: number): Promise<InvoiceSettingsRow | null> {
  const [row] = await db.select().from(invoiceSettings).where(eq(invoiceSettings.organizer_id, organizerId));
  return row ?? null;
}

/** The settings as answered, with what the next number will look like (issued `now`, in `timezone`). */
export async function invoiceSettingsView(
  db: Executor,
  row: InvoiceSettingsRow,
  now: Date,
  timezone: string,
): Promise<InvoiceSettingsDto> {
  const series = seriesOf(row, now, timezone);
  const [counter] = await db
    .select({ last: invoiceCounters.last })
    .from(invoiceCounters)
    .where(and(eq(invoiceCounters.organizer_id, row.organizer_id), eq(invoiceCounters.series, series)));
  const last = counter?.last ?? 0;
  return {
    legal_name: row.legal_name,
    address: row.address,
    vat_number: row.vat_number,
    tax_number: row.tax_number,
    contact_email: row.contact_email,
    contact_phone: row.contact_phone,
    prefix: row.prefix,
    yearly_reset: row.yearly_reset,
    payment_terms_days: row.payment_terms_days,
    footer: row.footer,
    next_number: formatInvoiceNumber(series, row.yearly_reset, last + 1),
  };
}

/**
 * Saves an organizer's invoice settings. A VAT number must be well formed for its country (the seller's address
 * country, when in the EU). Invoices already issued keep what they said.
 */
export async function saveInvoiceSettings(
  db: Executor,
  organizerId: number,
  input: z.output<typeof invoiceSettingsBody>,
  now: Date,
): Promise<InvoiceSettingsRow> {
  if (input.vat_number && !isValidVatNumber(input.vat_number, input.address.country))
    throw new DomainError('VALIDATION_FAILED', { fields: { vat_number: [{ key: 'vat_number_invalid' }] } });
  const missing = (['address_line_1', 'zip_or_postal_code', 'city', 'country'] as const).filter(
    (f) => !input.address[f],
  );
  if (missing.length)
    throw new DomainError('VALIDATION_FAILED', {
      fields: Object.fromEntries(missing.map((f) => [`address.${f}`, [{ key: 'invoice_address_required' as const }]])),
    });
  const values = { ...input, updated_at: now };
  const [row] = await db
    .insert(invoiceSettings)
    .values({ organizer_id: organizerId, ...values })
    .onConflictDoUpdate({ target: invoiceSettings.organizer_id, set: values })
    .returning();
  return row!;
}
