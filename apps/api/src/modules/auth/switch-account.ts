import type { AuthResponse } from '@admitone/shared';

import type { Db } from '../../db/client.js';
import { type AuthContext, sessionOf } from '../../plugins/auth.js';
import type { Clock } from '../../shared/clock.js';
import { DomainError } from '../../shared/errors.js';
import { findUserById, membershipsOf, toUserDto } from '../users/users.repository.js';
import { createSession, revokeSession, type SessionClient } from './sessions.repository.js';

/** Moves the caller to another account they are an active member of: a new session, the old one revoked. */
export async function switchAccount(
  deps: { db: Db; clock: Clock; client?: SessionClient | null },
  caller: AuthContext,
  accountId: number,
): Promise<AuthResponse> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const accounts = await membershipsOf(tx, caller.user.id, 'ACTIVE');
    if (!accounts.some((a) => a.id === accountId)) {
      throw new DomainError('VALIDATION_FAILED', { fields: { account_id: [{ key: 'not_found_choice' }] } });
    }
    const token = await createSession(tx, caller.user.id, accountId, now, deps.client ?? null);
    await revokeSession(tx, sessionOf(caller), now);
    const user = await findUserById(tx, caller.user.id);
    return { token, user: toUserDto(user!), accounts };
  });
}
