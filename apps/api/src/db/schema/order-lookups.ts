import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';

import { instant } from './columns.js';
import { events, organizers } from './events.js';

/**
 * A "find my tickets" link (modules/order-lookup): someone typed an address on an event's page and the
 * address was mailed a link to its orders, of that event or of every event of its organizer. The link's
 * token is stored as its SHA-256 hash; the orders are read when the link is opened (so it shows one
 * bought after the mail too) until it expires. Expired rows are removed by later requests.
 */
export const orderLookups = pgTable(
  'order_lookups',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    token_hash: text('token_hash').notNull(),
    /** The address as the buyer typed it, lower-cased. */
    email: text('email').notNull(),
    organizer_id: integer('organizer_id')
      .notNull()
      .references(() => organizers.id, { onDelete: 'cascade' }),
    /** The event it was asked from: the orders of this event; null for every event of the organizer. */
    event_id: integer('event_id').references(() => events.id, { onDelete: 'cascade' }),
    /** The event whose page it was asked from (where a new link can be asked for). */
    from_event_id: integer('from_event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    expires_at: instant('expires_at').notNull(),
    created_at: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('order_lookups_token_hash_unique').on(t.token_hash),
    index('order_lookups_expires_idx').on(t.expires_at),
  ],
);
