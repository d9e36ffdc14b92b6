import { boolean, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';

import { accounts } from './accounts.js';
import { instant, timestamps } from './columns.js';
import { events } from './events.js';
import { attendees } from './orders.js';
import { tickets } from './tickets.js';

/**
 * A line at the door (main entrance, VIP, workshop room, day 2): which tickets it admits, when it is
 * open, and a staff link that opens its check-in screen without an account. Every event has at least one.
 */
export const checkInLists = pgTable(
  'check_in_lists',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    event_id: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** null: the default name ("All tickets"), shown in each reader's language until the organizer names it. */
    name: text('name'),
    description: text('description'),
    /** Admits every ticket of the event, also those created later; otherwise those in `check_in_list_tickets`. */
    all_tickets: boolean('all_tickets').notNull().default(true),
    /** The list admits from / until (null: no bound). */
    activates_at: instant('activates_at'),
    expires_at: instant('expires_at'),
    /**
     * The secret of the staff link (null: no link, or revoked). Regenerating replaces it; the old one stops at once.
     */
    staff_token: text('staff_token'),
    sort_order: integer('sort_order').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('check_in_lists_event_idx').on(t.event_id, t.sort_order),
    uniqueIndex('check_in_lists_staff_token_unique').on(t.staff_token),
  ],
);

/** The tickets a list admits when it does not admit all. */
export const checkInListTickets = pgTable(
  'check_in_list_tickets',
  {
    list_id: integer('list_id')
      .notNull()
      .references(() => checkInLists.id, { onDelete: 'cascade' }),
    ticket_id: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.list_id, t.ticket_id] }), index('check_in_list_tickets_ticket_idx').on(t.ticket_id)],
);

/**
 * Who is in on each list now: one row per attendee and list (one check-in per list), inserted on
 * check-in and deleted on check-out. `attendees.checked_in_at` is the first of an attendee's rows.
 */
export const listCheckIns = pgTable(
  'list_check_ins',
  {
    list_id: integer('list_id')
      .notNull()
      .references(() => checkInLists.id, { onDelete: 'cascade' }),
    attendee_id: integer('attendee_id')
      .notNull()
      .references(() => attendees.id, { onDelete: 'cascade' }),
    event_id: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    checked_in_at: instant('checked_in_at').notNull(),
    /** The organizer or door-staff member; null with `via_staff_link`. */
    checked_in_by: integer('checked_in_by'),
    via_staff_link: boolean('via_staff_link').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.list_id, t.attendee_id] }), index('list_check_ins_attendee_idx').on(t.attendee_id)],
);
