import { isLocale, type Locale, PASSWORD_RESET_TTL_MINUTES, type ResetLinkDto } from '@admitone/shared';
import { and, eq, gt, isNull } from 'drizzle-orm';

import type { Db, Executor } from '../../db/client.js';
import { passwordResets, users } from '../../db/schema/index.js';
import type { JobQueue } from '../../jobs/queue.js';
import { enqueueMail } from '../../mail/outbox.js';
import type { Clock } from '../../shared/clock.js';
import { DomainError } from '../../shared/errors.js';
import { hashToken, newToken } from '../../shared/tokens.js';
import { revokeKeysOfMaker, workingKeysOfMaker } from '../api-keys/api-keys.repository.js';
import { enqueueLoginChanged } from '../users/profile.js';
import { findUserByEmail, findUserById } from '../users/users.repository.js';
import { clearLoginFailures } from './login-throttle.js';
import { assertStrongPassword, personalWords } from './password-policy.js';
import { hashPassword } from './passwords.js';
import { revokeUserSessions } from './sessions.repository.js';

interface Deps {
  db: Db;
  clock: Clock;
  jobs: JobQueue;
  appUrl: string;
}

/**
 * Sends a reset link if the address belongs to a user. The caller answers the same either way,
 * so the endpoint does not reveal who has an account.
 */
export async function requestPasswordReset(deps: Deps, email: string, requestLocale: Locale): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user) return;
  const now = deps.clock.now();
  const token = newToken();
  const outboxId = await deps.db.transaction(async (tx) => {
    await tx.insert(passwordResets).values({
      user_id: user.id,
      token_hash: hashToken(token),
      created_at: now,
      expires_at: new Date(now.getTime() + PASSWORD_RESET_TTL_MINUTES * 60_000),
    });
    // Recorded in the same transaction: if the process dies now, the mail still goes out.
    return enqueueMail(
      tx,
      {
        template: 'password_reset',
        to: user.email,
        locale: isLocale(user.locale) ? user.locale : requestLocale,
        data: {
          name: user.name,
          url: `${deps.appUrl}/auth/reset-password/${token}`,
          minutes: PASSWORD_RESET_TTL_MINUTES,
        },
      },
      now,
    );
  });
  await deps.jobs.deliverOutbox([outboxId]);
}

async function findUsableReset(db: Executor, token: string, now: Date) {
  const [row] = await db
    .select({ id: passwordResets.id, user_id: passwordResets.user_id, email: users.email, name: users.name })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.user_id))
    .where(
      and(
        eq(passwordResets.token_hash, hashToken(token)),
        isNull(passwordResets.used_at),
        gt(passwordResets.expires_at, now),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Tells whether a reset link can still be used, for which address, and which API keys its person made
 * that still work: someone who had the password may have made one, and a key outlives every session.
 */
export async function checkResetToken(deps: { db: Db; clock: Clock }, token: string): Promise<ResetLinkDto> {
  const now = deps.clock.now();
  const found = await findUsableReset(deps.db, token, now);
  if (!found) throw new DomainError('INVALID_RESET_TOKEN');
  return { email: found.email, api_keys: await workingKeysOfMaker(deps.db, found.user_id, now) };
}

/**
 * Sets the new password, uses up the link (and every other open link), revokes every session and the
 * chosen API keys of this person (ids of anyone else's keys are ignored).
 */
export async function resetPassword(
  deps: { db: Db; clock: Clock; jobs: JobQueue; appUrl: string },
  token: string,
  input: { password: string; revoke_api_key_ids?: readonly number[] },
): Promise<void> {
  const { password } = input;
  const now = deps.clock.now();
  const link = await findUsableReset(deps.db, token, now);
  if (!link) throw new DomainError('INVALID_RESET_TOKEN');
  assertStrongPassword(password, personalWords(link.name, link.email));
  const passwordHash = await hashPassword(password);
  const outboxId = await deps.db.transaction(async (tx) => {
    const found = await findUsableReset(tx, token, now);
    if (!found) throw new DomainError('INVALID_RESET_TOKEN');
    // The row lock makes a second use of the same link, racing this one, find it used.
    const [claimed] = await tx
      .update(passwordResets)
      .set({ used_at: now })
      .where(and(eq(passwordResets.id, found.id), isNull(passwordResets.used_at)))
      .returning({ id: passwordResets.id });
    if (!claimed) throw new DomainError('INVALID_RESET_TOKEN');
    await tx
      .update(passwordResets)
      .set({ used_at: now })
      .where(and(eq(passwordResets.user_id, found.user_id), isNull(passwordResets.used_at)));
    await tx.update(users).set({ password_hash: passwordHash, updated_at: now }).where(eq(users.id, found.user_id));
    await clearLoginFailures(tx, found.email);
    await revokeUserSessions(tx, found.user_id, now);
    await revokeKeysOfMaker(tx, found.user_id, input.revoke_api_key_ids ?? [], now);
    return enqueueLoginChanged(tx, deps, (await findUserById(tx, found.user_id))!, { change: 'password' }, now);
  });
  await deps.jobs.deliverOutbox([outboxId]);
}
