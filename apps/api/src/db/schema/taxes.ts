import type { TaxCalculation, TaxType } from '@admitone/shared';
import { boolean, index, integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';

import { accounts } from './accounts.js';
import { timestamps } from './columns.js';

/**
 * A tax or fee of an account. PERCENTAGE keeps its rate in `percentage` (0-100, 3 decimals);
 * FIXED keeps an amount in minor units of `currency` in `fixed_amount`, and applies only to events in
 * that currency (never reinterpreted in another one).
 */
export const taxesAndFees = pgTable(
  'taxes_and_fees',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').$type<TaxType>().notNull(),
    calculation_type: text('calculation_type').$type<TaxCalculation>().notNull(),
    percentage: numeric('percentage', { precision: 7, scale: 3 }),
    fixed_amount: integer('fixed_amount'),
    /** FIXED: the currency of `fixed_amount`; null for PERCENTAGE. */
    currency: text('currency'),
    is_default: boolean('is_default').notNull().default(false),
    description: text('description'),
    ...timestamps,
  },
  (t) => [index('taxes_and_fees_account_idx').on(t.account_id)],
);
