import type { UnitPrice } from '@admitone/shared';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';

import { instant } from './columns.js';
import { eventDates } from './event-dates.js';
import { events } from './events.js';
import { orders } from './orders.js';

/** A line's new price on the date an exchange goes to: the order line and its priced unit (`UnitPrice`). */
export interface ExchangeLine {
  order_item_id: number;
  unit: UnitPrice;
  total: number;
}

/**
 * A buyer's move of their order to a date at another price (modules/self-service/exchange-payments.ts), when money
 * changes hands by card: PAYING (a dearer date: the PaymentIntent for the difference is out, no stock held; a new
 * try REPLACES it and its intent is cancelled) -> APPLIED (paid and moved under the order's lock) or REFUNDED (paid,
 * but the date could not take the order any more: the difference went back); a cheaper date is APPLIED at once and
 * its refund recorded here (`refund_state`). `refunded` is what later refunds of the order took back from this
 * payment (payments/card-refunds.ts spreads a refund over the order's card payments).
 */
export const orderExchanges = pgTable(
  'order_exchanges',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    event_id: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    from_date_id: integer('from_date_id')
      .notNull()
      .references(() => eventDates.id, { onDelete: 'cascade' }),
    to_date_id: integer('to_date_id')
      .notNull()
      .references(() => eventDates.id, { onDelete: 'cascade' }),
    status: text('status').$type<'PAYING' | 'REPLACED' | 'APPLIED' | 'REFUNDED'>().notNull(),
    /** The order's total when the exchange was asked, and on the new date (minor units). */
    previous_total: integer('previous_total').notNull(),
    new_total: integer('new_total').notNull(),
    /** The new prices of the lines that change (the others keep theirs). */
    lines: jsonb('lines').$type<ExchangeLine[]>().notNull(),
    /** The PaymentIntent paying a dearer date's difference. */
    payment_intent_id: text('payment_intent_id'),
    /** A cheaper date's difference going back to the card: PENDING, REFUNDED or FAILED (null: none). */
    refund_state: text('refund_state').$type<'PENDING' | 'REFUNDED' | 'FAILED'>(),
    /** What refunds of the order took back from this exchange's payment. */
    refunded: integer('refunded').notNull().default(0),
    created_at: instant('created_at').notNull(),
    updated_at: instant('updated_at').notNull(),
  },
  (t) => [
    index('order_exchanges_order_idx').on(t.order_id, t.id),
    uniqueIndex('order_exchanges_intent_unique').on(t.payment_intent_id),
    // One payment under way per order: a new try replaces the old one in the same transaction.
    uniqueIndex('order_exchanges_paying_unique')
      .on(t.order_id)
      .where(sql`${t.status} = 'PAYING'`),
  ],
);
