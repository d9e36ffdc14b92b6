import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { instant } from './columns.js';

export type OutboxStatus = 'PENDING' | 'SENDING' | 'SENT' | 'FAILED';

/**
 * Work to do after a transaction commits (today: e-mails). Written in the same transaction as the
 * change that causes it, so a crash cannot lose it; delivered by a job.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<OutboxStatus>().notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    last_error: text('last_error'),
    available_at: instant('available_at').notNull().defaultNow(),
    claimed_at: instant('claimed_at'),
    sent_at: instant('sent_at'),
    created_at: instant('created_at').notNull().defaultNow(),
  },
  (t) => [index('outbox_status_available_idx').on(t.status, t.available_at)],
);
