import { and, eq, gt, isNull } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { type UserTokenKind, userTokens } from '../../db/schema/index.js';
import { DomainError } from '../../shared/errors.js';
import { hashToken, newToken } from '../../shared/tokens.js';

export const EMAIL_CONFIRMATION_TTL_DAYS = 7;
export const EMAIL_CHANGE_TTL_HOURS = 48;

/** Issues a single-use link token of a kind, replacing (using up) any open one of the same kind. */
export async function issueUserToken(
  tx: Executor,
  input: { userId: number; kind: UserTokenKind; ttlMs: number; newEmail?: string },
  now: Date,
): Promise<string> {
  await tx
    .update(userTokens)
    .set({ used_at: now })
    .where(and(eq(userTokens.user_id, input.userId), eq(userTokens.kind, input.kind), isNull(userTokens.used_at)));
  const token = newToken();
  await tx.insert(userTokens).values({
    user_id: input.userId,
    kind: input.kind,
    token_hash: hashToken(token),
    new_email: input.newEmail ?? null,
    created_at: now,
    expires_at: new Date(now.getTime() + input.ttlMs),
  });
  return token;
}

/**
 * Uses up a token of this user and kind. The conditional update makes a second use (even racing
 * the first) find nothing. Expired, used, forged or someone else's: "The link you clicked is invalid."
 */
export async function consumeUserToken(
  tx: Executor,
  input: { userId: number; kind: UserTokenKind; token: string },
  now: Date,
) {
  const [row] = await tx
    .update(userTokens)
    .set({ used_at: now })
    .where(
      and(
        eq(userTokens.token_hash, hashToken(input.token)),
        eq(userTokens.user_id, input.userId),
        eq(userTokens.kind, input.kind),
        isNull(userTokens.used_at),
        gt(userTokens.expires_at, now),
      ),
    )
    .returning();
  if (!row) throw new DomainError('INVALID_LINK');
  return row;
}

/** The address a user is changing to, while the change waits for confirmation. */
export async function pendingEmailOf(db: Executor, userId: number, now: Date): Promise<string | null> {
  const [row] = await db
    .select({ new_email: userTokens.new_email })
    .from(userTokens)
    .where(
      and(
        eq(userTokens.user_id, userId),
        eq(userTokens.kind, 'EMAIL_CHANGE'),
        isNull(userTokens.used_at),
        gt(userTokens.expires_at, now),
      ),
    )
    .limit(1);
  return row?.new_email ?? null;
}

/** Cancels a pending e-mail change. */
export async function cancelPendingEmailChange(db: Executor, userId: number, now: Date) {
  await db
    .update(userTokens)
    .set({ used_at: now })
    .where(and(eq(userTokens.user_id, userId), eq(userTokens.kind, 'EMAIL_CHANGE'), isNull(userTokens.used_at)));
}
