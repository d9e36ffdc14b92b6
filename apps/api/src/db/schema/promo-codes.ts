import type { PromoDiscountType } from '@admitone/shared';
import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';

import { accounts } from './accounts.js';
import { instant, timestamps } from './columns.js';
import { events } from './events.js';
import { tickets } from './tickets.js';

/** A promo code of an event; unique per event whatever its case (`code_key` is lower-cased). */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    event_id: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    code_key: text('code_key').notNull(),
    discount_type: text('discount_type').$type<PromoDiscountType>().notNull(),
    /** A percentage (3 decimals) or minor units. */
    discount: numeric('discount', { precision: 14, scale: 3 }).notNull().default('0'),
    /** null: unlimited. */
    max_uses: integer('max_uses'),
    expires_at: instant('expires_at'),
    /** Orders using the code (holding, awaiting payment or placed, not cancelled), kept by the stock module. */
    taken: integer('taken').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('promo_codes_event_code_unique').on(t.event_id, t.code_key),
    index('promo_codes_account_idx').on(t.account_id),
    check('promo_codes_taken_check', sql`${t.taken} >= 0`),
  ],
);

/** The tickets a promo code applies to; none listed means every ticket. */
export const promoCodeTickets = pgTable(
  'promo_code_tickets',
  {
    promo_code_id: integer('promo_code_id')
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'cascade' }),
    ticket_id: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.promo_code_id, t.ticket_id] })],
);
