import { bigint, customType, timestamp } from 'drizzle-orm/pg-core';

/** A timezone-aware instant (stored as UTC). */
export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const timestamps = {
  created_at: instant('created_at').notNull().defaultNow(),
  updated_at: instant('updated_at').notNull().defaultNow(),
};

/**
 * Where a row's last change stands in the order of commits, for incremental sync (modules' sync lists,
 * shared/sync.ts): the writing transaction's id, set by the `set_change_xid` trigger on every insert and
 * update (migration 0045), never by the code. 0: not changed since the column was added.
 */
export const changeXid = () => bigint('change_xid', { mode: 'number' }).notNull().default(0);

/**
 * A jsonb column whose values are taken as the driver parsed them. Drizzle's own `jsonb` parses a string
 * value once more, so an answer "42" or "2.5" (a JSON string, already parsed to a JS string by the
 * driver) came back as a number.
 */
export const parsedJsonb = <T>(name: string) =>
  customType<{ data: T; driverData: unknown }>({
    dataType: () => 'jsonb',
    toDriver: (value) => JSON.stringify(value),
    fromDriver: (value) => value as T,
  })(name);
