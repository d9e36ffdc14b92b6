import { bigint, timestamp } from 'drizzle-orm/pg-core';

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
