import type {
  Locale,
  MessageAnswerFilter,
  MessageCheckInFilter,
  MessageNotSentReason,
  MessageStatus,
} from '@admitone/shared';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';

import { accounts } from './accounts.js';
import { checkInLists } from './check-in-lists.js';
import { changeXid, instant, timestamps } from './columns.js';
import { events } from './events.js';
import { attendees, orders } from './orders.js';
import { outbox } from './outbox.js';

/**
 * Every check-in and check-out, with who and when. `client_scan_id` is the scanner's own id for a
 * scan (queued offline and sent later): a repeat of the same scan is answered from here, not applied twice.
 */
export const checkIns = pgTable(
  'check_ins',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    event_id: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    attendee_id: integer('attendee_id')
      .notNull()
      .references(() => attendees.id, { onDelete: 'cascade' }),
    action: text('action').$type<'CHECK_IN' | 'CHECK_OUT'>().notNull(),
    user_id: integer('user_id'),
    /** The list the scan was made on (null: the list was deleted since). */
    check_in_list_id: integer('check_in_list_id').references(() => checkInLists.id, { onDelete: 'set null' }),
    /** Made through the list's staff link (no user). */
    via_staff_link: boolean('via_staff_link').notNull().default(false),
    /** The device as its browser names itself (e.g. "Chrome on Android"), for the history. */
    device: text('device'),
    /** When the scan happened on the device (may be earlier than created_at for queued scans). */
    scanned_at: instant('scanned_at').notNull(),
    client_scan_id: text('client_scan_id'),
    /** "Admit anyway": the refusals an admin or organizer passed over (null: none), and why. */
    overridden: jsonb('overridden').$type<string[]>(),
    override_reason: text('override_reason'),
    /** Incremental sync's position (set by a trigger: see `changeXid`). */
    change_xid: changeXid(),
    created_at: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('check_ins_attendee_idx').on(t.attendee_id, t.id),
    index('check_ins_event_idx').on(t.event_id, t.created_at),
    uniqueIndex('check_ins_client_scan_unique').on(t.event_id, t.client_scan_id),
    // Incremental sync: an event's check-ins in the order they committed (shared/sync.ts).
    index('check_ins_event_change_idx').on(t.event_id, t.change_xid, t.id),
  ],
);

export type MessageRecipientType = 'ALL_ATTENDEES' | 'TICKET_HOLDERS' | 'ALL_BUYERS' | 'ORDER_BUYER' | 'ATTENDEES';

/** A message from the organizer to attendees or buyers (SPEC §3 Message). */
export const messages = pgTable(
  'messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    event_id: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    /** Sanitised HTML. */
    body: text('body').notNull(),
    recipient_type: text('recipient_type').$type<MessageRecipientType>().notNull(),
    ticket_ids: jsonb('ticket_ids').$type<number[]>().notNull().default([]),
    attendee_ids: jsonb('attendee_ids').$type<number[]>().notNull().default([]),
    order_id: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    is_test: boolean('is_test').notNull().default(false),
    send_copy_to_sender: boolean('send_copy_to_sender').notNull().default(false),
    sent_by: integer('sent_by'),
    recipient_count: integer('recipient_count').notNull().default(0),
    /** SCHEDULED until `send_at`, then SENT (or NOT_SENT); CANCELLED before its time. */
    status: text('status').$type<MessageStatus>().notNull().default('SENT'),
    send_at: instant('send_at'),
    not_sent_reason: text('not_sent_reason').$type<MessageNotSentReason>(),
    /** The audience's filters (messages/recipients.ts). */
    event_date_ids: jsonb('event_date_ids').$type<number[]>().notNull().default([]),
    check_in: text('check_in').$type<MessageCheckInFilter>().notNull().default('ANY'),
    answer_filter: jsonb('answer_filter').$type<MessageAnswerFilter>(),
    /** The language the sender wrote in (their copy's). */
    sender_locale: text('sender_locale').$type<Locale>(),
    ...timestamps,
  },
  (t) => [
    index('messages_event_idx').on(t.event_id, t.id),
    // The scheduler's look for messages due.
    index('messages_scheduled_idx')
      .on(t.send_at)
      .where(sql`${t.status} = 'SCHEDULED'`),
  ],
);

/** One e-mail of a message; its delivery status is its outbox row's. */
export const messageRecipients = pgTable(
  'message_recipients',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    message_id: integer('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name'),
    attendee_id: integer('attendee_id'),
    order_id: integer('order_id'),
    outbox_id: integer('outbox_id').references(() => outbox.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('message_recipients_message_idx').on(t.message_id),
    uniqueIndex('message_recipients_email_unique').on(t.message_id, t.email),
    // From a waiting mail to its message (an account's delay notice: mail/delivery-status.ts).
    index('message_recipients_outbox_idx')
      .on(t.outbox_id)
      .where(sql`${t.outbox_id} is not null`),
  ],
);
