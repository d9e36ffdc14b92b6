import { index, integer, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';

import { accounts } from './accounts.js';
import { boxOfficeShifts } from './box-office.js';
import { instant, timestamps } from './columns.js';
import { eventDates } from './event-dates.js';
import { events } from './events.js';
import { attendees, orders } from './orders.js';

/**
 * A date's box-office allocation: units kept for the door, taken from the event's stock in advance through the stock
 * module. They are attendee rows (RESERVED, never running out) of one hidden holding order of the BOX_OFFICE channel;
 * a sale moves a row to its own order, so what was taken stays counted and is never taken twice.
 */
export const boxOfficeAllocations = pgTable(
  'box_office_allocations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    event_id: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    event_date_id: integer('event_date_id')
      .notNull()
      .references(() => eventDates.id, { onDelete: 'cascade' }),
    /** The holding order whose RESERVED attendees are the units kept. */
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('box_office_allocations_date_unique').on(t.event_date_id),
    uniqueIndex('box_office_allocations_order_unique').on(t.order_id),
    index('box_office_allocations_event_idx').on(t.event_id),
  ],
);

/**
 * Units of an allocation handed to a shift (its device) to sell without a network: each unit belongs to at most one
 * shift, so two devices never sell the same one. A sale of the unit, or the shift's close, ends the claim.
 */
export const boxOfficeClaims = pgTable(
  'box_office_claims',
  {
    attendee_id: integer('attendee_id')
      .primaryKey()
      .references(() => attendees.id, { onDelete: 'cascade' }),
    shift_id: integer('shift_id')
      .notNull()
      .references(() => boxOfficeShifts.id, { onDelete: 'cascade' }),
    claimed_at: instant('claimed_at').notNull(),
  },
  (t) => [index('box_office_claims_shift_idx').on(t.shift_id)],
);
