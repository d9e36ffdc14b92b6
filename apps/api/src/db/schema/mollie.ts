import type { MollieOnboarding } from '@admitone/shared';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';

import { accounts, users } from './accounts.js';
import { instant } from './columns.js';
import { orders } from './orders.js';

/**
 * An account's Mollie organization, connected through Mollie Connect (OAuth; docs/ARCHITECTURE.md "Payment
 * providers"). The tokens act for the organization on its chosen profile and are never answered. While an admin is
 * away at Mollie, `state_hash` (the OAuth state, hashed) waits for their return, once, until `state_expires_at`.
 */
export const mollieConnections = pgTable('mollie_connections', {
  account_id: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  organization_id: text('organization_id'),
  organization_name: text('organization_name'),
  /** The website profile payments are made on (the organization's first). */
  profile_id: text('profile_id'),
  access_token: text('access_token'),
  refresh_token: text('refresh_token'),
  access_expires_at: instant('access_expires_at'),
  /** Mollie's onboarding state: needs-data, in-review, completed. */
  onboarding: text('onboarding').$type<MollieOnboarding>(),
  can_receive_payments: boolean('can_receive_payments').notNull().default(false),
  connected_at: instant('connected_at'),
  state_hash: text('state_hash'),
  state_expires_at: instant('state_expires_at'),
  state_user_id: integer('state_user_id').references(() => users.id, { onDelete: 'set null' }),
  updated_at: instant('updated_at').notNull().defaultNow(),
});

/**
 * Every payment made at Mollie for an order. A buyer who comes back and chooses another method gets a new payment, so
 * an order may have several; the one that pays first completes the order (`orders.payment_intent_id`), and another
 * that is paid later is given back (`duplicate_refunds`).
 */
export const providerPayments = pgTable(
  'provider_payments',
  {
    id: text('id').primaryKey(),
    /** In the order they were made (the newest is the one the buyer is paying). */
    seq: integer('seq').generatedAlwaysAsIdentity(),
    provider: text('provider').$type<'MOLLIE'>().notNull(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    method: text('method'),
    status: text('status').notNull(),
    checkout_url: text('checkout_url'),
    created_at: instant('created_at').notNull().defaultNow(),
  },
  (t) => [index('provider_payments_order_idx').on(t.order_id, t.seq)],
);

/**
 * Refunds Mollie accepted and later reported failed, each taken off its order once (the payment's webhook tells of
 * its refunds' changes too; a refund is recorded here in the transaction that takes it back).
 */
export const mollieRefundFailures = pgTable('mollie_refund_failures', {
  refund_id: text('refund_id').primaryKey(),
  order_id: integer('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  recorded_at: instant('recorded_at').notNull().defaultNow(),
});

/**
 * A second payment of an order another payment already paid (at Stripe or Mollie), to give back in full: written in
 * the transaction that finds it, marked `refunded_at` once the provider took the refund. One the provider refused at
 * that moment is tried again by the scheduler (docs/DOMAIN.md "Payment providers").
 */
export const duplicateRefunds = pgTable(
  'duplicate_refunds',
  {
    payment_id: text('payment_id').primaryKey(),
    provider: text('provider').$type<'STRIPE' | 'MOLLIE'>().notNull(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    account_id: integer('account_id').notNull(),
    currency: text('currency').notNull(),
    found_at: instant('found_at').notNull(),
    /** The scheduler's tries so far (each asks with a key of its own: a provider replays a refused key's refusal). */
    attempts: integer('attempts').notNull().default(0),
    refunded_at: instant('refunded_at'),
  },
  (t) => [
    index('duplicate_refunds_open_idx')
      .on(t.found_at)
      .where(sql`refunded_at is null`),
  ],
);
