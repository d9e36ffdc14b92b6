import { randomBytes } from 'node:crypto';

import {
  API_KEY_PREFIX,
  type ApiKeyDto,
  type ApiKeyState,
  type CreateApiKeyBody,
  type CreatedApiKeyDto,
  RESET_SUGGEST_REVOKE_DAYS,
  type ResetApiKeyDto,
} from '@admitone/shared';
import { and, desc, eq, gt, inArray, isNull, or } from 'drizzle-orm';

import type { Db, Executor } from '../../db/client.js';
import { accounts, accountUsers, apiKeys, events, users } from '../../db/schema/index.js';
import { DomainError } from '../../shared/errors.js';
import { hashToken } from '../../shared/tokens.js';
import { type AuditActor, recordAudit } from '../audit/audit.js';
import { callerColumns, callerJoins } from '../users/users.repository.js';

/** The characters of a key kept in clear to tell keys apart: the prefix and 8 of its 43 random ones. */
const SHOWN = API_KEY_PREFIX.length + 8;

export const isApiKeyToken = (token: string) => token.startsWith(API_KEY_PREFIX);

type KeyRow = typeof apiKeys.$inferSelect;
interface ListedKey {
  key: KeyRow;
  maker: { id: number; name: string };
  makerActive: boolean;
}

function stateOf(row: ListedKey, now: Date): ApiKeyState {
  if (row.key.revoked_at) return 'REVOKED';
  if (row.key.expires_at && row.key.expires_at <= now) return 'EXPIRED';
  return row.makerActive ? 'ACTIVE' : 'PAUSED';
}

function toDto(row: ListedKey, now: Date): ApiKeyDto {
  const k = row.key;
  return {
    id: k.id,
    name: k.name,
    prefix: k.token_prefix,
    access: k.access,
    event_ids: k.event_ids ?? [],
    expires_at: k.expires_at?.toISOString() ?? null,
    last_used_at: k.last_used_at?.toISOString() ?? null,
    revoked_at: k.revoked_at?.toISOString() ?? null,
    created_at: k.created_at.toISOString(),
    created_by: row.maker,
    state: stateOf(row, now),
  };
}

const listed = (db: Executor) =>
  db
    .select({ key: apiKeys, maker: { id: users.id, name: users.name }, status: accountUsers.status })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.user_id))
    .leftJoin(
      accountUsers,
      and(eq(accountUsers.user_id, apiKeys.user_id), eq(accountUsers.account_id, apiKeys.account_id)),
    );

/** The account's keys, newest first (revoked ones too: the screen shows what happened to them). */
export async function listApiKeys(db: Executor, accountId: number, now: Date): Promise<ApiKeyDto[]> {
  const rows = await listed(db).where(eq(apiKeys.account_id, accountId)).orderBy(desc(apiKeys.id));
  return rows.map((r) => toDto({ key: r.key, maker: r.maker, makerActive: r.status === 'ACTIVE' }, now));
}

/** Makes a key for the caller (who must be able to manage keys): the answer carries the secret, once. */
export async function createApiKey(
  db: Db,
  caller: { accountId: number; userId: number; userName: string },
  input: CreateApiKeyBody,
  now: Date,
  actor: AuditActor,
): Promise<CreatedApiKeyDto> {
  const expiresAt = input.expires_at ? new Date(input.expires_at) : null;
  if (expiresAt && expiresAt <= now)
    throw new DomainError('VALIDATION_FAILED', { fields: { expires_at: [{ key: 'must_be_future' }] } });
  const wanted = [...new Set(input.event_ids ?? [])].sort((a, b) => a - b);
  if (wanted.length) {
    const found = await db
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.account_id, caller.accountId), inArray(events.id, wanted)));
    if (found.length !== wanted.length)
      throw new DomainError('VALIDATION_FAILED', { fields: { event_ids: [{ key: 'not_found_choice' }] } });
  }
  const secret = API_KEY_PREFIX + randomBytes(32).toString('base64url');
  const key = await db.transaction(async (tx) => {
    const [made] = await tx
      .insert(apiKeys)
      .values({
        account_id: caller.accountId,
        user_id: caller.userId,
        name: input.name,
        token_prefix: secret.slice(0, SHOWN),
        token_hash: hashToken(secret),
        access: input.access,
        event_ids: wanted.length ? wanted : null,
        expires_at: expiresAt,
        created_at: now,
      })
      .returning();
    await recordAudit(
      tx,
      actor,
      {
        action: 'api_key.created',
        target: { type: 'api_key', id: made!.id, label: `${made!.name} (${made!.token_prefix}…)` },
        data: {
          access: made!.access,
          event_ids: made!.event_ids ?? [],
          expires_at: made!.expires_at?.toISOString() ?? null,
        },
      },
      now,
    );
    return made;
  });
  return {
    ...toDto({ key: key!, maker: { id: caller.userId, name: caller.userName }, makerActive: true }, now),
    secret,
  };
}

