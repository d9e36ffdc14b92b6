import { integer, pgTable, text } from 'drizzle-orm/pg-core';

import { instant } from './columns.js';

/**
 * Rate-limit windows shared by every web process and host on PostgreSQL (plugins/rate-limit-store.ts):
 * requests counted per route and client key until `resets_at`. Unlogged (see its migration): a crash
 * may forget the counts, never anything else.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resets_at: instant('resets_at').notNull(),
});
