import type { AuthResponse, LoginBody } from '@admitone/shared';

import type { Db } from '../../db/client.js';
import type { Clock } from '../../shared/clock.js';
import { DomainError } from '../../shared/errors.js';
import { findUserByEmail, membershipsOf, toUserDto } from '../users/users.repository.js';
import { assertNotLocked, clearLoginFailures, recordLoginFailure } from './login-throttle.js';
import { verifyPassword } from './passwords.js';
import { createSession, type SessionClient } from './sessions.repository.js';
import { secondFactorsOf } from './two-factor.js';
import { openChallenge } from './two-factor-login.js';

/**
 * Logs in. Wrong e-mail, wrong password and an inactive user all get the same answer, so the
 * message never tells which part was wrong. With several accounts and no `account_id`, the answer
 * lists the accounts and carries no token. With two-factor sign-in, a right password answers a challenge instead
 * (two-factor-login.ts): no token and no accounts before the second factor.
 */
export async function login(
  deps: { db: Db; clock: Clock; client?: SessionClient | null },
  input: LoginBody,
): Promise<AuthResponse> {
  const now = deps.clock.now();
  await assertNotLocked(deps.db, input.email, now);
  const user = await findUserByEmail(deps.db, input.email);
  const ok = await verifyPassword(user?.password_hash ?? null, input.password);
  if (!user || !ok) {
    await recordLoginFailure(deps.db, input.email, now);
    throw new DomainError('INVALID_CREDENTIALS');
  }
  await clearLoginFailures(deps.db, input.email);
  const accounts = await membershipsOf(deps.db, user.id, 'ACTIVE');
  if (accounts.length === 0) throw new DomainError('INVALID_CREDENTIALS');
  let accountId: number | undefined;
  if (input.account_id !== undefined) {
    if (!accounts.some((a) => a.id === input.account_id)) throw new DomainError('INVALID_CREDENTIALS');
    accountId = input.account_id;
  } else if (accounts.length === 1) {
    accountId = accounts[0]!.id;
  }
  const factors = await secondFactorsOf(deps.db, user.id);
  if (factors.totp || factors.passkeys) return openChallenge(deps.db, user, accountId ?? null, now, factors);
  if (accountId === undefined) return { token: null, user: toUserDto(user), accounts };
  const token = await deps.db.transaction((tx) => createSession(tx, user.id, accountId, now, deps.client ?? null));
  return { token, user: toUserDto(user), accounts };
}
