import type { EventDateStatus, EventLocation } from '@admitone/shared';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';

import { capacityAssignments } from './capacity.js';
import { instant, timestamps } from './columns.js';
import { events } from './events.js';
import { tickets, ticketTiers } from './tickets.js';

/**
 * One date an event happens on (a show of a run, a class of a series, a time slot). Every event has at
 * least one; an event made before dates existed got one from its own start and end (migration 0052).
 * Tickets are sold for a date: each unit is an attendee row with its `event_date_id`.
 */
export const eventDates = pgTable(
  'event_dates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    event_id: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    start_date: instant('start_date').notNull(),
    end_date: instant('end_date'),
    /** Shown beside the time ("Premiere", "Matinee"); null: none. */
    label: text('label'),
    /** A venue for this date only; null: the event's. */
    location: jsonb('location').$type<Partial<EventLocation>>(),
    status: text('status').$type<EventDateStatus>().notNull().default('ON_SALE'),
    /** Admissions this date can hold over all its tickets (null: no limit beyond the tickets'). */
    capacity: integer('capacity'),
    /**
     * Admission units taken (sold + held) on this date, kept by the stock module in the same transaction
     * as the attendee rows it summarises (docs/LOCKING.md). Units of general products do not count.
     */
    taken: integer('taken').notNull().default(0),
    /**
     * How often the date's times changed: its calendar files carry it (SEQUENCE), so a calendar app replaces
     * the entry it has rather than keeping the old time.
     */
    calendar_sequence: integer('calendar_sequence').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('event_dates_event_start_idx').on(t.event_id, t.start_date, t.id),
    check('event_dates_taken_check', sql`${t.taken} >= 0`),
  ],
);

/**
 * A ticket on one date: whether it is sold there, its own quantity and price there, and the units it
 * took there. One row for every ticket and date of an event, made with whichever of the two comes last.
 */
export const ticketDates = pgTable(
  'ticket_dates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ticket_id: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    event_date_id: integer('event_date_id')
      .notNull()
      .references(() => eventDates.id, { onDelete: 'cascade' }),
    /** Not sold on this date. */
    enabled: boolean('enabled').notNull().default(true),
    /** This date's quantity of the ticket (null: the ticket's own quantity, which is per date). */
    quantity: integer('quantity'),
    /** This date's price, minor units (null: the ticket's price). Only for tickets with one fixed price. */
    price: integer('price'),
    /** Units taken (sold + held) of the ticket on this date, kept by the stock module. */
    taken: integer('taken').notNull().default(0),
  },
  (t) => [
    uniqueIndex('ticket_dates_date_ticket_unique').on(t.event_date_id, t.ticket_id),
    index('ticket_dates_ticket_idx').on(t.ticket_id),
    check('ticket_dates_taken_check', sql`${t.taken} >= 0`),
  ],
);

/**
 * Units taken (sold + held) of one tier of a tiered ticket on one date, kept by the stock module. A tier's quantity
 * is per date, like its ticket's. The row appears with the first unit taken (inventory/counters.ts).
 */
export const tierDates = pgTable(
  'tier_dates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tier_id: integer('tier_id')
      .notNull()
      .references(() => ticketTiers.id, { onDelete: 'cascade' }),
    event_date_id: integer('event_date_id')
      .notNull()
      .references(() => eventDates.id, { onDelete: 'cascade' }),
    taken: integer('taken').notNull().default(0),
  },
  (t) => [
    uniqueIndex('tier_dates_tier_date_unique').on(t.tier_id, t.event_date_id),
    index('tier_dates_date_idx').on(t.event_date_id),
    check('tier_dates_taken_check', sql`${t.taken} >= 0`),
  ],
);

/**
 * Units taken on one date of the tickets a limiting capacity assignment covers, kept by the stock module (an
 * assignment's capacity is per date). The row appears with the first unit taken; an edit of the assignment sets
 * its rows again from the tickets' counters (inventory/limits.ts).
 */
export const capacityDates = pgTable(
  'capacity_dates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    capacity_assignment_id: integer('capacity_assignment_id')
      .notNull()
      .references(() => capacityAssignments.id, { onDelete: 'cascade' }),
    event_date_id: integer('event_date_id')
      .notNull()
      .references(() => eventDates.id, { onDelete: 'cascade' }),
    taken: integer('taken').notNull().default(0),
  },
  (t) => [
    uniqueIndex('capacity_dates_capacity_date_unique').on(t.capacity_assignment_id, t.event_date_id),
    index('capacity_dates_date_idx').on(t.event_date_id),
    check('capacity_dates_taken_check', sql`${t.taken} >= 0`),
  ],
);

/**
 * An organizer's request to cancel a date (modules/event-dates/cancel-date.ts), written in the transaction
 * that marks the date CANCELLED. The worker cancels (and refunds) the date's orders one by one from it
 * (`date-cancellation-work.ts`) and sets `finished_at` when none is left to do.
 */
export const dateCancellations = pgTable(
  'date_cancellations',
  {
    event_date_id: integer('event_date_id')
      .primaryKey()
      .references(() => eventDates.id, { onDelete: 'cascade' }),
    event_id: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** Card-paid orders are refunded in full (what remains). */
    refund: boolean('refund').notNull(),
    /** The organizer's words to the buyers, in their cancellation mails. */
    message: text('message'),
    /** The organizer who cancelled the date. */
    user_id: integer('user_id'),
    /** Orders to cancel when it was asked. */
    orders: integer('orders').notNull(),
    /** Of them, card-paid orders to refund (when `refund`). */
    refunds: integer('refunds').notNull(),
    /**
     * When the mails to addresses the team typed in may leave, paced within the account's hourly mail budget:
     * shares of that many mails from that time on, earliest first (null: all at once, as before pacing).
     */
    mail_slots: jsonb('mail_slots').$type<Array<{ at: string; mails: number }>>(),
    /** How many of those mails the cancellation has written so far (the next one takes the next place in the slots). */
    typed_mails_written: integer('typed_mails_written').notNull().default(0),
    created_at: instant('created_at').notNull(),
    finished_at: instant('finished_at'),
  },
  (t) => [
    index('date_cancellations_open_idx')
      .on(t.created_at)
      .where(sql`${t.finished_at} is null`),
  ],
);
