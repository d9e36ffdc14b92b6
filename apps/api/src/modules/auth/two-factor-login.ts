import {
  type AuthResponse,
  type LoginTwoFactorBody,
  type SecondFactorMethod,
  TWO_FACTOR_CHALLENGE_ATTEMPTS,
  TWO_FACTOR_CHALLENGE_MINUTES,
} from '@admitone/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';

import type { Db, Executor } from '../../db/client.js';
import { loginChallenges } from '../../db/schema/index.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { Clock } from '../../shared/clock.js';
import { DomainError } from '../../shared/errors.js';
import { hashToken, newToken } from '../../shared/tokens.js';
import { enqueueLoginChanged } from '../users/profile.js';
import { findUserById, membershipsOf, toUserDto, type UserRow } from '../users/users.repository.js';
import { assertNotLocked, clearLoginFailures, recordLoginFailure } from './login-throttle.js';
import { passkeyAnswersChallenge } from './passkey-sign-in.js';
import { createSession, type SessionClient } from './sessions.repository.js';
import { acceptTotpCode, secondFactorsOf, useRecoveryCode } from './two-factor.js';

export interface TwoFactorLoginDeps {
  db: Db;
  clock: Clock;
  jobs: JobQueue;
  appUrl: string;
  client: SessionClient | null;
}

/**
 * The answer to a right password of a person with two-factor sign-in: a challenge (valid a few minutes) instead of a
 * token, and no accounts yet. `accountId`: the account asked for (a login's `account_id`, an accepted invitation's).
 */
export async function openChallenge(
  db: Executor,
  user: UserRow,
  accountId: number | null,
  now: Date,
  factors: { totp: boolean; passkeys: number },
): Promise<AuthResponse> {
  const token = newToken();
  await db.insert(loginChallenges).values({
    user_id: user.id,
    account_id: accountId,
    token_hash: hashToken(token),
    created_at: now,
    expires_at: new Date(now.getTime() + TWO_FACTOR_CHALLENGE_MINUTES * 60_000),
  });
  return {
    token: null,
    user: toUserDto(user),
    accounts: [],
    two_factor: { challenge: token, verified: false, methods: methodsOf(factors) },
  };
}

/** The second factors a challenge may be answered with, as the sign-in page offers them. */
const methodsOf = (f: { totp: boolean; passkeys: number }): SecondFactorMethod[] => [
  ...(f.totp ? (['totp'] as const) : []),
  ...(f.passkeys ? (['passkey'] as const) : []),
];

const expired = () => new DomainError('TWO_FACTOR_CHALLENGE_EXPIRED');

/**
 * The sign-in's second step: a code from the app (or a recovery code) passes the challenge; then, with the account
 * chosen (or the only one), the session. A wrong code counts against the challenge and the login's lockout, as a
 * wrong password does; a passed challenge opens one session.
 */
export async function passChallenge(deps: TwoFactorLoginDeps, input: LoginTwoFactorBody): Promise<AuthResponse> {
  const now = deps.clock.now();
  const [challenge] = await deps.db
    .select()
    .from(loginChallenges)
    .where(eq(loginChallenges.token_hash, hashToken(input.challenge)));
  if (
    !challenge ||
    challenge.used_at ||
    challenge.expires_at <= now ||
    challenge.attempts >= TWO_FACTOR_CHALLENGE_ATTEMPTS
  )
    throw expired();
  const user = await findUserById(deps.db, challenge.user_id);
  if (!user) throw expired();
  await assertNotLocked(deps.db, user.email, now);

  if (!challenge.verified_at) await verifySecondFactor(deps, challenge.id, user, input, now);

  const accounts = await membershipsOf(deps.db, user.id, 'ACTIVE');
  if (accounts.length === 0) throw new DomainError('INVALID_CREDENTIALS');
  const wanted = input.account_id ?? challenge.account_id ?? (accounts.length === 1 ? accounts[0]!.id : null);
  if (wanted !== null && !accounts.some((a) => a.id === wanted))
    throw new DomainError('VALIDATION_FAILED', { fields: { account_id: [{ key: 'not_found_choice' }] } });
  if (wanted === null)
    return {
      token: null,
      user: toUserDto(user),
      accounts,
      two_factor: {
        challenge: input.challenge,
        verified: true,
        methods: methodsOf(await secondFactorsOf(deps.db, user.id)),
      },
    };

  const token = await deps.db.transaction(async (tx) => {
    const used = await tx
      .update(loginChallenges)
      .set({ used_at: now })
      .where(and(eq(loginChallenges.id, challenge.id), isNull(loginChallenges.used_at)))
      .returning({ id: loginChallenges.id });
    if (used.length === 0) throw expired();
    return createSession(tx, user.id, wanted, now, deps.client);
  });
  return { token, user: toUserDto(user), accounts };
}

/** Checks the code or recovery code; a wrong one is counted (and committed) before the error. */
async function verifySecondFactor(
  deps: TwoFactorLoginDeps,
  challengeId: number,
  user: UserRow,
  input: LoginTwoFactorBody,
  now: Date,
) {
  const field = input.passkey
    ? 'passkey'
    : input.recovery_code !== undefined && input.code === undefined
      ? 'recovery_code'
      : 'code';
  let ok = false;
  if (input.passkey) {
    ok = await passkeyAnswersChallenge(deps, challengeId, user.id, input.passkey, now);
  } else if (input.code !== undefined) {
    ok = await acceptTotpCode(deps.db, user.id, String(input.code), now, 'confirmed');
  } else if (input.recovery_code !== undefined) {
    const outboxId = await deps.db.transaction(async (tx) => {
      const left = await useRecoveryCode(tx, user.id, String(input.recovery_code), now);
      if (left === null) return null;
      return enqueueLoginChanged(tx, deps, user, { change: 'recovery_code_used', left }, now);
    });
    if (outboxId !== null) {
      ok = true;
      await deps.jobs.deliverOutbox([outboxId]);
    }
  }
  if (!ok) {
    await deps.db
      .update(loginChallenges)
      .set({ attempts: sql`${loginChallenges.attempts} + 1` })
      .where(eq(loginChallenges.id, challengeId));
    await recordLoginFailure(deps.db, user.email, now);
    const key = field === 'passkey' ? 'passkey_not_verified' : 'wrong_code';
    throw new DomainError('VALIDATION_FAILED', { fields: { [field]: [{ key }] } });
  }
  await clearLoginFailures(deps.db, user.email);
  await deps.db
    .update(loginChallenges)
    .set({ verified_at: now })
    .where(and(eq(loginChallenges.id, challengeId), isNull(loginChallenges.verified_at)));
}
