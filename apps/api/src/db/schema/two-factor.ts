import { bigint, boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';

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

/**
 * A person's passkeys (WebAuthn credentials): the credential's id and public key (COSE, base64url), the signature
 * counter the authenticator keeps (0 for those that keep none), and whether it is synced between devices.
 */
export const userPasskeys = pgTable(
  'user_passkeys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credential_id: text('credential_id').notNull(),
    public_key: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    backed_up: boolean('backed_up').notNull().default(false),
    name: text('name').notNull(),
    created_at: instant('created_at').notNull().defaultNow(),
    last_used_at: instant('last_used_at'),
  },
  (t) => [
    uniqueIndex('user_passkeys_credential_unique').on(t.credential_id),
    index('user_passkeys_user_idx').on(t.user_id),
  ],
);

/**
 * A browser's pending passkey request (WebAuthn ceremony): the random challenge it must sign, for a few minutes, used
 * once. `register`: a signed-in person adds a passkey (`user_id`); `sign_in`: anyone signs in with one;
 * `second_factor`: the second step of a sign-in with a password (`login_challenge_id`).
 */
export const passkeyCeremonies = pgTable(
  'passkey_ceremonies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    token_hash: text('token_hash').notNull(),
    kind: text('kind').$type<'register' | 'sign_in' | 'second_factor'>().notNull(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    login_challenge_id: integer('login_challenge_id').references(() => loginChallenges.id, { onDelete: 'cascade' }),
    challenge: text('challenge').notNull(),
    expires_at: instant('expires_at').notNull(),
    used_at: instant('used_at'),
    created_at: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('passkey_ceremonies_token_hash_unique').on(t.token_hash),
    index('passkey_ceremonies_expires_idx').on(t.expires_at),
  ],
);
