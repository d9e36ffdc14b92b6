import { eq, sql } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { loginThrottles } from '../../db/schema/index.js';
import { DomainError } from '../../shared/errors.js';
import { hashToken } from '../../shared/tokens.js';

/**
 * Per-login lockout (docs/SECURITY.md). Wrong passwords in a row for one e-mail address, registered or
 * not: from the FREE_FAILURES-th on, sign-in with that address waits FIRST_LOCK_SECONDS, doubling with
 * each further failure up to MAX_LOCK_SECONDS. A right password or a password reset clears the count,
 * and so do FORGET_AFTER_HOURS without a failure. The cap keeps an attacker from locking the owner out
 * for long, and "Forgot password?" always works: a reset unlocks at once.
 */
export const LOCKOUT = {
  FREE_FAILURES: 5,
  FIRST_LOCK_SECONDS: 30,
  MAX_LOCK_SECONDS: 15 * 60,
  FORGET_AFTER_HOURS: 24,
} as const;

const keyOf = (email: string) => hashToken(`login|${email.trim().toLowerCase()}`);

/** Seconds the address must wait after its `failures`-th failure in a row (0: none yet). */
export function lockSecondsAfter(failures: number): number {
  if (failures < LOCKOUT.FREE_FAILURES) return 0;
  return Math.min(LOCKOUT.MAX_LOCK_SECONDS, LOCKOUT.FIRST_LOCK_SECONDS * 2 ** (failures - LOCKOUT.FREE_FAILURES));
}

/** Refuses (429 LOGIN_LOCKED, Retry-After) while the address is locked; checked before the password. */
export async function assertNotLocked(db: Executor, email: string, now: Date): Promise<void> {
  const [row] = await db
    .select({ locked_until: loginThrottles.locked_until })
    .from(loginThrottles)
    .where(eq(loginThrottles.email_hash, keyOf(email)));
  const until = row?.locked_until?.getTime() ?? 0;
  if (until > now.getTime()) {
    const seconds = Math.ceil((until - now.getTime()) / 1000);
    throw new DomainError('LOGIN_LOCKED', { values: { minutes: Math.ceil(seconds / 60) }, retryAfter: seconds });
  }
}

/** Counts a wrong password (one atomic upsert, so concurrent guesses all count) and locks when due. */
export async function recordLoginFailure(db: Executor, email: string, now: Date): Promise<void> {
  const forgetBefore = new Date(now.getTime() - LOCKOUT.FORGET_AFTER_HOURS * 3_600_000);
  const failures = sql`case when ${loginThrottles.last_failure_at} < ${forgetBefore.toISOString()}::timestamptz then 1 else ${loginThrottles.failures} + 1 end`;
  const lockFor = (n: unknown) =>
    sql`case when ${n} < ${LOCKOUT.FREE_FAILURES} then null
      else ${now.toISOString()}::timestamptz + make_interval(secs => least(${LOCKOUT.MAX_LOCK_SECONDS}, ${LOCKOUT.FIRST_LOCK_SECONDS} * power(2, ${n} - ${LOCKOUT.FREE_FAILURES}))) end`;
  await db
    .insert(loginThrottles)
    .values({
      email_hash: keyOf(email),
      failures: 1,
      last_failure_at: now,
      locked_until: lockSecondsAfter(1) ? new Date(now.getTime() + lockSecondsAfter(1) * 1000) : null,
    })
    .onConflictDoUpdate({
      target: loginThrottles.email_hash,
      set: { failures, last_failure_at: now, locked_until: lockFor(failures) },
    });
}

/** Clears the count: a right password, or a password set through a reset link. */
export async function clearLoginFailures(db: Executor, email: string): Promise<void> {
  await db.delete(loginThrottles).where(eq(loginThrottles.email_hash, keyOf(email)));
}
