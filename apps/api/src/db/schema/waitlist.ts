import type { Locale } from '@admitone/shared';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';

import { accounts } from './accounts.js';
import { instant } from './columns.js';
import { eventDates } from './event-dates.js';
import { events } from './events.js';
import { orders } from './orders.js';
import { tickets, ticketTiers } from './tickets.js';

/** What is stored of an entry's state; PURCHASED and EXPIRED are read from its offer (modules/waitlist). */
export type WaitlistStoredState = 'WAITING' | 'OFFERED' | 'LEFT' | 'REMOVED';

/**
 * One person (an address) in line for a ticket sold out on one date (modules/waitlist). Its place is its
 * id among the WAITING entries of the ticket on that date. An offer holds units for it in an order of its
 * own (`order_id`, RESERVED until `offer_expires_at`), taken through the stock module; the offer's
 * checkout token is the token in the offer mail, stored here and on the order as its SHA-256 hash, so an
 * order completed with that token (even after the buyer chose again in that checkout) is the entry's
 * purchase. The leave link's token is stored hashed too.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    event_id: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    ticket_id: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    tier_id: integer('tier_id').references(() => ticketTiers.id, { onDelete: 'cascade' }),
    /** The date the person waits for (a waitlist is per ticket and date). */
    event_date_id: integer('event_date_id')
      .notNull()
      .references(() => eventDates.id, { onDelete: 'cascade' }),
    first_name: text('first_name').notNull(),
    last_name: text('last_name').notNull(),
    /** Lower-cased. */
    email: text('email').notNull(),
    quantity: integer('quantity').notNull(),
    locale: text('locale').$type<Locale>().notNull(),
    status: text('status').$type<WaitlistStoredState>().notNull().default('WAITING'),
    leave_token_hash: text('leave_token_hash').notNull(),
    offer_token_hash: text('offer_token_hash'),
    order_id: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    offered_at: instant('offered_at'),
    offer_expires_at: instant('offer_expires_at'),
    left_at: instant('left_at'),
    created_at: instant('created_at').notNull().defaultNow(),
    updated_at: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // Offers go to the oldest WAITING entries of a ticket on a date first; public reservations check that none waits.
    index('waitlist_waiting_idx')
      .on(t.ticket_id, t.event_date_id, t.id)
      .where(sql`${t.status} = 'WAITING'`),
    index('waitlist_event_idx').on(t.event_id, t.id),
    uniqueIndex('waitlist_leave_token_unique').on(t.leave_token_hash),
    uniqueIndex('waitlist_offer_token_unique').on(t.offer_token_hash),
    // One place in line per address, ticket and date at a time.
    uniqueIndex('waitlist_waiting_address_unique')
      .on(t.ticket_id, t.event_date_id, t.email)
      .where(sql`${t.status} = 'WAITING'`),
    check('waitlist_quantity_check', sql`${t.quantity} > 0`),
  ],
);
