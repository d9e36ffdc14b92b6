import {
  acceptInvitationExistingUserBody,
  acceptInvitationNewUserBody,
  type AuthResponse,
  type InvitationDto,
  type InviteUserBody,
  isLocale,
  type Locale,
  type Role,
  roleHasBoxOfficeOption,
  roleHasEventScope,
  roleHasOrganizerScope,
  type TeamMemberDto,
} from '@admitone/shared';
import { and, eq, gt } from 'drizzle-orm';

import type { Db, Executor } from '../../db/client.js';
import { accounts, accountUsers, users } from '../../db/schema/index.js';
import type { JobQueue } from '../../jobs/queue.js';
import { enqueueMail } from '../../mail/outbox.js';
import { requireConfirmedSender, spendMailBudget } from '../../mail/team-mail.js';
import type { AuthContext } from '../../plugins/auth.js';
import type { Clock } from '../../shared/clock.js';
import { DomainError } from '../../shared/errors.js';
import { hashToken, newToken } from '../../shared/tokens.js';
import { actorOf, recordAudit } from '../audit/audit.js';
import { assertStrongPassword, personalWords } from '../auth/password-policy.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { createSession, type SessionClient } from '../auth/sessions.repository.js';
import { secondFactorsOf } from '../auth/two-factor.js';
import { openChallenge } from '../auth/two-factor-login.js';
import { setMembershipEvents, setMembershipOrganizers } from './membership-events.js';
import { getMember } from './team.js';
import { findMember, isMemberOf } from './team.repository.js';
import { findUserByEmail, insertUser, membershipsOf, toUserDto } from './users.repository.js';

export const INVITATION_TTL_DAYS = 7;

export interface InvitationDeps {
  db: Db;
  clock: Clock;
  jobs: JobQueue;
  appUrl: string;
  /** MAIL_BUDGET_PER_HOUR: an invitation is mail to an address the admin typed in. */
  mailBudgetPerHour: number;
}

/**
 * Gives the membership a fresh invitation token and records the mail (inside the caller's transaction).
 * Like all mail to typed-in addresses it needs the inviter's address confirmed and room in the
 * account's hourly mail budget (mail/team-mail.ts). The mail greets nobody by name.
 */
async function sendInvitation(
  tx: Executor,
  deps: InvitationDeps,
  caller: AuthContext,
  input: { membershipId: number; email: string; role: Role; locale: Locale; accountName: string },
  now: Date,
) {
  const inviter = await requireConfirmedSender(tx, caller.user.id);
  const token = newToken();
  await tx
    .update(accountUsers)
    .set({
      invitation_token_hash: hashToken(token),
      invitation_expires_at: new Date(now.getTime() + INVITATION_TTL_DAYS * 86_400_000),
      updated_at: now,
    })
    .where(eq(accountUsers.id, input.membershipId));
  const outboxId = await enqueueMail(
    tx,
    {
      template: 'invitation',
      to: input.email,
      locale: input.locale,
      data: {
        inviter: inviter.name,
        account: input.accountName,
        role: input.role,
        url: `${deps.appUrl}/auth/accept-invitation/${token}`,
        days: INVITATION_TTL_DAYS,
      },
    },
    now,
  );
  await spendMailBudget(
    tx,
    deps.mailBudgetPerHour,
    { accountId: caller.accountId, userId: caller.user.id, kind: 'INVITATION', mails: 1 },
    now,
  );
  return outboxId;
}

async function accountName(tx: Executor, accountId: number) {
  const [a] = await tx.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, accountId));
  return a!.name;
}

/**
 * Invites someone by e-mail with a role. An existing login is reused; otherwise a user without a
 * password is created. Either way the answer is the same: the team sees the address typed, never
 * whether it had a login, nor its name or language (team.ts#toTeamMemberDto).
 */
