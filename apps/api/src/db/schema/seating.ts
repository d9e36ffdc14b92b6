import type { SeatingCountsDto, SeatingLayout } from '@admitone/shared';
import { index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';

import { accounts } from './accounts.js';
import { instant, timestamps } from './columns.js';
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
