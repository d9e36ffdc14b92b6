import type { ApiKeyAccess } from '@admitone/shared';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';

import { accounts, users } from './accounts.js';
import { instant } from './columns.js';

/**
 * An account's API key (docs/SECURITY.md "API keys"): stored only as the SHA-256 hash of its secret,
 * with the first characters kept to tell keys apart. It acts as the member who made it (`user_id`),
 * while that member is active in the account, within its access and events.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    token_prefix: text('token_prefix').notNull(),
    token_hash: text('token_hash').notNull(),
    access: text('access').$type<ApiKeyAccess>().notNull(),
    /** Only these events (null: every event of the account, also later ones). */
    event_ids: integer('event_ids').array(),
    expires_at: instant('expires_at'),
    last_used_at: instant('last_used_at'),
    revoked_at: instant('revoked_at'),
    created_at: instant('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('api_keys_token_hash_unique').on(t.token_hash), index('api_keys_account_idx').on(t.account_id)],
);
