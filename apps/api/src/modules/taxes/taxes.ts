import type { taxOrFeeBody, TaxOrFeeDto } from '@admitone/shared';
import { count, eq } from 'drizzle-orm';
import type { z } from 'zod';

import type { Db, Executor } from '../../db/client.js';
import { accounts, taxesAndFees, ticketTaxes } from '../../db/schema/index.js';
import type { Clock } from '../../shared/clock.js';
import { DomainError } from '../../shared/errors.js';
import { findTax, listTaxes, toTaxDto } from './taxes.repository.js';

type Body = z.output<typeof taxOrFeeBody>;

/** The id in the path must be the caller's account. Returns its currency. */
async function accountCurrency(db: Executor, callerAccountId: number, id: number): Promise<string> {
  if (id !== callerAccountId) throw new DomainError('NOT_FOUND');
  const [row] = await db.select({ currency: accounts.currency }).from(accounts).where(eq(accounts.id, id));
  if (!row) throw new DomainError('NOT_FOUND');
  return row.currency;
}

const columnsOf = (b: Body, accountCurrency: string) => ({
  name: b.name,
  type: b.type,
  calculation_type: b.calculation_type,
  percentage: b.calculation_type === 'PERCENTAGE' ? b.rate.toFixed(3) : null,
  fixed_amount: b.calculation_type === 'FIXED' ? b.rate : null,
  currency: b.calculation_type === 'FIXED' ? (b.currency ?? accountCurrency) : null,
  is_default: b.is_default,
  description: b.description,
});

/** The account's taxes and fees (the path's account must be the caller's). */
export async function accountTaxes(db: Executor, callerAccountId: number, accountId: number): Promise<TaxOrFeeDto[]> {
  const currency = await accountCurrency(db, callerAccountId, accountId);
  return (await listTaxes(db, accountId)).map((r) => toTaxDto(r, currency));
}

/** A new tax or fee; a fixed one without a currency takes the account's. */
export async function createTax(
  db: Db,
  clock: Clock,
  callerAccountId: number,
  accountId: number,
  body: Body,
): Promise<TaxOrFeeDto> {
  const currency = await accountCurrency(db, callerAccountId, accountId);
  const now = clock.now();
  const [row] = await db
    .insert(taxesAndFees)
    .values({ account_id: accountId, ...columnsOf(body, currency), created_at: now, updated_at: now })
    .returning();
  return toTaxDto(row!, currency);
}

/** Changes a tax or fee of the account. */
export async function updateTax(
  db: Db,
  clock: Clock,
  callerAccountId: number,
  accountId: number,
  id: number,
  body: Body,
): Promise<TaxOrFeeDto> {
  const currency = await accountCurrency(db, callerAccountId, accountId);
  const existing = await findTax(db, accountId, id);
  if (!existing) throw new DomainError('NOT_FOUND');
  // An edit that leaves the currency out keeps the fee's own (not the account's, which may have changed).
  const [row] = await db
    .update(taxesAndFees)
    .set({ ...columnsOf(body, existing.currency ?? currency), updated_at: clock.now() })
    .where(eq(taxesAndFees.id, id))
    .returning();
  return toTaxDto(row!, currency);
}

/**
 * Deletes a tax or fee; tickets keep working without it (the link rows go with it, ON DELETE CASCADE). Returns how many
 * tickets had it.
 */
export async function deleteTax(db: Db, callerAccountId: number, accountId: number, id: number): Promise<number> {
  await accountCurrency(db, callerAccountId, accountId);
  if (!(await findTax(db, accountId, id))) throw new DomainError('NOT_FOUND');
  return db.transaction(async (tx) => {
    const [links] = await tx.select({ n: count() }).from(ticketTaxes).where(eq(ticketTaxes.tax_and_fee_id, id));
    await tx.delete(taxesAndFees).where(eq(taxesAndFees.id, id));
    return links?.n ?? 0;
  });
}