export async function inviteUser(
  deps: InvitationDeps,
  caller: AuthContext,
  input: InviteUserBody,
  requestLocale: Locale,
): Promise<TeamMemberDto> {
  const now = deps.clock.now();
  const { outboxId, membershipId } = await deps.db.transaction(async (tx) => {
    let user = await findUserByEmail(tx, input.email);
    if (user && (await isMemberOf(tx, caller.accountId, user.id))) {
      throw new DomainError('VALIDATION_FAILED', { fields: { email: [{ key: 'already_member' }] } });
    }
    user ??= await insertUser(tx, {
      name: input.email.split('@')[0]!,
      email: input.email,
      password_hash: null,
      locale: requestLocale,
      created_at: now,
      updated_at: now,
    });
    const [membership] = await tx
      .insert(accountUsers)
      .values({
        account_id: caller.accountId,
        user_id: user.id,
        role: input.role,
        // Door staff only (the body refuses it for another role).
        sells_at_box_office: roleHasBoxOfficeOption(input.role) && (input.sells_at_box_office ?? false),
        status: 'INVITED',
        invited_email: input.email.toLowerCase(),
        invited_by_user_id: caller.user.id,
        created_at: now,
        updated_at: now,
      })
      .returning();
    if (roleHasEventScope(input.role))
      await setMembershipEvents(tx, caller.accountId, membership!.id, input.event_ids ?? []);
    if (roleHasOrganizerScope(input.role) && input.organizer_ids?.length)
      await setMembershipOrganizers(tx, caller.accountId, membership!.id, input.organizer_ids);
    await recordAudit(
      tx,
      actorOf(caller),
      {
        action: 'member.invited',
        target: { type: 'member', id: membership!.id, label: input.email.toLowerCase() },
        data: {
          role: input.role,
          ...(input.event_ids?.length ? { event_ids: input.event_ids } : {}),
          ...(input.organizer_ids?.length ? { organizer_ids: input.organizer_ids } : {}),
        },
      },
      now,
    );
    const id = await sendInvitation(
      tx,
      deps,
      caller,
      {
        membershipId: membership!.id,
        email: user.email,
        role: input.role,
        locale: isLocale(user.locale) ? user.locale : requestLocale,
        accountName: await accountName(tx, caller.accountId),
      },
      now,
    );
    return { outboxId: id, membershipId: membership!.id };
  });
  await deps.jobs.deliverOutbox([outboxId]);
  return getMember(deps, caller, membershipId);
}

async function invitedMembership(tx: Executor, caller: AuthContext, membershipId: number) {
  const row = await findMember(tx, caller.accountId, membershipId);
  if (!row) throw new DomainError('NOT_FOUND');
  if (row.membership.status !== 'INVITED') throw new DomainError('NOT_INVITED');
  return row;
}

/** Sends the invitation again with a new link (the old one stops working) and a new 7-day expiry. */
export async function resendInvitation(
  deps: InvitationDeps,
  caller: AuthContext,
  membershipId: number,
  requestLocale: Locale,
): Promise<TeamMemberDto> {
  const now = deps.clock.now();
  const outboxId = await deps.db.transaction(async (tx) => {
    const row = await invitedMembership(tx, caller, membershipId);
    return sendInvitation(
      tx,
      deps,
      caller,
      {
        membershipId: row.membership.id,
        email: row.user.email,
        role: row.membership.role,
        locale: requestLocale,
        accountName: await accountName(tx, caller.accountId),
      },
      now,
    );
  });
  await deps.jobs.deliverOutbox([outboxId]);
  return getMember(deps, caller, membershipId);
}

/** Withdraws an invitation. A user who only existed because of it is removed too. */
export async function revokeInvitation(
  deps: { db: Db; clock: Clock },
  caller: AuthContext,
  membershipId: number,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await invitedMembership(tx, caller, membershipId);
    await recordAudit(
      tx,
      actorOf(caller),
      {
        action: 'member.invitation_revoked',
        target: { type: 'member', id: row.membership.id, label: row.membership.invited_email ?? row.user.email },
      },
      deps.clock.now(),
    );
    await tx.delete(accountUsers).where(eq(accountUsers.id, row.membership.id));
    const others = await membershipsOf(tx, row.user.id);
    if (!row.user.has_password && others.length === 0) await tx.delete(users).where(eq(users.id, row.user.id));
  });
}

