import { SESSION_TTL_DAYS } from '@admitone/shared';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { accounts, accountUsers, sessions, userPasskeys, users, userTotp } from '../../db/schema/index.js';
import { hashToken, newToken } from '../../shared/tokens.js';
import { recordAudit } from '../audit/audit.js';
import { callerColumns, callerJoins } from '../users/users.repository.js';

/**
 * Finds the live session of a token, with its user, an active membership of its account and the account's API version.
 */
export async function findSessionByToken(db: Executor, token: string, now: Date) {
  const on = callerJoins(sessions.user_id, sessions.account_id);
  const [row] = await db
    .select({
      session: {
        id: sessions.id,
        account_id: sessions.account_id,
        last_used_at: sessions.last_used_at,
        sso: sessions.sso,
      },
      ...callerColumns,
      // The account requires two-factor sign-in and the person has no second factor (single sign-on answers for it:
      // the identity provider decides how its people sign in).
      two_factor_missing: sql<boolean>`${accounts.require_two_factor} and not ${sessions.sso} and not exists (select 1 from ${userTotp} where ${userTotp.user_id} = ${users.id} and ${userTotp.confirmed_at} is not null) and not exists (select 1 from ${userPasskeys} where ${userPasskeys.user_id} = ${users.id})`,
    })
    .from(sessions)
    .innerJoin(users, on.user)
    .innerJoin(accounts, on.account)
    .innerJoin(accountUsers, on.membership)
    .where(
      and(
        eq(sessions.token_hash, hashToken(token)),
        isNull(sessions.revoked_at),
        gt(sessions.expires_at, now),
        eq(accountUsers.status, 'ACTIVE'),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The device a session is opened from, for "Where you are signed in" (session-client.ts reads it off the request). */
export interface SessionClient {
  userAgent: string | null;
  ip: string | null;
  country: string | null;
}

/**
 * Opens a session for a user in one account; returns the plain token (shown once, stored hashed). `sso`: opened by
 * single sign-on (it stays in this account and cannot change how the person signs in).
 */
export async function createSession(
  db: Executor,
  userId: number,
  accountId: number,
  now: Date,
  client: SessionClient | null = null,
  options: { sso?: boolean } = {},
): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    user_id: userId,
    account_id: accountId,
    token_hash: hashToken(token),
    created_at: now,
    last_used_at: now,
    expires_at: new Date(now.getTime() + SESSION_TTL_DAYS * 86_400_000),
    user_agent: client?.userAgent ?? null,
    ip: client?.ip ?? null,
    country: client?.country ?? null,
    sso: options.sso ?? false,
  });
  const [user] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  await recordAudit(
    db,
    { accountId, userId, name: user?.name ?? null, apiKeyId: null, ip: client?.ip ?? null },
    {
      action: 'auth.signed_in',
      data: { ...(client?.country ? { country: client.country } : {}), ...(options.sso ? { method: 'sso' } : {}) },
    },
    now,
  );
  return token;
}

/** The live sessions of a person, in every account, the most recently used first. */
export async function liveSessionsOf(db: Executor, userId: number, now: Date) {
  return db
    .select({
      id: sessions.id,
      user_agent: sessions.user_agent,
      ip: sessions.ip,
      country: sessions.country,
      created_at: sessions.created_at,
      last_used_at: sessions.last_used_at,
      account: { id: accounts.id, name: accounts.name },
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.account_id))
    .where(and(eq(sessions.user_id, userId), isNull(sessions.revoked_at), gt(sessions.expires_at, now)))
    .orderBy(desc(sessions.last_used_at), desc(sessions.id));
}

/** Signs one of a person's own sessions out; false when it is not theirs or not live. */
export async function revokeOwnSession(db: Executor, userId: number, sessionId: number, now: Date) {
  const rows = await db
    .update(sessions)
    .set({ revoked_at: now })
    .where(and(eq(sessions.id, sessionId), eq(sessions.user_id, userId), isNull(sessions.revoked_at)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

export async function touchSession(db: Executor, sessionId: number, now: Date) {
  await db.update(sessions).set({ last_used_at: now }).where(eq(sessions.id, sessionId));
}

export async function revokeSession(db: Executor, sessionId: number, now: Date) {
  await db.update(sessions).set({ revoked_at: now }).where(eq(sessions.id, sessionId));
}

/** Revokes every session of a user (after a password reset), or every one but `except` (the caller's). */
export async function revokeUserSessions(db: Executor, userId: number, now: Date, except?: number) {
  await db
    .update(sessions)
    .set({ revoked_at: now })
    .where(
      and(
        eq(sessions.user_id, userId),
        isNull(sessions.revoked_at),
        except === undefined ? undefined : ne(sessions.id, except),
      ),
    );
}
