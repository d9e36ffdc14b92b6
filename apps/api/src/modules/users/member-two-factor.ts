import type { TeamMemberDto } from '@admitone/shared';
import { and, eq, ne, or } from 'drizzle-orm';

import { accounts, accountUsers } from '../../db/schema/index.js';
import type { AuthContext } from '../../plugins/auth.js';
import { DomainError } from '../../shared/errors.js';
import { actorOf, recordAudit } from '../audit/audit.js';
import { revokeUserSessions } from '../auth/sessions.repository.js';
import { removeSecondFactors, secondFactorsOf } from '../auth/two-factor.js';
import { enqueueLoginChanged, type ProfileDeps } from './profile.js';
import { getMember } from './team.js';
import { findUserById } from './users.repository.js';

/**
 * An admin resets the second factor of a member who lost theirs: the app and recovery codes are removed, the member is
 * signed out everywhere and told by mail. Only for a member of this account alone who owns no account: a login is
 * one for every account it belongs to, so one account's admin must not weaken another's (the owner, and a member of
 * several accounts, use a recovery code).
 */
export async function resetMemberTwoFactor(
  deps: ProfileDeps,
  caller: AuthContext,
  membershipId: number,
): Promise<TeamMemberDto> {
  const now = deps.clock.now();
  const outboxId = await deps.db.transaction(async (tx) => {
    const [target] = await tx
      .select({ membership: accountUsers, account_name: accounts.name })
      .from(accountUsers)
      .innerJoin(accounts, eq(accounts.id, accountUsers.account_id))
      .where(and(eq(accountUsers.account_id, caller.accountId), eq(accountUsers.id, membershipId)))
      .for('update', { of: accountUsers });
    if (!target || target.membership.status === 'INVITED') throw new DomainError('NOT_FOUND');
    const userId = target.membership.user_id;
    if (userId === caller.user.id) throw new DomainError('CANNOT_CHANGE_SELF');
    const [elsewhere] = await tx
      .select({ id: accountUsers.id })
      .from(accountUsers)
      .where(
        and(
          eq(accountUsers.user_id, userId),
          or(ne(accountUsers.account_id, caller.accountId), eq(accountUsers.is_owner, true)),
        ),
      )
      .limit(1);
    if (elsewhere) throw new DomainError('TWO_FACTOR_RESET_REFUSED');
    const factors = await secondFactorsOf(tx, userId);
    if (!factors.totp && !factors.passkeys) throw new DomainError('TWO_FACTOR_NOT_ON');
    const user = await findUserById(tx, userId);
    await removeSecondFactors(tx, userId);
    await revokeUserSessions(tx, userId, now);
    await recordAudit(
      tx,
      actorOf(caller),
      { action: 'member.two_factor_reset', target: { type: 'member', id: membershipId, label: user!.email } },
      now,
    );
    return enqueueLoginChanged(
      tx,
      deps,
      user!,
      { change: 'two_factor_reset', by: caller.user.name, account: target.account_name },
      now,
    );
  });
  await deps.jobs.deliverOutbox([outboxId]);
  return getMember(deps, caller, membershipId);
}
