import type { SsoDefaultRole } from '@admitone/shared';
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';

import { accounts, users } from './accounts.js';
import { instant } from './columns.js';

/**
 * An account's single sign-on through an OpenID provider (docs/SECURITY.md "Single sign-on"): where the provider is,
 * the client the admin registered there, the role a person gets at their first sign-in. `link` is the random part of
 * the team's sign-in link. The client secret is kept to talk to the provider and never answered.
 */
export const accountSso = pgTable(
  'account_sso',
  {
    account_id: integer('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    link: text('link').notNull(),
    issuer: text('issuer').notNull(),
    client_id: text('client_id').notNull(),
    client_secret: text('client_secret').notNull(),
    default_role: text('default_role').$type<SsoDefaultRole>().notNull().default('ORGANIZER'),
    enabled: boolean('enabled').notNull().default(true),
    created_at: instant('created_at').notNull().defaultNow(),
    updated_at: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('account_sso_link_unique').on(t.link)],
);

/**
 * A person's identity at an account's OpenID provider (its `sub`), linked to their login at their first single
 * sign-on. Keyed by the issuer too: a provider changed by the admin starts afresh.
 */
export const userSsoIdentities = pgTable(
  'user_sso_identities',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    created_at: instant('created_at').notNull().defaultNow(),
    last_used_at: instant('last_used_at'),
  },
  (t) => [
    uniqueIndex('user_sso_identities_subject_unique').on(t.account_id, t.issuer, t.subject),
    index('user_sso_identities_user_idx').on(t.user_id),
  ],
);

/**
 * A single sign-on under way: the browser left for the provider with `state` (stored hashed), and comes back with it
 * within SSO_SIGN_IN_MINUTES to finish it once. The nonce and PKCE verifier stay here, never in the browser.
 */
export const ssoSignIns = pgTable(
  'sso_sign_ins',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    state_hash: text('state_hash').notNull(),
    nonce: text('nonce').notNull(),
    code_verifier: text('code_verifier').notNull(),
    expires_at: instant('expires_at').notNull(),
    used_at: instant('used_at'),
    created_at: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sso_sign_ins_state_unique').on(t.state_hash),
    index('sso_sign_ins_expires_idx').on(t.expires_at),
  ],
);
