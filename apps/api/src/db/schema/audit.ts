import type { AuditAction } from '@admitone/shared';
import { bigint, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';

import { accounts, users } from './accounts.js';
import { apiKeys } from './api-keys.js';
import { instant } from './columns.js';
import { events } from './events.js';

/**
 * Who did what in an account, and when (modules/audit). Written in the transaction of the change, so a change that
 * rolled back left no line and one that committed has its line. The actor's name is kept as it was: a member who
 * leaves still shows.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    event_id: integer('event_id').references(() => events.id, { onDelete: 'set null' }),
    actor_user_id: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actor_name: text('actor_name'),
    api_key_id: integer('api_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
    ip: text('ip'),
    action: text('action').$type<AuditAction>().notNull(),
    target_type: text('target_type'),
    target_id: text('target_id'),
    target_label: text('target_label'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    created_at: instant('created_at').notNull(),
  },
  (t) => [
    index('audit_log_account_idx').on(t.account_id, t.created_at, t.id),
    index('audit_log_account_action_idx').on(t.account_id, t.action),
  ],
);
