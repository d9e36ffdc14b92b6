import { timestamp } from 'drizzle-orm/pg-core';

/** A timezone-aware instant (stored as UTC). */
export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const timestamps = {
  created_at: instant('created_at').notNull().defaultNow(),
  updated_at: instant('updated_at').notNull().defaultNow(),
};
