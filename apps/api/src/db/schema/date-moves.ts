import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

import { instant } from './columns.js';
import { eventDates } from './event-dates.js';
import { events } from './events.js';
import { orders } from './orders.js';

/**
 * A date moved to new times with its buyers to be told (modules/event-dates/move-date.ts), written in the
 * transaction that changes the date. The worker mails each order of the date once from it
 * (`date-move-work.ts`) and sets `finished_at` when every order has been told (or a later move of the same
 * date took over).
 */
export const dateMoves = pgTable(
  'date_moves',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    event_date_id: integer('event_date_id')
      .notNull()
      .references(() => eventDates.id, { onDelete: 'cascade' }),
    event_id: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** The times the buyers knew before (the mails show them as the old ones). */
    previous_start: instant('previous_start').notNull(),
    previous_end: instant('previous_end'),
    /** The organizer's words to the buyers. */
    message: text('message'),
    /** The organizer who moved the date. */
    user_id: integer('user_id'),
    /** Orders to tell when it was asked. */
    orders: integer('orders').notNull(),
    /** When the mails to addresses the team typed in may leave (as `date_cancellations.mail_slots`). */
    mail_slots: jsonb('mail_slots').$type<Array<{ at: string; mails: number }>>(),
    /** How many of those mails the move has written so far. */
    typed_mails_written: integer('typed_mails_written').notNull().default(0),
    created_at: instant('created_at').notNull(),
    finished_at: instant('finished_at'),
  },
  (t) => [
    index('date_moves_open_idx')
      .on(t.created_at)
      .where(sql`${t.finished_at} is null`),
    index('date_moves_date_idx').on(t.event_date_id),
  ],
);

/** An order a move has told: written with its mails, so no order is told twice by the same move. */
export const dateMoveMails = pgTable(
  'date_move_mails',
  {
    move_id: integer('move_id')
      .notNull()
      .references(() => dateMoves.id, { onDelete: 'cascade' }),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.move_id, t.order_id] })],
);
