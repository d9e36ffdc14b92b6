import type { SeatingCountsDto, SeatingLayout } from '@admitone/shared';
import type { SeatHoldKind } from '@admitone/shared';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, real, text, uniqueIndex } from 'drizzle-orm/pg-core';

import { accounts } from './accounts.js';
import { instant, timestamps } from './columns.js';
import { eventDates } from './event-dates.js';
import { events, organizers } from './events.js';
import { tickets, ticketTiers } from './tickets.js';

/**
 * A seating plan of an organizer, reused by its events (modules/seating). `layout` is the draft the organizer edits,
 * saved as it is; publishing checks it and keeps a copy as the next version.
 */
export const seatingPlans = pgTable(
  'seating_plans',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    organizer_id: integer('organizer_id')
      .notNull()
      .references(() => organizers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    layout: jsonb('layout').$type<SeatingLayout>().notNull(),
    /** What the draft holds, counted when it is saved (lists do not read layouts). */
    counts: jsonb('counts').$type<SeatingCountsDto>().notNull(),
    ...timestamps,
  },
  (t) => [index('seating_plans_organizer_idx').on(t.organizer_id)],
);

/** A published plan: an immutable layout, numbered from 1 per plan. Events pin a version. */
export const seatingPlanVersions = pgTable(
  'seating_plan_versions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    plan_id: integer('plan_id')
      .notNull()
      .references(() => seatingPlans.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    layout: jsonb('layout').$type<SeatingLayout>().notNull(),
    counts: jsonb('counts').$type<SeatingCountsDto>().notNull(),
    published_at: instant('published_at').notNull(),
  },
  (t) => [uniqueIndex('seating_plan_versions_plan_version_unique').on(t.plan_id, t.version)],
);

/**
 * The plan an event is seated by: one published version of a plan of the event's organizer (a version in use is
 * never deleted). No row: the event sells without seats.
 */
export const eventSeating = pgTable('event_seating', {
  event_id: integer('event_id')
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  version_id: integer('version_id')
    .notNull()
    .references(() => seatingPlanVersions.id, { onDelete: 'restrict' }),
  updated_at: instant('updated_at').notNull(),
});

/** What a seat category of the event's plan sells as: a ticket of the event (a tier of it when tiered). */
export const eventSeatCategories = pgTable(
  'event_seat_categories',
  {
    event_id: integer('event_id')
      .notNull()
      .references(() => eventSeating.event_id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    ticket_id: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    tier_id: integer('tier_id').references(() => ticketTiers.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.event_id, t.category] }), index('event_seat_categories_ticket_idx').on(t.ticket_id)],
);

/**
 * The places a published version sells, one row each, made from its layout once (`seating/seats.ts`): a seat (one
 * place) or a standing area (`places` of them). Buyers and attendees name a place by its id; `guid` is the layout's
 * seat id (an area's uuid), the same from version to version. Never changed once made.
 */
export const seatingSeats = pgTable(
  'seating_seats',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    version_id: integer('version_id')
      .notNull()
      .references(() => seatingPlanVersions.id, { onDelete: 'cascade' }),
    guid: text('guid').notNull(),
    /** Its section (the zone's name), row (label, else number) and seat number; a standing area: its name as row. */
    zone: text('zone').notNull(),
    row_label: text('row_label').notNull(),
    seat_number: text('seat_number').notNull(),
    category: text('category').notNull(),
    /** 1 for a seat; a standing area's capacity. */
    places: integer('places').notNull(),
    /** SEAT_FEATURES of the seat. */
    features: text('features')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The seats of a table sold whole share this key (the table's row); null otherwise. */
    whole_table: text('whole_table'),
    /** Where it is on the plan (zone, row and seat positions added up). */
    x: real('x').notNull(),
    y: real('y').notNull(),
    /** Its place in the layout's order (zones, rows, seats; standing areas after their zone's rows). */
    position: integer('position').notNull(),
  },
  (t) => [
    uniqueIndex('seating_seats_version_guid_unique').on(t.version_id, t.guid),
    index('seating_seats_version_position_idx').on(t.version_id, t.position),
    check('seating_seats_places_check', sql`${t.places} >= 1`),
  ],
);

/**
 * What one place took on one date, kept by the stock module (its limit: `seating_seats.places`). The row appears
 * with the first unit taken there.
 */
export const seatDates = pgTable(
  'seat_dates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    seat_id: integer('seat_id')
      .notNull()
      .references(() => seatingSeats.id, { onDelete: 'cascade' }),
    event_date_id: integer('event_date_id')
      .notNull()
      .references(() => eventDates.id, { onDelete: 'cascade' }),
    taken: integer('taken').notNull().default(0),
  },
  (t) => [
    uniqueIndex('seat_dates_seat_date_unique').on(t.seat_id, t.event_date_id),
    index('seat_dates_date_idx').on(t.event_date_id),
    check('seat_dates_taken_check', sql`${t.taken} >= 0`),
  ],
);

/**
 * Seats an event keeps off sale on every date: a named hold (house, press, sponsor; the organizer may still seat
 * someone there) or killed seats (never sold: a broken seat, a camera position). Released by deleting it.
 */
export const seatHolds = pgTable(
  'seat_holds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    event_id: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind').$type<SeatHoldKind>().notNull(),
    created_at: instant('created_at').notNull(),
  },
  (t) => [index('seat_holds_event_idx').on(t.event_id)],
);

/** The places of a hold; a place is in at most one hold of its event (what a buyer's take checks). */
export const seatHoldPlaces = pgTable(
  'seat_hold_places',
  {
    event_id: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    seat_id: integer('seat_id')
      .notNull()
      .references(() => seatingSeats.id, { onDelete: 'cascade' }),
    hold_id: integer('hold_id')
      .notNull()
      .references(() => seatHolds.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.event_id, t.seat_id] }), index('seat_hold_places_hold_idx').on(t.hold_id)],
);
