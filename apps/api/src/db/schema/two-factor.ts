import { bigint, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';

import { accounts, users } from './accounts.js';
import { instant } from './columns.js';

/**
 * A person's authenticator app (TOTP, RFC 6238). Made unconfirmed when they start setting it up; it counts only once
 * the first code confirmed it. `last_time_step` is the 30-second step of the newest code accepted: a code of that step
 * or an earlier one is refused, so a code works once.
 */
export const userTotp = pgTable('user_totp', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Base32, as the app was given it (the code is computed from it, so it cannot be stored hashed). */
  secret: text('secret').notNull(),
  confirmed_at: instant('confirmed_at'),
  last_time_step: bigint('last_time_step', { mode: 'number' }),
  created_at: instant('created_at').notNull().defaultNow(),
});

/** One-time recovery codes, stored as SHA-256 hashes; a used one keeps its row with `used_at`. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code_hash: text('code_hash').notNull(),
    used_at: instant('used_at'),
    created_at: instant('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('recovery_codes_user_code_unique').on(t.user_id, t.code_hash)],
);

/**
 * The step between a right password and the second factor of a sign-in: a token (stored hashed) valid for a few
 * minutes and a few wrong codes. `verified_at`: the code was given, only the account is left to choose.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    account_id: integer('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    verified_at: instant('verified_at'),
    used_at: instant('used_at'),
    expires_at: instant('expires_at').notNull(),
    created_at: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('login_challenges_token_hash_unique').on(t.token_hash),
    index('login_challenges_user_idx').on(t.user_id),
  ],
);
