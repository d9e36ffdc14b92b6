import type { AuditAction } from '@admitone/shared';
import { and, eq } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { accountUsers, auditLog, users } from '../../db/schema/index.js';
import type { AuthContext } from '../../plugins/auth.js';

/** Who made a change: a member (directly or through one of their API keys), from an address. */
export interface AuditActor {
  accountId: number;
  userId: number | null;
  name: string | null;
  apiKeyId: number | null;
  ip: string | null;
}

/** The actor of a request made by a signed-in member or an API key. */
export const actorOf = (auth: AuthContext): AuditActor => ({
  accountId: auth.accountId,
  userId: auth.user.id,
  name: auth.user.name,
  apiKeyId: auth.apiKey?.id ?? null,
  ip: auth.ip,
});

/** The actor of a change nobody made by hand (the demo data, a job). */
export const systemActor = (accountId: number): AuditActor => ({
  accountId,
  userId: null,
  name: null,
  apiKeyId: null,
  ip: null,
});

export interface AuditEntry {
  action: AuditAction;
  eventId?: number | null;
  target?: { type: string; id?: string | number | null; label?: string | null };
  data?: Record<string, unknown>;
}

/**
 * Writes one line of the account's audit log. Call it with the transaction that makes the change: the line commits
 * with the change or not at all.
 */
export async function recordAudit(tx: Executor, actor: AuditActor, entry: AuditEntry, now: Date): Promise<void> {
  await tx.insert(auditLog).values({
    account_id: actor.accountId,
    event_id: entry.eventId ?? null,
    actor_user_id: actor.userId,
    actor_name: actor.name,
    api_key_id: actor.apiKeyId,
    ip: actor.ip,
    action: entry.action,
    target_type: entry.target?.type ?? null,
    target_id: entry.target?.id === undefined || entry.target.id === null ? null : String(entry.target.id),
    target_label: entry.target?.label ?? null,
    data: entry.data ?? {},
    created_at: now,
  });
}

/**
 * A change of a person's own login (their second factor): one line in each account they are an active member of, so
 * every account's admins see it.
 */
export async function recordPersonAudit(
  tx: Executor,
  userId: number,
  entry: AuditEntry,
  now: Date,
  ip: string | null = null,
): Promise<void> {
  const rows = await tx
    .select({ accountId: accountUsers.account_id, name: users.name })
    .from(accountUsers)
    .innerJoin(users, eq(users.id, accountUsers.user_id))
    .where(and(eq(accountUsers.user_id, userId), eq(accountUsers.status, 'ACTIVE')));
  for (const r of rows)
    await recordAudit(tx, { accountId: r.accountId, userId, name: r.name, apiKeyId: null, ip }, entry, now);
}

/** The fields of `after` whose value differs from `before`, as `{ field: { from, to } }`. */
export function changesOf<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
  fields: readonly (keyof T & string)[],
): Record<string, { from: unknown; to: unknown }> {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  for (const f of fields) {
    if (!(f in after) || after[f] === undefined) continue;
    const from = before[f] ?? null;
    const to = after[f] ?? null;
    if (JSON.stringify(from) !== JSON.stringify(to)) out[f] = { from, to };
  }
  return out;
}
