import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';

import { accounts, users } from './accounts.js';
import { instant } from './columns.js';
import { orders } from './orders.js';

export type OutboxStatus = 'PENDING' | 'SENDING' | 'SENT' | 'FAILED';
/**
 * Which workers send a mail: `urgent` (sign-in, sign-up, password and address mails, invitations: a
 * person waits for them) has workers of its own that `bulk` (order and ticket mails, messages) never
 * occupies. See mail/outbox.ts for the lane of each template.
 */
export type MailLane = 'urgent' | 'bulk';

/**
 * Work to do after a transaction commits (today: e-mails). Written in the same transaction as the
 * change that causes it, so a crash cannot lose it; delivered by a job.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    lane: text('lane').$type<MailLane>().notNull().default('bulk'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<OutboxStatus>().notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    last_error: text('last_error'),
    available_at: instant('available_at').notNull().defaultNow(),
    claimed_at: instant('claimed_at'),
    sent_at: instant('sent_at'),
    created_at: instant('created_at').notNull().defaultNow(),
    /**
     * The order a mail is about (its confirmation, tickets, notices): the organizer sees it there and can send it again
     * when it failed.
     */
    order_id: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('outbox_status_available_idx').on(t.status, t.available_at),
    index('outbox_order_idx')
      .on(t.order_id)
      .where(sql`${t.order_id} is not null`),
    // What workers claim: the open mails of a lane, oldest first.
    index('outbox_open_lane_idx')
      .on(t.lane, t.id)
      .where(sql`${t.status} in ('PENDING', 'SENDING')`),
  ],
);

/**
 * What a team's mail was: an invitation, a ticket mail of an attendee added by hand or resent, an order
 * mail from the admin (a resent confirmation, a cancellation to an address the team typed), a message.
 */
export type TeamMailKind = 'INVITATION' | 'TICKET' | 'ORDER' | 'MESSAGE';

/**
 * Mail an account's team caused to addresses they typed in, one row per action with its number of
 * e-mails: the account's hourly mail budget is the sum of its rows of the last hour (mail/team-mail.ts).
 * Rows older than an hour are deleted when the account next sends.
 */
export const mailBudgetEntries = pgTable(
  'mail_budget_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').$type<TeamMailKind>().notNull(),
    mails: integer('mails').notNull(),
    created_at: instant('created_at').notNull(),
  },
  (t) => [index('mail_budget_entries_account_created_idx').on(t.account_id, t.created_at)],
);
