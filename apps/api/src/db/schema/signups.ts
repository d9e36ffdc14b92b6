import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';

import { instant } from './columns.js';

/**
 * A sign-up waiting for its address to be confirmed: what the person typed (the password only as its
 * argon2id hash) and the link's token, stored as its SHA-256 hash. Nothing else exists until the link
 * is opened; then the row becomes a user with their own account and is deleted. One per address (the
 * e-mail is stored lower-cased): signing up again replaces it with a new link. Expired rows are
 * removed by the next sign-up.
 */
export const signupRequests = pgTable(
  'signup_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    /** The organization typed at sign-up (the new account's name), or null. */
    organization: text('organization'),
    password_hash: text('password_hash').notNull(),
    locale: text('locale').notNull(),
    timezone: text('timezone'),
    token_hash: text('token_hash').notNull(),
    expires_at: instant('expires_at').notNull(),
    created_at: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('signup_requests_email_unique').on(t.email),
    uniqueIndex('signup_requests_token_hash_unique').on(t.token_hash),
    index('signup_requests_expires_idx').on(t.expires_at),
  ],
);
