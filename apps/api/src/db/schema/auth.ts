import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';

import { accounts, users } from './accounts.js';
import { instant } from './columns.js';

/** A login session: the bearer token is stored only as its SHA-256 hash; revocable. */
export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull(),
    created_at: instant('created_at').notNull().defaultNow(),
    last_used_at: instant('last_used_at').notNull().defaultNow(),
    expires_at: instant('expires_at').notNull(),
    revoked_at: instant('revoked_at'),
    /** The device as its browser named itself at sign-in (User-Agent, cut to 400 characters). */
    user_agent: text('user_agent'),
    /** The client's address at sign-in. */
    ip: text('ip'),
    /** ISO country code of that address, from the operator's proxy header (GEO_COUNTRY_HEADER). */
    country: text('country'),
    /** Opened by single sign-on: it stays in its account and cannot change how the person signs in. */
    sso: boolean('sso').notNull().default(false),
  },
  (t) => [uniqueIndex('sessions_token_hash_unique').on(t.token_hash), index('sessions_user_idx').on(t.user_id)],
);

export type UserTokenKind = 'EMAIL_CONFIRMATION' | 'EMAIL_CHANGE';

/**
 * Single-use links sent to a user: confirm their address (7 days), or confirm a change to a new
 * address (48 hours; `new_email` holds it). Stored hashed.
 */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<UserTokenKind>().notNull(),
    token_hash: text('token_hash').notNull(),
    new_email: text('new_email'),
    expires_at: instant('expires_at').notNull(),
    used_at: instant('used_at'),
    created_at: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_tokens_token_hash_unique').on(t.token_hash),
    index('user_tokens_user_kind_idx').on(t.user_id, t.kind),
  ],
);

/** A single-use password reset link, stored hashed, valid for one hour. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull(),
    expires_at: instant('expires_at').notNull(),
    used_at: instant('used_at'),
    created_at: instant('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('password_resets_token_hash_unique').on(t.token_hash)],
);

/**
 * Wrong passwords per login e-mail (docs/SECURITY.md): after a few in a row, sign-in with that address
 * waits, longer each time, up to a cap. Keyed by a hash of the address typed, registered or not, so
 * the lock never tells whether an address has a login. A success or a password reset clears it.
 */
export const loginThrottles = pgTable('login_throttles', {
  email_hash: text('email_hash').primaryKey(),
  failures: integer('failures').notNull(),
  last_failure_at: instant('last_failure_at').notNull(),
  locked_until: instant('locked_until'),
});
