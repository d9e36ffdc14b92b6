import type { ApiVersion, EventDefaults, MembershipStatus, Role } from '@admitone/shared';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';

import { instant, timestamps } from './columns.js';

/** A tenant: every organizer, event and order belongs to exactly one account. */
export const accounts = pgTable('accounts', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  currency: text('currency').notNull().default('USD'),
  timezone: text('timezone').notNull().default('UTC'),
  /** Settings copied into new events; missing keys fall back to DEFAULT_EVENT_DEFAULTS. */
  event_defaults: jsonb('event_defaults').$type<Partial<EventDefaults>>().notNull().default({}),
  /**
   * The API version its calls without an `AdmitOne-Version` header get: the newest when it was made; admins move it on.
   */
  api_version: text('api_version').$type<ApiVersion>().notNull().default('2026-12-01'),
  /** Every member must sign in with a second factor; one without can only set it up (docs/SECURITY.md). */
  require_two_factor: boolean('require_two_factor').notNull().default(false),
  /** Days the audit log keeps its lines (a nightly job deletes older ones). */
  audit_retention_days: integer('audit_retention_days').notNull().default(365),
  ...timestamps,
});

/**
 * A person who can log in; may belong to several accounts. E-mail is stored lower-cased. A user
 * created by an invitation has no password until they accept it.
 */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    password_hash: text('password_hash'),
    timezone: text('timezone'),
    locale: text('locale'),
    email_verified_at: instant('email_verified_at'),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email)],
);

/** Membership of a user in an account, with the role and status that apply there. */
export const accountUsers = pgTable(
  'account_users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<Role>().notNull(),
    status: text('status').$type<MembershipStatus>().notNull(),
    is_owner: boolean('is_owner').notNull().default(false),
    /**
     * Door staff only: may also sell at the box office of their events (`boxoffice.sell`, `memberPermissions`). False
     * for every other role (a role change clears it).
     */
    sells_at_box_office: boolean('sells_at_box_office').notNull().default(false),
    /** While INVITED: the hashed invitation token, its expiry (7 days) and who sent it. */
    invitation_token_hash: text('invitation_token_hash'),
    /**
     * While INVITED: the address the admin typed (lower-cased). The team sees only it until the person
     * accepts, never the name, language or later address of a login that already had this address.
     */
    invited_email: text('invited_email'),
    invitation_expires_at: instant('invitation_expires_at'),
    invited_by_user_id: integer('invited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('account_users_account_user_unique').on(t.account_id, t.user_id),
    index('account_users_user_idx').on(t.user_id),
    uniqueIndex('account_users_invitation_token_unique').on(t.invitation_token_hash),
  ],
);

/** An account's card payment provider connection (Stripe Connect). */
export const paymentConnections = pgTable('payment_connections', {
  account_id: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  stripe_account_id: text('stripe_account_id').notNull().unique(),
  charges_enabled: boolean('charges_enabled').notNull().default(false),
  payouts_enabled: boolean('payouts_enabled').notNull().default(false),
  details_submitted: boolean('details_submitted').notNull().default(false),
  updated_at: instant('updated_at').notNull().defaultNow(),
});
