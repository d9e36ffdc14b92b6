import { chargeAppliesTo, type TaxOrFeeDto } from '@admitone/shared';
import { and, asc, eq } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { taxesAndFees } from '../../db/schema/index.js';

export type TaxRow = typeof taxesAndFees.$inferSelect;

export async function listTaxes(db: Executor, accountId: number): Promise<TaxRow[]> {
  return db
    .select()
    .from(taxesAndFees)
    .where(eq(taxesAndFees.account_id, accountId))
    .orderBy(asc(taxesAndFees.type), asc(taxesAndFees.name), asc(taxesAndFees.id));
}

/** One tax or fee of an account; another account's id finds nothing. */
export async function findTax(db: Executor, accountId: number, id: number): Promise<TaxRow | null> {
  const [row] = await db
    .select()
    .from(taxesAndFees)
    .where(and(eq(taxesAndFees.account_id, accountId), eq(taxesAndFees.id, id)))
    .limit(1);
  return row ?? null;
}

/** `accountCurrency`: the currency shown for a percentage (a fixed amount shows its own). */
export function toTaxDto(row: TaxRow, accountCurrency: string): TaxOrFeeDto {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    calculation_type: row.calculation_type,
    rate: row.calculation_type === 'PERCENTAGE' ? Number(row.percentage) : (row.fixed_amount ?? 0),
    is_default: row.is_default,
    description: row.description,
    currency: row.currency ?? accountCurrency,
    created_at: row.created_at.toISOString(),
  };
}

/**
 * The taxes and fees that can be charged on an event in `eventCurrency`: every percentage, and fixed
 * amounts in that currency. A fixed fee in another currency (left on a ticket from before fees had a
 * currency) is never charged, and never reinterpreted as an amount of the event's currency.
 */
export function chargesFor(rows: TaxRow[], eventCurrency: string): TaxOrFeeDto[] {
  return rows.map((r) => toTaxDto(r, eventCurrency)).filter((c) => chargeAppliesTo(c, eventCurrency));
}
