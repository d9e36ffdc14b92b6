import { boolean, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

import { accounts } from './accounts.js';
import { timestamps } from './columns.js';
import { events } from './events.js';
import { tickets } from './tickets.js';

/** A limit shared by chosen tickets or by the whole event, on each date. */
export const capacityAssignments = pgTable(
  'capacity_assignments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    event_id: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** null: unlimited. */
    capacity: integer('capacity'),
    applies_to: text('applies_to').$type<'ALL' | 'TICKETS'>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    ...timestamps,
  },
  // What it took is kept per date (`capacity_dates`).
  (t) => [index('capacity_assignments_event_idx').on(t.event_id)],
);

export const capacityAssignmentTickets = pgTable(
  'capacity_assignment_tickets',
  {
    capacity_assignment_id: integer('capacity_assignment_id')
      .notNull()
      .references(() => capacityAssignments.id, { onDelete: 'cascade' }),
    ticket_id: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.capacity_assignment_id, t.ticket_id] }),
    index('capacity_assignment_tickets_ticket_idx').on(t.ticket_id),
  ],
);
