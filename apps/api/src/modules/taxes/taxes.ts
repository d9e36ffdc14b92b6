import type { taxOrFeeBody, TaxOrFeeDto } from '@admitone/shared';
import { count, eq } from 'drizzle-orm';
import type { z } from 'zod';

import type { Db, Executor } from '../../db/client.js';
import { accounts, taxesAndFees, ticketTaxes } from '../../db/schema/index.js';
import type { Clock } from '../../shared/clock.js';
import { DomainError } from '../../shared/errors.js';
import { type AuditActor, changesOf, recordAudit } from '../audit/audit.js';
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

/** What the audit log keeps of a tax or fee (what buyers pay). */
const AUDITED = ['name', 'type', 'calculation_type', 'percentage', 'fixed_amount', 'currency', 'is_default'] as const;
const auditedOf = (row: ReturnType<typeof columnsOf>) => Object.fromEntries(AUDITED.map((k) => [k, row[k]]));
const target = (id: number, name: string) => ({ type: 'tax_or_fee', id, label: name });

/** A new tax or fee; a fixed one without a currency takes the account's. */
export async function createTax(
  db: Db,
  clock: Clock,
  actor: AuditActor,
  accountId: number,
  body: Body,
): Promise<TaxOrFeeDto> {
  const currency = await accountCurrency(db, actor.accountId, accountId);
  const now = clock.now();
  return db.transaction(async (tx) => {
    const columns = columnsOf(body, currency);
    const [row] = await tx
      .insert(taxesAndFees)
      .values({ account_id: accountId, ...columns, created_at: now, updated_at: now })
      .returning();
    await recordAudit(
      tx,
      actor,
      { action: 'tax.created', target: target(row!.id, row!.name), data: auditedOf(columns) },
      now,
    );
    return toTaxDto(row!, currency);
  });
}

/** Changes a tax or fee of the account. */
export async function updateTax(
  db: Db,
  clock: Clock,
  actor: AuditActor,
  accountId: number,
  id: number,
  body: Body,
): Promise<TaxOrFeeDto> {
  const currency = await accountCurrency(db, actor.accountId, accountId);
  const existing = await findTax(db, accountId, id);
  if (!existing) throw new DomainError('NOT_FOUND');
  const now = clock.now();
  return db.transaction(async (tx) => {
    // An edit that leaves the currency out keeps the fee's own (not the account's, which may have changed).
    const columns = columnsOf(body, existing.currency ?? currency);
    const [row] = await tx
      .update(taxesAndFees)
      .set({ ...columns, updated_at: now })
      .where(eq(taxesAndFees.id, id))
      .returning();
    const changed = changesOf(existing, columns, AUDITED);
    if (Object.keys(changed).length)
      await recordAudit(tx, actor, { action: 'tax.updated', target: target(id, row!.name), data: changed }, now);
    return toTaxDto(row!, currency);
  });
}

/**
 * Deletes a tax or fee; tickets keep working without it (the link rows go with it, ON DELETE CASCADE). Returns how many
 * tickets had it.
 */
export async function deleteTax(
  db: Db,
  clock: Clock,
  actor: AuditActor,
  accountId: number,
  id: number,
): Promise<number> {
  await accountCurrency(db, actor.accountId, accountId);
  const existing = await findTax(db, accountId, id);
  if (!existing) throw new DomainError('NOT_FOUND');
  return db.transaction(async (tx) => {
    const [links] = await tx.select({ n: count() }).from(ticketTaxes).where(eq(ticketTaxes.tax_and_fee_id, id));
    await tx.delete(taxesAndFees).where(eq(taxesAndFees.id, id));
    await recordAudit(
      tx,
      actor,
      { action: 'tax.deleted', target: target(id, existing.name), data: { tickets: links?.n ?? 0 } },
      clock.now(),
    );
    return links?.n ?? 0;
  });
}
