import { type ChangeEmailBody, type ChangePasswordBody, isLocale, type Locale, type UserDto } from '@admitone/shared';
import { and, eq, ne } from 'drizzle-orm';

import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/client.js';
import { sessions, users } from '../../db/schema/index.js';
import type { JobQueue } from '../../jobs/queue.js';
import { enqueueMail, mailPayload } from '../../mail/outbox.js';
import type { LoginChange } from '../../mail/templates/login-changed.js';
import type { Clock } from '../../shared/clock.js';
import { DomainError, isUniqueViolation } from '../../shared/errors.js';
import { workingKeysOfMaker } from '../api-keys/api-keys.repository.js';
import { assertStrongPassword, personalWords } from '../auth/password-policy.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import {
  cancelPendingEmailChange,
  consumeUserToken,
  EMAIL_CHANGE_TTL_HOURS,
  EMAIL_CONFIRMATION_TTL_DAYS,
  issueUserToken,
  pendingEmailOf,
} from './user-tokens.js';
import { findUserByEmail, findUserById, toUserDto, type UserRow } from './users.repository.js';

export interface ProfileDeps {
  db: Db;
  clock: Clock;
  jobs: JobQueue;
  appUrl: string;
}

const localeOf = (u: UserRow, fallback: Locale): Locale => (isLocale(u.locale) ? u.locale : fallback);

async function loadUser(db: Executor, id: number): Promise<UserRow> {
  const user = await findUserById(db, id);
  if (!user) throw new DomainError('NOT_FOUND');
  return user;
}

/** The user with any pending e-mail change, as the API shows them. */
export async function userView(deps: { db: Db; clock: Clock }, userId: number): Promise<UserDto> {
  const user = await loadUser(deps.db, userId);
  return toUserDto(user, await pendingEmailOf(deps.db, userId, deps.clock.now()));
}

/** Records the confirmation mail for a user's address (inside the caller's transaction). */
export async function enqueueEmailConfirmation(
  tx: Executor,
  deps: { appUrl: string },
  user: UserRow,
  locale: Locale,
  now: Date,
) {
  const token = await issueUserToken(
    tx,
    { userId: user.id, kind: 'EMAIL_CONFIRMATION', ttlMs: EMAIL_CONFIRMATION_TTL_DAYS * 86_400_000 },
    now,
  );
  return enqueueMail(
    tx,
    {
      template: 'email_confirmation',
      to: user.email,
      locale,
      data: {
        name: user.name,
        url: `${deps.appUrl}/manage/profile/confirm-email-address/${token}`,
        days: EMAIL_CONFIRMATION_TTL_DAYS,
      },
    },
    now,
  );
}

/**
 * Records the notice to a login's address (before the change) that its password or address changed. A
 * password notice names the API keys the person made that still work: a key outlives the old password.
 */
export async function enqueueLoginChanged(
  tx: Executor,
  deps: { appUrl: string },
  user: UserRow,
  change:
    | { change: Exclude<LoginChange, 'email' | 'recovery_code_used' | 'two_factor_reset' | `passkey_${string}`> }
    | { change: 'passkey_added' | 'passkey_removed'; passkey: string }
    | { change: 'email'; new: string }
    | { change: 'recovery_code_used'; left: number }
    | { change: 'two_factor_reset'; by: string; account: string },
  now: Date,
) {
  const keys = change.change === 'password' ? await workingKeysOfMaker(tx, user.id, now) : [];
  const api_keys = keys.map((k) => ({
    name: k.name,
    prefix: k.prefix,
    account: k.account.name,
    created_at: k.created_at,
  }));
  return enqueueMail(
    tx,
    mailPayload('login_changed', user.email, localeOf(user, 'en'), {
      ...change,
      name: user.name,
      old: user.email,
      at: now.toISOString(),
      url: `${deps.appUrl}/auth/forgot-password`,
      api_keys,
    }),
    now,
  );
}

/** Sends a fresh confirmation link (the previous one stops working). */
export async function resendEmailConfirmation(deps: ProfileDeps, userId: number, requestLocale: Locale): Promise<void> {
  const now = deps.clock.now();
  const outboxId = await deps.db.transaction(async (tx) => {
    const user = await loadUser(tx, userId);
    return enqueueEmailConfirmation(tx, deps, user, localeOf(user, requestLocale), now);
  });
  await deps.jobs.deliverOutbox([outboxId]);
}

