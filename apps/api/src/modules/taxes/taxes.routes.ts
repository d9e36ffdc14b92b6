import { count, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountParams, taxOrFeeBody, taxOrFeeParams } from '@admitone/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { authOf } from '../../plugins/auth.js';
import { accounts, taxesAndFees, ticketTaxes } from '../../db/schema/index.js';
import type { Executor } from '../../db/client.js';
import { DomainError } from '../../shared/errors.js';
import { findTax, listTaxes, toTaxDto } from './taxes.repository.js';

const tags = ['taxes and fees'];
const security = [{ bearer: [] }];

/** The id in the path must be the caller's account. Returns its currency. */
async function accountCurrency(db: Executor, callerAccountId: number, id: number): Promise<string> {
  if (id !== callerAccountId) throw new DomainError('NOT_FOUND');
  const [row] = await db.select({ currency: accounts.currency }).from(accounts).where(eq(accounts.id, id));
  if (!row) throw new DomainError('NOT_FOUND');
  return row.currency;
}

const columnsOf = (b: z.output<typeof taxOrFeeBody>, accountCurrency: string) => ({
  name: b.name,
  type: b.type,
  calculation_type: b.calculation_type,
  percentage: b.calculation_type === 'PERCENTAGE' ? b.rate.toFixed(3) : null,
  fixed_amount: b.calculation_type === 'FIXED' ? b.rate : null,
  currency: b.calculation_type === 'FIXED' ? (b.currency ?? accountCurrency) : null,
  is_default: b.is_default,
  description: b.description,
});

/** Taxes and fees of the account: anyone may list them (tickets use them); admins change them. */
export const taxRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  const admin = app.requirePermission('taxes.manage');

  app.get('/accounts/:id/taxes-and-fees', { preValidation: app.requirePermission('events.manage'), schema: { tags, security, summary: 'List taxes and fees', params: accountParams } }, async (req) => {
    const currency = await accountCurrency(db, authOf(req).accountId, req.params.id);
    const rows = await listTaxes(db, req.params.id);
    return {
      data: rows.map((r) => toTaxDto(r, currency)),
      meta: { current_page: 1, per_page: rows.length, total: rows.length, last_page: 1, allowed_sorts: [], allowed_filter_fields: [] },
    };
  });

  app.post('/accounts/:id/taxes-and-fees', { preValidation: admin, schema: { tags, security, summary: 'Create a tax or fee', params: accountParams, body: taxOrFeeBody } }, async (req, reply) => {
    const currency = await accountCurrency(db, authOf(req).accountId, req.params.id);
    const now = deps.clock.now();
    const [row] = await db.insert(taxesAndFees).values({ account_id: req.params.id, ...columnsOf(req.body, currency), created_at: now, updated_at: now }).returning();
    return reply.status(201).send({ data: toTaxDto(row!, currency) });
  });

  app.put('/accounts/:id/taxes-and-fees/:taxOrFeeId', { preValidation: admin, schema: { tags, security, summary: 'Update a tax or fee', params: taxOrFeeParams, body: taxOrFeeBody } }, async (req) => {
    const currency = await accountCurrency(db, authOf(req).accountId, req.params.id);
    const existing = await findTax(db, req.params.id, req.params.taxOrFeeId);
    if (!existing) throw new DomainError('NOT_FOUND');
    // An edit that leaves the currency out keeps the fee's own (not the account's, which may have changed).
    const [row] = await db.update(taxesAndFees).set({ ...columnsOf(req.body, existing.currency ?? currency), updated_at: deps.clock.now() }).where(eq(taxesAndFees.id, req.params.taxOrFeeId)).returning();
    return { data: toTaxDto(row!, currency) };
  });

  app.delete('/accounts/:id/taxes-and-fees/:taxOrFeeId', { preValidation: admin, schema: { tags, security, summary: 'Delete a tax or fee (tickets using it keep working without it)', params: taxOrFeeParams } }, async (req) => {
    await accountCurrency(db, authOf(req).accountId, req.params.id);
    if (!(await findTax(db, req.params.id, req.params.taxOrFeeId))) throw new DomainError('NOT_FOUND');
    // Tickets keep working without it: the link rows go with it (ON DELETE CASCADE); say how many.
    const detached = await db.transaction(async (tx) => {
      const [links] = await tx.select({ n: count() }).from(ticketTaxes).where(eq(ticketTaxes.tax_and_fee_id, req.params.taxOrFeeId));
      await tx.delete(taxesAndFees).where(eq(taxesAndFees.id, req.params.taxOrFeeId));
      return links?.n ?? 0;
    });
    return { data: { id: req.params.taxOrFeeId, detached_ticket_count: detached } };
  });
};
