import type { MembershipStatus, Role } from '@admitone/shared';
import { and, asc, count, desc, eq, ilike, or, sql } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { accountUsers, userPasskeys, users, userTotp } from '../../db/schema/index.js';
import { likePattern, offsetOf, type PageRequest } from '../../shared/pagination.js';

const memberColumns = {
  membership: accountUsers,
  user: {
    id: users.id,
    name: users.name,
    email: users.email,
    email_verified_at: users.email_verified_at,
    has_password: sql<boolean>`${users.password_hash} is not null`,
    two_factor: sql<boolean>`(exists (select 1 from ${userTotp} where ${userTotp.user_id} = ${users.id} and ${userTotp.confirmed_at} is not null) or exists (select 1 from ${userPasskeys} where ${userPasskeys.user_id} = ${users.id}))`,
  },
};

export type MemberRow = {
  membership: typeof accountUsers.$inferSelect;
  user: {
    id: number;
    name: string;
    email: string;
    email_verified_at: Date | null;
    has_password: boolean;
    two_factor: boolean;
  };
};

/** One person of an account (member or invited), by membership id (the id the team API shows). */
export async function findMember(db: Executor, accountId: number, membershipId: number): Promise<MemberRow | null> {
  const [row] = await db
    .select(memberColumns)
    .from(accountUsers)
    .innerJoin(users, eq(users.id, accountUsers.user_id))
    .where(and(eq(accountUsers.account_id, accountId), eq(accountUsers.id, membershipId)))
    .limit(1);
  return row ?? null;
}

/** Whether a login already belongs to an account (as member or invited). */
export async function isMemberOf(db: Executor, accountId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: accountUsers.id })
    .from(accountUsers)
    .where(and(eq(accountUsers.account_id, accountId), eq(accountUsers.user_id, userId)))
    .limit(1);
  return row !== undefined;
}

export interface TeamListFilters {
  query?: string;
  sort_by?: 'name' | 'email' | 'created_at';
  sort_direction?: 'asc' | 'desc';
  filter_fields?: { role?: Role; status?: MembershipStatus };
}

/**
 * Pending invitations show the address typed and no name (team.ts#toTeamMemberDto); searches and sorts see the same.
 */
const isInvited = sql`${accountUsers.status} = 'INVITED'`;
const shownEmail = sql<string>`case when ${isInvited} then coalesce(${accountUsers.invited_email}, ${users.email}) else ${users.email} end`;
const shownName = sql<string>`case when ${isInvited} then '' else ${users.name} end`;

/** A page of an account's people, members and invitations alike. */
export async function listMembers(db: Executor, accountId: number, q: PageRequest & TeamListFilters) {
  const f = q.filter_fields ?? {};
  const where = and(
    eq(accountUsers.account_id, accountId),
    f.role ? eq(accountUsers.role, f.role) : undefined,
    f.status ? eq(accountUsers.status, f.status) : undefined,
    q.query ? or(ilike(shownName, likePattern(q.query)), ilike(shownEmail, likePattern(q.query))) : undefined,
  );
  // Text sorts ignore case, whatever the database's collation; an invitation sorts by its address among names.
  const column =
    q.sort_by === 'email'
      ? shownEmail
      : q.sort_by === 'created_at'
        ? accountUsers.created_at
        : sql`lower(case when ${isInvited} then ${shownEmail} else ${users.name} end)`;
  const direction = (q.sort_direction ?? (q.sort_by === 'created_at' ? 'desc' : 'asc')) === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select(memberColumns)
      .from(accountUsers)
      .innerJoin(users, eq(users.id, accountUsers.user_id))
      .where(where)
      .orderBy(direction(column), asc(accountUsers.id))
      .limit(q.per_page)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(accountUsers).innerJoin(users, eq(users.id, accountUsers.user_id)).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * Locks every membership row of an account (in id order) for the rest of the transaction, so two
 * admins demoting each other at once cannot leave the account without an admin.
 */
export async function lockMemberships(tx: Executor, accountId: number) {
  return tx
    .select()
    .from(accountUsers)
    .where(eq(accountUsers.account_id, accountId))
    .orderBy(asc(accountUsers.id))
    .for('update');
}
