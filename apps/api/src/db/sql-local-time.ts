import { type SQL, sql } from 'drizzle-orm';

/**
 * An instant seen on the clock of a time zone, as SQL: reports and the dashboard count sales, views
 * and check-ins per calendar day (or hour) of the event's zone, never of UTC. `instant` and `tz` are
 * SQL (a column such as `sql.raw('o.completed_at')`) or, for the zone, a value.
 */

/** The calendar day of an instant in a time zone, as a `date`. */
export const localDay = (instant: SQL, tz: SQL | string): SQL => sql`(${instant} at time zone ${tz})::date`;

/** The calendar day of an instant in a time zone, as text (`2026-12-31`). */
export const localDayText = (instant: SQL, tz: SQL | string): SQL =>
  sql`to_char(${instant} at time zone ${tz}, 'YYYY-MM-DD')`;

/** The hour of an instant in a time zone, as text (`2026-12-31T19:00`). */
export const localHourText = (instant: SQL, tz: SQL | string): SQL =>
  sql`to_char(date_trunc('hour', ${instant} at time zone ${tz}), 'YYYY-MM-DD"T"HH24:00')`;
