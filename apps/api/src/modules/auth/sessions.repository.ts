import { SESSION_TTL_DAYS } from '@admitone/shared';
import { and, eq, gt, isNull } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { accounts, accountUsers, sessions, users } from '../../db/schema/index.js';
import { hashToken, newToken } from '../../shared/tokens.js';
import { callerColumns, callerJoins } from '../users/users.repository.js';

/**
 * Finds the live session of a token, with its user, an active membership of its account and the account's API version.
 */
export async function findSessionByToken(db: Executor, token: string, now: Date) {
  const on = callerJoins(sessions.user_id, sessions.account_id);
  const [row] = await db
    .select({
      session: { id: sessions.id, account_id: sessions.account_id, last_used_at: sessions.last_used_at },
      ...callerColumns,
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

/** Opens a session for a user in one account; returns the plain token (shown once, stored hashed). */
export async function createSession(db: Executor, userId: number, accountId: number, now: Date): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    user_id: userId,
    account_id: accountId,
    token_hash: hashToken(token),
    created_at: now,
    last_used_at: now,
    expires_at: new Date(now.getTime() + SESSION_TTL_DAYS * 86_400_000),
  });
  return token;
}

export async function touchSession(db: Executor, sessionId: number, now: Date) {
  await db.update(sessions).set({ last_used_at: now }).where(eq(sessions.id, sessionId));
}

export async function revokeSession(db: Executor, sessionId: number, now: Date) {
  await db.update(sessions).set({ revoked_at: now }).where(eq(sessions.id, sessionId));
}

/** Revokes every session of a user (after a password reset). */
export async function revokeUserSessions(db: Executor, userId: number, now: Date) {
  await db
    .update(sessions)
    .set({ revoked_at: now })
    .where(and(eq(sessions.user_id, userId), isNull(sessions.revoked_at)));
}
