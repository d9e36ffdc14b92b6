import type { SeatingCountsDto, SeatingLayout } from '@admitone/shared';
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';

import { accounts } from './accounts.js';
import { instant, timestamps } from './columns.js';
import { organizers } from './events.js';

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
