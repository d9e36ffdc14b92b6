import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';

import { instant } from './columns.js';
import { events } from './events.js';
import { attendees } from './orders.js';

/**
 * A ticket's wallet pass (modules/wallet): one per ticket code, made the first time its holder asks for one. A ticket
 * passed on gets a new code and so a new pass; the old one stays, voided. The pass itself is always made from the
 * ticket as it is now: `changed_at` says when that last changed (a date moved, a cancellation, a new name), and
 * `pushed_at` how far the devices that hold it (Apple) and Google's copy have been told.
 */
export const walletPasses = pgTable(
  'wallet_passes',
  {
    /** The pass's serial number (Apple) and the last part of its object id (Google): random, never the ticket code. */
    serial: text('serial').primaryKey(),
    attendee_id: integer('attendee_id')
      .notNull()
      .references(() => attendees.id, { onDelete: 'cascade' }),
    event_id: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** The ticket code the pass was made for: once the ticket's code is another (passed on), the pass is void. */
    code: text('code').notNull(),
    /** What Apple devices show to our web service for this pass (`Authorization: ApplePass <token>`). */
    auth_token: text('auth_token').notNull(),
    /** A "Save to Google Wallet" link was made: Google's object is updated on changes. */
    google: boolean('google').notNull().default(false),
    changed_at: instant('changed_at').notNull(),
    pushed_at: instant('pushed_at'),
    /** Telling the devices or Google failed this many times in a row; the next try waits until `retry_at`. */
    push_failures: integer('push_failures').notNull().default(0),
    retry_at: instant('retry_at'),
    created_at: instant('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('wallet_passes_ticket_idx').on(t.attendee_id, t.code),
    index('wallet_passes_event_idx').on(t.event_id),
    // What the worker still has to tell (modules/wallet/wallet-push.ts).
    index('wallet_passes_unpushed_idx')
      .on(t.retry_at)
      .where(sql`${t.pushed_at} is null or ${t.pushed_at} < ${t.changed_at}`),
  ],
);

/** An Apple device that holds a pass and wants to hear when it changes (PassKit web service). */
export const walletRegistrations = pgTable(
  'wallet_registrations',
  {
    device_id: text('device_id').notNull(),
    serial: text('serial')
      .notNull()
      .references(() => walletPasses.serial, { onDelete: 'cascade' }),
    push_token: text('push_token').notNull(),
    created_at: instant('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.device_id, t.serial] }), index('wallet_registrations_serial_idx').on(t.serial)],
);
