import type { AccountSummaryDto, MembershipStatus, Role, UserDto } from '@admitone/shared';
import { isLocale } from '@admitone/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

import type { Executor } from '../../db/client.js';
import { accounts, accountUsers, users } from '../../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row ?? null;
}

export async function findUserById(db: Executor, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function insertUser(db: Executor, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ ...values, email: values.email.toLowerCase() })
    .returning();
  return row!;
}

export async function updateUser(
  db: Executor,
  id: number,
  values: Partial<typeof users.$inferInsert>,
  now: Date,
): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...values, updated_at: now })
    .where(eq(users.id, id))
    .returning();
  return row!;
}

/** Every account the user belongs to, with role and status there, oldest first. */
export async function membershipsOf(
  db: Executor,
  userId: number,
  status?: MembershipStatus,
): Promise<AccountSummaryDto[]> {
  const rows = await db
    .select({
      id: accounts.id,
      name: accounts.name,
      currency: accounts.currency,
      timezone: accounts.timezone,
      role: accountUsers.role,
      status: accountUsers.status,
      is_owner: accountUsers.is_owner,
    })
    .from(accountUsers)
    .innerJoin(accounts, eq(accounts.id, accountUsers.account_id))
    .where(
      status
        ? and(eq(accountUsers.user_id, userId), eq(accountUsers.status, status))
        : eq(accountUsers.user_id, userId),
    )
    .orderBy(asc(accountUsers.created_at), asc(accountUsers.id));
  return rows.map((r) => ({ ...r, role: r.role as Role, status: r.status as MembershipStatus }));
}

/**
 * What a request's credential (a session or an API key) is read with: its user, the user's membership of its
 * account and the account's API version (plugins/auth.ts makes the caller of them).
 */
export const callerColumns = {
  user: { id: users.id, name: users.name, email: users.email, locale: users.locale, timezone: users.timezone },
  membership: {
    id: accountUsers.id,
    role: accountUsers.role,
    is_owner: accountUsers.is_owner,
    sells_at_box_office: accountUsers.sells_at_box_office,
  },
  account: { api_version: accounts.api_version },
};

/** How `callerColumns`' tables join a credential's row, by its user and account columns. */
export const callerJoins = (userId: AnyPgColumn, accountId: AnyPgColumn) => ({
  user: eq(users.id, userId),
  account: eq(accounts.id, accountId),
  membership: and(eq(accountUsers.user_id, userId), eq(accountUsers.account_id, accountId))!,
});

/** The user as the API shows them; `pendingEmail` comes from `pendingEmailOf`. */
export function toUserDto(u: UserRow, pendingEmail: string | null = null): UserDto {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    timezone: u.timezone,
    locale: isLocale(u.locale) ? u.locale : null,
    email_verified: u.email_verified_at !== null,
    pending_email: pendingEmail,
    created_at: u.created_at.toISOString(),
  };
}
