import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';

import { accounts, users } from './accounts.js';
import { instant, timestamps } from './columns.js';
import { events } from './events.js';

/**
 * A box-office shift (issue #41): one staff member selling at one event, from opening with a float of cash to closing
 * with the cash counted. A closed shift is never changed again; each person has at most one open shift per event.
 */
export const boxOfficeShifts = pgTable(
  'box_office_shifts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    event_id: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Cash in the drawer at the opening, minor units. */
    float: integer('float').notNull(),
    opened_at: instant('opened_at').notNull(),
    closed_at: instant('closed_at'),
    /** At the close: the notes and coins counted, and what the shift's sales said should be there. */
    counted: jsonb('counted').$type<Array<{ value: number; count: number }>>(),
    counted_total: integer('counted_total'),
    expected_cash: integer('expected_cash'),
    note: text('note'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('box_office_shifts_open_unique')
      .on(t.event_id, t.user_id)
      .where(sql`${t.closed_at} is null`),
    index('box_office_shifts_event_idx').on(t.event_id, t.opened_at),
  ],
);