/** Confirms the user's address with the link from the confirmation mail. */
export async function confirmEmail(deps: ProfileDeps, userId: number, token: string): Promise<UserDto> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await consumeUserToken(tx, { userId, kind: 'EMAIL_CONFIRMATION', token }, now);
    await tx.update(users).set({ email_verified_at: now, updated_at: now }).where(eq(users.id, userId));
  });
  return userView(deps, userId);
}

/** Changes the password (current one required) and revokes every other session of the user. */
export async function changePassword(
  deps: ProfileDeps,
  userId: number,
  sessionId: number,
  input: ChangePasswordBody,
): Promise<UserDto> {
  const user = await loadUser(deps.db, userId);
  if (!(await verifyPassword(user.password_hash, input.current_password))) {
    throw new DomainError('VALIDATION_FAILED', { fields: { current_password: [{ key: 'wrong_password' }] } });
  }
  assertStrongPassword(input.password, personalWords(user.name, user.email));
  const hash = await hashPassword(input.password);
  const now = deps.clock.now();
  const outboxId = await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ password_hash: hash, updated_at: now }).where(eq(users.id, userId));
    await tx
      .update(sessions)
      .set({ revoked_at: now })
      .where(and(eq(sessions.user_id, userId), ne(sessions.id, sessionId)));
    return enqueueLoginChanged(tx, deps, user, { change: 'password' }, now);
  });
  await deps.jobs.deliverOutbox([outboxId]);
  return userView(deps, userId);
}

/** Starts an e-mail change: the new address gets a link; nothing changes until it is opened. */
export async function requestEmailChange(
  deps: ProfileDeps,
  userId: number,
  input: ChangeEmailBody,
  requestLocale: Locale,
): Promise<UserDto> {
  const user = await loadUser(deps.db, userId);
  if (!(await verifyPassword(user.password_hash, input.current_password))) {
    throw new DomainError('VALIDATION_FAILED', { fields: { current_password: [{ key: 'wrong_password' }] } });
  }
  const email = input.email.toLowerCase();
  if (email === user.email) throw new DomainError('VALIDATION_FAILED', { fields: { email: [{ key: 'same_email' }] } });
  // An address that already has a login is not refused (that would tell who is registered): the change
  // is recorded as pending like any other, and the address's owner gets a notice instead of the link,
  // so it simply never completes. The route answers no sooner than its floor either way.
  const owner = await findUserByEmail(deps.db, email);
  const now = deps.clock.now();
  const outboxId = await deps.db.transaction(async (tx) => {
    const token = await issueUserToken(
      tx,
      { userId, kind: 'EMAIL_CHANGE', ttlMs: EMAIL_CHANGE_TTL_HOURS * 3_600_000, newEmail: email },
      now,
    );
    if (owner) {
      return enqueueMail(
        tx,
        mailPayload('email_change_taken', email, localeOf(owner, requestLocale), { url: `${deps.appUrl}/auth/login` }),
        now,
      );
    }
    return enqueueMail(
      tx,
      mailPayload('email_change', email, localeOf(user, requestLocale), {
        name: user.name,
        old: user.email,
        new: email,
        url: `${deps.appUrl}/manage/profile/confirm-email-change/${token}`,
        hours: EMAIL_CHANGE_TTL_HOURS,
      }),
      now,
    );
  });
  await deps.jobs.deliverOutbox([outboxId]);
  return userView(deps, userId);
}

/** Applies a pending e-mail change; opening the link proves the new address, so it counts as confirmed. */
export async function confirmEmailChange(deps: ProfileDeps, userId: number, token: string): Promise<UserDto> {
  const now = deps.clock.now();
  try {
    const outboxId = await deps.db.transaction(async (tx) => {
      const before = await loadUser(tx, userId);
      const row = await consumeUserToken(tx, { userId, kind: 'EMAIL_CHANGE', token }, now);
      await tx
        .update(users)
        .set({ email: row.new_email!, email_verified_at: now, updated_at: now })
        .where(eq(users.id, userId));
      // The old address hears of it: if someone else made the change, its owner can still act.
      return enqueueLoginChanged(tx, deps, before, { change: 'email', new: row.new_email! }, now);
    });
    await deps.jobs.deliverOutbox([outboxId]);
  } catch (err) {
    // Someone else took the address meanwhile (unique index): the link can no longer be used.
    if (isUniqueViolation(err)) {
      throw new DomainError('INVALID_LINK');
    }
    throw err;
  }
  return userView(deps, userId);
}

/** Cancels a pending e-mail change. */
export async function cancelEmailChange(deps: ProfileDeps, userId: number): Promise<UserDto> {
  await cancelPendingEmailChange(deps.db, userId, deps.clock.now());
  return userView(deps, userId);
}
