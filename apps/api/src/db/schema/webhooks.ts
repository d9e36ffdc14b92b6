import type { WebhookDeliveryState } from '@admitone/shared';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';

import { accounts } from './accounts.js';
import { instant } from './columns.js';
import { events } from './events.js';

/** An account's outgoing webhook (docs/DOMAIN.md "Webhook"): a URL, what it receives, its signing secret. */
export const webhooks = pgTable(
  'webhooks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** Only this event's changes (null: every event of the account). */
    event_id: integer('event_id').references(() => events.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    event_types: text('event_types').array().notNull(),
    /** The HMAC key of the signatures: kept as it is (signing needs it), shown once to the admin. */
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    disabled_reason: text('disabled_reason').$type<'FAILURES'>(),
    /** Failed attempts in a row, and since when (both cleared by a success). */
    failure_streak: integer('failure_streak').notNull().default(0),
    failing_since: instant('failing_since'),
    created_at: instant('created_at').notNull().defaultNow(),
    updated_at: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [index('webhooks_account_idx').on(t.account_id)],
);

/**
 * The outbox of webhook events: one row per change that a webhook of the account subscribed to, written
 * in the change's own transaction. What it is about (`object_kind`, `object_id`); its body is built in
 * that transaction from the object as the API returns it (the state at the change, not when it is sent)
 * and kept, so every attempt sends the same bytes; `sequence` numbers the object's events.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The event id receivers see (`evt_…`), the same in every attempt and resend. */
    public_id: uuid('public_id')
      .notNull()
      .default(sql`gen_random_uuid()`),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    event_id: integer('event_id'),
    type: text('type').notNull(),
    object_kind: text('object_kind').notNull(),
    object_id: integer('object_id'),
    payload: jsonb('payload'),
    /**
     * The `data` sent, built in the change's transaction (null: an event written before, built on its first attempt).
     */
    body: jsonb('body'),
    /** The object's n-th event (webhook_sequences): receivers order an object's events by it; null for test events. */
    sequence: integer('sequence'),
    created_at: instant('created_at').notNull().defaultNow(),
  },
  (t) => [index('webhook_events_account_idx').on(t.account_id, t.id)],
);

/**
 * The last `sequence` given to an object's webhook events, per (object kind, object id): one row per
 * object, incremented in the change's transaction (so only changes of the same object wait for each
 * other, and those already hold the object's row). Written only when a webhook receives the change.
 */
export const webhookSequences = pgTable(
  'webhook_sequences',
  {
    object_kind: text('object_kind').notNull(),
    object_id: integer('object_id').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.object_kind, t.object_id] })],
);

/** One event to one webhook: retried with backoff for 3 days; a killed sender's claim is taken again. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    webhook_id: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    webhook_event_id: bigint('webhook_event_id', { mode: 'number' })
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    state: text('state').$type<WebhookDeliveryState>().notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: instant('next_attempt_at').notNull().defaultNow(),
    claimed_at: instant('claimed_at'),
    delivered_at: instant('delivered_at'),
    created_at: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('webhook_deliveries_due_idx')
      .on(t.next_attempt_at)
      .where(sql`state in ('PENDING', 'SENDING')`),
    index('webhook_deliveries_webhook_idx').on(t.webhook_id, t.id),
  ],
);

/** Every try to deliver: when, the answer's status (null: none came), how long, why not, what it said. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    delivery_id: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    at: instant('at').notNull(),
    status_code: integer('status_code'),
    duration_ms: integer('duration_ms').notNull(),
    error: text('error'),
    response_excerpt: text('response_excerpt'),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.delivery_id, t.id)],
);