/** Revokes a key of the account at once (every later call with it answers 401); revoking twice changes nothing. */
export async function revokeApiKey(db: Db, accountId: number, id: number, now: Date, actor: AuditActor): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ revoked_at: apiKeys.revoked_at, name: apiKeys.name, prefix: apiKeys.token_prefix })
      .from(apiKeys)
      .where(and(eq(apiKeys.id, id), eq(apiKeys.account_id, accountId)));
    if (!row) throw new DomainError('NOT_FOUND');
    if (row.revoked_at) return;
    await tx.update(apiKeys).set({ revoked_at: now }).where(eq(apiKeys.id, id));
    await recordAudit(
      tx,
      actor,
      { action: 'api_key.revoked', target: { type: 'api_key', id, label: `${row.name} (${row.prefix}…)` } },
      now,
    );
  });
}

/**
 * The keys a person made that still work or would again (not revoked, not expired; paused ones too: they
 * come back with the maker), in the accounts they belong to, newest first. For the password reset and its notice.
 */
export async function workingKeysOfMaker(db: Executor, userId: number, now: Date): Promise<ResetApiKeyDto[]> {
  const rows = await db
    .select({ key: apiKeys, account: { id: accounts.id, name: accounts.name } })
    .from(apiKeys)
    .innerJoin(accounts, eq(accounts.id, apiKeys.account_id))
    .innerJoin(
      accountUsers,
      and(eq(accountUsers.user_id, apiKeys.user_id), eq(accountUsers.account_id, apiKeys.account_id)),
    )
    .where(
      and(
        eq(apiKeys.user_id, userId),
        isNull(apiKeys.revoked_at),
        or(isNull(apiKeys.expires_at), gt(apiKeys.expires_at, now)),
      ),
    )
    .orderBy(desc(apiKeys.id));
  const recentSince = now.getTime() - RESET_SUGGEST_REVOKE_DAYS * 86_400_000;
  return rows.map(({ key, account }) => ({
    id: key.id,
    name: key.name,
    prefix: key.token_prefix,
    account,
    created_at: key.created_at.toISOString(),
    last_used_at: key.last_used_at?.toISOString() ?? null,
    made_recently: key.created_at.getTime() >= recentSince,
  }));
}

/** Revokes those of the ids that are keys this person made (any other id is ignored: never another's key). */
export async function revokeKeysOfMaker(
  db: Executor,
  userId: number,
  ids: readonly number[],
  now: Date,
): Promise<void> {
  const mine = (await workingKeysOfMaker(db, userId, now)).map((k) => k.id).filter((id) => ids.includes(id));
  if (mine.length)
    await db
      .update(apiKeys)
      .set({ revoked_at: now })
      .where(and(eq(apiKeys.user_id, userId), inArray(apiKeys.id, mine)));
}

/**
 * A working key of a secret, with its maker, the maker's active membership of the key's account and the account's API
 * version.
 */
export async function findApiKeyByToken(db: Executor, token: string, now: Date) {
  const on = callerJoins(apiKeys.user_id, apiKeys.account_id);
  const [row] = await db
    .select({
      key: {
        id: apiKeys.id,
        account_id: apiKeys.account_id,
        access: apiKeys.access,
        event_ids: apiKeys.event_ids,
        expires_at: apiKeys.expires_at,
        last_used_at: apiKeys.last_used_at,
      },
      ...callerColumns,
    })
    .from(apiKeys)
    .innerJoin(users, on.user)
    .innerJoin(accounts, on.account)
    .innerJoin(accountUsers, on.membership)
    .where(and(eq(apiKeys.token_hash, hashToken(token)), isNull(apiKeys.revoked_at), eq(accountUsers.status, 'ACTIVE')))
    .limit(1);
  if (!row || (row.key.expires_at && row.key.expires_at <= now)) return null;
  return row;
}

export async function touchApiKey(db: Executor, id: number, now: Date) {
  await db.update(apiKeys).set({ last_used_at: now }).where(eq(apiKeys.id, id));
}
