import { type SQL, sql } from 'drizzle-orm';

import type { Clock } from '../shared/clock.js';

/**
 * "Now" inside a statement: the database's clock at that moment (`clock_timestamp()`, not the
 * transaction's start) for the real clock, so a decision taken after waiting for a lock uses the time it
 * is taken at, on the one clock all processes share; a test clock's time otherwise.
 */
export const sqlNow = (clock: Clock): SQL =>
  clock.real ? sql`clock_timestamp()` : sql`${clock.now().toISOString()}::timestamptz`;
