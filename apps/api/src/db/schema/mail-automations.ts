import type { AutomationAudience, AutomationKind } from '@admitone/shared';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';

import { accounts } from './accounts.js';
import { instant, timestamps } from './columns.js';
import { events, organizers } from './events.js';
import { orders } from './orders.js';
import { outbox } from './outbox.js';

export type { AutomationAudience, AutomationKind };

/**
 * Mail that goes out by itself (modules/automations): reminders before each date, the abandoned-checkout mail, the
 * follow-up after a date. One row per rule of an event; a row without an event is an account default, copied into
 * every new event.
 */
export const mailAutomations = pgTable(
  'mail_automations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    event_id: integer('event_id').references(() => events.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<AutomationKind>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /**
     * REMINDER: minutes before a date starts. ABANDONED_CHECKOUT: minutes after the checkout stopped. FOLLOW_UP:
     * minutes after a date ended.
     */
    offset_minutes: integer('offset_minutes').notNull(),
    /** FOLLOW_UP: to those checked in, or to every ticket holder. */
    audience: text('audience').$type<AutomationAudience>().notNull().default('ALL'),
    /** The organizer's words (plain text), shown in the mail; null: none. */
    message: text('message'),
    /** FOLLOW_UP: a link (a survey) shown as the mail's button. */
    link_url: text('link_url'),
    ...timestamps,
  },
  (t) => [
    index('mail_automations_event_idx').on(t.event_id),
    index('mail_automations_account_idx')
      .on(t.account_id)
      .where(sql`${t.event_id} is null`),
  ],
);

/**
 * One mail an automation wrote, written in the same transaction as its outbox row: the unique key makes each go out
 * once, whichever worker gets there and whatever crashed before. `recipient_key` names the date (at its start time,
 * so a moved date is reminded again) and the address.
 */
export const automationSends = pgTable(
  'automation_sends',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    automation_id: integer('automation_id')
      .notNull()
      .references(() => mailAutomations.id, { onDelete: 'cascade' }),
    recipient_key: text('recipient_key').notNull(),
    email: text('email').notNull(),
    event_date_id: integer('event_date_id'),
    order_id: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    outbox_id: integer('outbox_id').references(() => outbox.id, { onDelete: 'set null' }),
    created_at: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('automation_sends_unique').on(t.automation_id, t.recipient_key),
    index('automation_sends_created_idx').on(t.automation_id, t.created_at),
  ],
);

/**
 * An address's standing with one organizer for marketing-type mail (abandoned checkouts, follow-ups): the token of
 * its one-click unsubscribe link (RFC 8058), and when it unsubscribed. Transactional mail ignores it.
 */
export const mailContacts = pgTable(
  'mail_contacts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizer_id: integer('organizer_id')
      .notNull()
      .references(() => organizers.id, { onDelete: 'cascade' }),
    /** Lower-case. */
    email: text('email').notNull(),
    token: text('token').notNull(),
    unsubscribed_at: instant('unsubscribed_at'),
    created_at: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mail_contacts_organizer_email_unique').on(t.organizer_id, t.email),
    uniqueIndex('mail_contacts_token_unique').on(t.token),
  ],
);