async function findInvitation(tx: Executor, token: string, now: Date) {
  const [row] = await tx
    .select({ membership: accountUsers, account_name: accounts.name, user: users })
    .from(accountUsers)
    .innerJoin(accounts, eq(accounts.id, accountUsers.account_id))
    .innerJoin(users, eq(users.id, accountUsers.user_id))
    .where(
      and(
        eq(accountUsers.invitation_token_hash, hashToken(token)),
        eq(accountUsers.status, 'INVITED'),
        gt(accountUsers.invitation_expires_at, now),
      ),
    )
    .limit(1);
  if (!row) throw new DomainError('INVALID_LINK');
  return row;
}

/** What an invitation link is about, before accepting it. */
export async function getInvitation(deps: { db: Db; clock: Clock }, token: string): Promise<InvitationDto> {
  const row = await findInvitation(deps.db, token, deps.clock.now());
  let invitedBy: string | null = null;
  if (row.membership.invited_by_user_id) {
    const [inviter] = await deps.db
      .select({ name: users.name })
      .from(users)
      .where(eq(users.id, row.membership.invited_by_user_id));
    invitedBy = inviter?.name ?? null;
  }
  return {
    email: row.user.email,
    account_name: row.account_name,
    invited_by: invitedBy,
    role: row.membership.role,
    existing_user: row.user.password_hash !== null,
  };
}

/**
 * Accepts an invitation and logs in to the inviting account. A new person sets name and password;
 * someone who already has a login proves it with their password, and nothing of theirs is changed. With two-factor
 * sign-in, that login is answered a challenge for the inviting account (no session before the second factor).
 */
export async function acceptInvitation(
  deps: { db: Db; clock: Clock; client?: SessionClient | null },
  token: string,
  body: unknown,
): Promise<AuthResponse> {
  const now = deps.clock.now();
  const preview = await findInvitation(deps.db, token, now);
  const existing = preview.user.password_hash !== null;
  let passwordHash: string | null = null;
  let profile: { name: string; timezone?: string; locale?: Locale } | null = null;
  if (existing) {
    const input = acceptInvitationExistingUserBody.parse(body);
    if (!(await verifyPassword(preview.user.password_hash, input.current_password))) {
      throw new DomainError('VALIDATION_FAILED', { fields: { current_password: [{ key: 'wrong_password' }] } });
    }
  } else {
    const input = acceptInvitationNewUserBody.parse(body);
    assertStrongPassword(input.password, personalWords(input.name, preview.user.email));
    passwordHash = await hashPassword(input.password);
    profile = { name: input.name, timezone: input.timezone, locale: input.locale };
  }
  return deps.db.transaction(async (tx) => {
    const row = await findInvitation(tx, token, now);
    // The link is used up by this conditional update; a second acceptance finds nothing.
    const [claimed] = await tx
      .update(accountUsers)
      .set({
        status: 'ACTIVE',
        invitation_token_hash: null,
        invitation_expires_at: null,
        invited_email: null,
        updated_at: now,
      })
      .where(and(eq(accountUsers.id, row.membership.id), eq(accountUsers.status, 'INVITED')))
      .returning();
    if (!claimed) throw new DomainError('INVALID_LINK');
    if (!existing && profile) {
      // Opening the invitation mail proves the address.
      await tx
        .update(users)
        .set({
          name: profile.name,
          password_hash: passwordHash,
          timezone: profile.timezone ?? null,
          locale: profile.locale ?? row.user.locale,
          email_verified_at: now,
          updated_at: now,
        })
        .where(eq(users.id, row.user.id));
    }
    const [user] = await tx.select().from(users).where(eq(users.id, row.user.id));
    const factors = existing ? await secondFactorsOf(tx, row.user.id) : null;
    if (factors && (factors.totp || factors.passkeys))
      return openChallenge(tx, user!, row.membership.account_id, now, factors);
    const sessionToken = await createSession(tx, row.user.id, row.membership.account_id, now, deps.client ?? null);
    return { token: sessionToken, user: toUserDto(user!), accounts: await membershipsOf(tx, row.user.id, 'ACTIVE') };
  });
}
