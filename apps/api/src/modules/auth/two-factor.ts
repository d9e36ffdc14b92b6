import { randomInt } from 'node:crypto';

import {
  type ConfirmTotpBody,
  RECOVERY_CODE_COUNT,
  type RecoveryCodesDto,
  type TotpSetupDto,
  type TwoFactorPasswordBody,
  type TwoFactorStatusDto,
} from '@admitone/shared';
import { and, count, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { accounts, accountUsers, recoveryCodes, userPasskeys, userTotp } from '../../db/schema/index.js';
import { DomainError } from '../../shared/errors.js';
import { hashToken } from '../../shared/tokens.js';
import { recordPersonAudit } from '../audit/audit.js';
import { enqueueLoginChanged, type ProfileDeps } from '../users/profile.js';
import { findUserById, type UserRow } from '../users/users.repository.js';
import { verifyPassword } from './passwords.js';
import { newTotpSecret, totpStepOf, totpUri } from './totp.js';

/** What authenticator apps show as the login's issuer. */
const ISSUER = 'AdmitOne';
/** Recovery codes are drawn from these: no 0/o, 1/l, so a code read off paper is typed right. */
const CODE_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

export async function loadUser(db: Executor, userId: number): Promise<UserRow> {
  const user = await findUserById(db, userId);
  if (!user) throw new DomainError('NOT_FOUND');
  return user;
}

export async function assertPassword(user: UserRow, password: string) {
  if (!(await verifyPassword(user.password_hash, password)))
    throw new DomainError('VALIDATION_FAILED', { fields: { current_password: [{ key: 'wrong_password' }] } });
}

const wrongCode = (field: 'code' | 'recovery_code') =>
  new DomainError('VALIDATION_FAILED', { fields: { [field]: [{ key: 'wrong_code' }] } });

/** The person's confirmed authenticator app, or null. */
export async function confirmedTotpOf(db: Executor, userId: number) {
  const [row] = await db
    .select()
    .from(userTotp)
    .where(and(eq(userTotp.user_id, userId), isNotNull(userTotp.confirmed_at)));
  return row ?? null;
}

/** Whether an active membership of the person is in an account that requires two-factor sign-in. */
export async function requiredForUser(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accountUsers)
    .innerJoin(accounts, eq(accounts.id, accountUsers.account_id))
    .where(
      and(eq(accountUsers.user_id, userId), eq(accountUsers.status, 'ACTIVE'), eq(accounts.require_two_factor, true)),
    )
    .limit(1);
  return row !== undefined;
}

/** How many passkeys the person has (each is a second factor). */
async function passkeysOfUser(db: Executor, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(userPasskeys).where(eq(userPasskeys.user_id, userId));
  return row?.n ?? 0;
}

/** Recovery codes the person has not used. */
export async function recoveryCodesLeft(db: Executor, userId: number): Promise<number> {
  const [left] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.user_id, userId), isNull(recoveryCodes.used_at)));
  return left?.n ?? 0;
}

/** Whether the person signs in with a second factor: a confirmed authenticator app, or a passkey. */
export async function secondFactorsOf(db: Executor, userId: number): Promise<{ totp: boolean; passkeys: number }> {
  const [totp, passkeys] = await Promise.all([confirmedTotpOf(db, userId), passkeysOfUser(db, userId)]);
  return { totp: totp !== null, passkeys };
}

export async function twoFactorStatus(db: Executor, userId: number): Promise<TwoFactorStatusDto> {
  const totp = await confirmedTotpOf(db, userId);
  const passkeys = await passkeysOfUser(db, userId);
  return {
    totp: totp !== null,
    passkeys,
    enabled_at: totp?.confirmed_at?.toISOString() ?? null,
    recovery_codes_left: totp || passkeys ? await recoveryCodesLeft(db, userId) : 0,
    required: await requiredForUser(db, userId),
  };
}

/**
 * Starts setting up an authenticator app: a new secret, kept unconfirmed until its first code (a second start
 * replaces an unconfirmed one). Refused while one is confirmed.
 */
export async function startTotpSetup(deps: Pick<ProfileDeps, 'db'>, userId: number): Promise<TotpSetupDto> {
  const user = await loadUser(deps.db, userId);
  const secret = newTotpSecret();
  const rows = await deps.db
    .insert(userTotp)
    .values({ user_id: userId, secret })
    .onConflictDoUpdate({
      target: userTotp.user_id,
      set: { secret, created_at: sql`now()`, last_time_step: null },
      setWhere: isNull(userTotp.confirmed_at),
    })
    .returning({ user_id: userTotp.user_id });
  if (rows.length === 0) throw new DomainError('TWO_FACTOR_ALREADY_ON');
  return { secret, uri: totpUri(ISSUER, user.email, secret) };
}

/**
 * Ten fresh recovery codes in place of any before (inside the caller's transaction); returned as printed. `howMany`
 * 0: none (the last second factor went).
 */
