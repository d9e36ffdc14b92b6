import { boolean, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';

import { accounts } from './accounts.js';
import { timestamps } from './columns.js';
import { events } from './events.js';

/** An affiliate code of an event: `?aff=CODE` links attribute orders to it. */
export const affiliates = pgTable(
  'affiliates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    event_id: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    code: text('code').notNull(),
    /** Lower-cased code: unique per event in any case. */
    code_key: text('code_key').notNull(),
    email: text('email'),
    enabled: boolean('enabled').notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex('affiliates_event_code_unique').on(t.event_id, t.code_key)],
);