export async function replaceRecoveryCodes(
  tx: Executor,
  userId: number,
  now: Date,
  howMany = RECOVERY_CODE_COUNT,
): Promise<string[]> {
  const codes = Array.from({ length: howMany }, () => {
    const raw = Array.from({ length: 10 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.user_id, userId));
  if (!codes.length) return codes;
  await tx
    .insert(recoveryCodes)
    .values(codes.map((c) => ({ user_id: userId, code_hash: hashToken(c.replace('-', '')), created_at: now })));
  return codes;
}

/**
 * Accepts a code of the person's app when it is right and newer than the last one accepted (a guarded update: two
 * requests with the same code cannot both pass). For set-up, the unconfirmed app is the one checked.
 */
export async function acceptTotpCode(
  db: Executor,
  userId: number,
  code: string,
  now: Date,
  which: 'confirmed' | 'unconfirmed',
): Promise<boolean> {
  const [row] = await db
    .select()
    .from(userTotp)
    .where(
      and(
        eq(userTotp.user_id, userId),
        which === 'confirmed' ? isNotNull(userTotp.confirmed_at) : isNull(userTotp.confirmed_at),
      ),
    );
  if (!row) return false;
  const step = await totpStepOf(row.secret, code, now, row.last_time_step);
  if (step === null) return false;
  const claimed = await db
    .update(userTotp)
    .set({ last_time_step: step })
    .where(
      and(
        eq(userTotp.user_id, userId),
        eq(userTotp.secret, row.secret),
        or(isNull(userTotp.last_time_step), lt(userTotp.last_time_step, step)),
      ),
    )
    .returning({ user_id: userTotp.user_id });
  return claimed.length > 0;
}

/** Uses one recovery code (once: a guarded update); returns how many are left, or null when it is not one. */
export async function useRecoveryCode(db: Executor, userId: number, code: string, now: Date): Promise<number | null> {
  const used = await db
    .update(recoveryCodes)
    .set({ used_at: now })
    .where(
      and(
        eq(recoveryCodes.user_id, userId),
        eq(recoveryCodes.code_hash, hashToken(code)),
        isNull(recoveryCodes.used_at),
      ),
    )
    .returning({ id: recoveryCodes.id });
  if (used.length === 0) return null;
  const [left] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.user_id, userId), isNull(recoveryCodes.used_at)));
  return left?.n ?? 0;
}

/** Confirms the app with its first code: two-factor sign-in is on; the recovery codes are answered this once. */
export async function confirmTotp(
  deps: ProfileDeps,
  userId: number,
  input: ConfirmTotpBody,
): Promise<RecoveryCodesDto> {
  const now = deps.clock.now();
  const code = String(input.code);
  const { codes, outboxId } = await deps.db.transaction(async (tx) => {
    const user = await loadUser(tx, userId);
    if (await confirmedTotpOf(tx, userId)) throw new DomainError('TWO_FACTOR_ALREADY_ON');
    if (!(await acceptTotpCode(tx, userId, code, now, 'unconfirmed'))) throw wrongCode('code');
    await tx.update(userTotp).set({ confirmed_at: now }).where(eq(userTotp.user_id, userId));
    const codes = await replaceRecoveryCodes(tx, userId, now);
    await recordPersonAudit(tx, userId, { action: 'auth.two_factor_enabled' }, now);
    return { codes, outboxId: await enqueueLoginChanged(tx, deps, user, { change: 'two_factor_on' }, now) };
  });
  await deps.jobs.deliverOutbox([outboxId]);
  return { codes };
}

/**
 * Turns the authenticator app off (the password again). With no passkey left that is two-factor sign-in off, refused
 * where an account of the person requires it, and the recovery codes go too; passkeys keep them.
 */
export async function disableTwoFactor(deps: ProfileDeps, userId: number, input: TwoFactorPasswordBody): Promise<void> {
  const user = await loadUser(deps.db, userId);
  await assertPassword(user, input.current_password);
  const now = deps.clock.now();
  const outboxId = await deps.db.transaction(async (tx) => {
    if (!(await confirmedTotpOf(tx, userId))) throw new DomainError('TWO_FACTOR_NOT_ON');
    const passkeys = await passkeysOfUser(tx, userId);
    if (!passkeys && (await requiredForUser(tx, userId))) throw new DomainError('TWO_FACTOR_REQUIRED_BY_ACCOUNT');
    await tx.delete(userTotp).where(eq(userTotp.user_id, userId));
    if (!passkeys) await tx.delete(recoveryCodes).where(eq(recoveryCodes.user_id, userId));
    await recordPersonAudit(tx, userId, { action: 'auth.two_factor_disabled' }, now);
    return enqueueLoginChanged(tx, deps, user, { change: 'two_factor_off' }, now);
  });
  await deps.jobs.deliverOutbox([outboxId]);
}

/** New recovery codes (the password again); the old ones stop working. */
export async function regenerateRecoveryCodes(
  deps: ProfileDeps,
  userId: number,
  input: TwoFactorPasswordBody,
): Promise<RecoveryCodesDto> {
  const user = await loadUser(deps.db, userId);
  await assertPassword(user, input.current_password);
  const now = deps.clock.now();
  const { codes, outboxId } = await deps.db.transaction(async (tx) => {
    const factors = await secondFactorsOf(tx, userId);
    if (!factors.totp && !factors.passkeys) throw new DomainError('TWO_FACTOR_NOT_ON');
    const codes = await replaceRecoveryCodes(tx, userId, now);
    await recordPersonAudit(tx, userId, { action: 'auth.recovery_codes_regenerated' }, now);
    return { codes, outboxId: await enqueueLoginChanged(tx, deps, user, { change: 'recovery_codes' }, now) };
  });
  await deps.jobs.deliverOutbox([outboxId]);
  return { codes };
}

/** Removes the person's app, passkeys and recovery codes (inside the caller's transaction). */
export async function removeSecondFactors(tx: Executor, userId: number) {
  await tx.delete(userTotp).where(eq(userTotp.user_id, userId));
  await tx.delete(userPasskeys).where(eq(userPasskeys.user_id, userId));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.user_id, userId));
}
