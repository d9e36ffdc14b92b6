import {
  type AddPasskeyBody,
  type PasskeyAddedDto,
  type PasskeyDto,
  type PasskeyOptionsDto,
  PASSKEYS_MAX,
  type RemovePasskeyBody,
} from '@admitone/shared';
import {
  type AuthenticatorTransport,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { and, asc, count, eq } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { userPasskeys } from '../../db/schema/index.js';
import { DomainError } from '../../shared/errors.js';
import { recordPersonAudit } from '../audit/audit.js';
import { enqueueLoginChanged, type ProfileDeps } from '../users/profile.js';
import { claimCeremony, openCeremony, type PasskeyRow, relyingPartyOf } from './passkey-ceremonies.js';
import {
  assertPassword,
  confirmedTotpOf,
  loadUser,
  recoveryCodesLeft,
  replaceRecoveryCodes,
  requiredForUser,
} from './two-factor.js';

export const toPasskeyDto = (p: PasskeyRow): PasskeyDto => ({
  id: p.id,
  name: p.name,
  synced: p.backed_up,
  created_at: p.created_at.toISOString(),
  last_used_at: p.last_used_at?.toISOString() ?? null,
});

/** The person's passkeys, oldest first. */
export async function passkeysOf(db: Executor, userId: number): Promise<PasskeyRow[]> {
  return db.select().from(userPasskeys).where(eq(userPasskeys.user_id, userId)).orderBy(asc(userPasskeys.id));
}

export async function passkeyCount(db: Executor, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(userPasskeys).where(eq(userPasskeys.user_id, userId));
  return row?.n ?? 0;
}

/**
 * What the browser needs to make a passkey for the signed-in person: a fresh challenge (kept as a ceremony for a few
 * minutes), the person as the authenticator shows them, and their passkeys already made (an authenticator holding one
 * says so instead of making a second). A passkey that the authenticator keeps (discoverable) signs in without typing
 * the address.
 */
export async function startPasskeyRegistration(
  deps: Pick<ProfileDeps, 'db' | 'clock' | 'appUrl'>,
  userId: number,
): Promise<PasskeyOptionsDto> {
  const user = await loadUser(deps.db, userId);
  const existing = await passkeysOf(deps.db, userId);
  if (existing.length >= PASSKEYS_MAX) throw new DomainError('PASSKEY_LIMIT');
  const rp = relyingPartyOf(deps.appUrl);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.name,
    userID: new TextEncoder().encode(`admitone-user-${user.id}`),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({
      id: p.credential_id,
      transports: p.transports as AuthenticatorTransport[],
    })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  const ceremony = await openCeremony(deps.db, 'register', options.challenge, deps.clock.now(), { userId });
  return { ceremony, options: options as unknown as Record<string, unknown> };
}

/**
 * Adds the passkey the browser made: its ceremony used once, the attestation checked against the challenge, this
 * site and its origin. The person's first second factor brings ten recovery codes (shown this once). Mailed and logged.
 */
export async function finishPasskeyRegistration(
  deps: ProfileDeps,
  userId: number,
  input: AddPasskeyBody,
): Promise<PasskeyAddedDto> {
  const now = deps.clock.now();
  const rp = relyingPartyOf(deps.appUrl);
  const { passkey, codes, outboxId } = await deps.db.transaction(async (tx) => {
    const user = await loadUser(tx, userId);
    const challenge = await claimCeremony(tx, input.ceremony, 'register', now, { userId });
    if (!challenge) throw new DomainError('PASSKEY_CEREMONY_EXPIRED');
    const verified = await verifyRegistrationResponse({
      response: input.credential as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    }).catch(() => null);
    if (!verified?.verified) notVerified();
    const info = verified!.registrationInfo!;
    const hadFactor = (await confirmedTotpOf(tx, userId)) !== null || (await passkeyCount(tx, userId)) > 0;
    const [row] = await tx
      .insert(userPasskeys)
      .values({
        user_id: userId,
        credential_id: info.credential.id,
        public_key: Buffer.from(info.credential.publicKey).toString('base64url'),
        counter: info.credential.counter,
        transports: info.credential.transports ?? [],
        backed_up: info.credentialBackedUp,
        name: input.name,
        created_at: now,
      })
      .onConflictDoNothing({ target: userPasskeys.credential_id })
      .returning();
    if (!row) throw new DomainError('VALIDATION_FAILED', { fields: { credential: [{ key: 'passkey_taken' }] } });
    const codes =
      hadFactor && (await recoveryCodesLeft(tx, userId)) > 0 ? null : await replaceRecoveryCodes(tx, userId, now);
    await recordPersonAudit(tx, userId, { action: 'auth.passkey_added', data: { name: input.name } }, now);
    const outboxId = await enqueueLoginChanged(tx, deps, user, { change: 'passkey_added', passkey: input.name }, now);
    return { passkey: row, codes, outboxId };
  });
  await deps.jobs.deliverOutbox([outboxId]);
  return { passkey: toPasskeyDto(passkey), recovery_codes: codes };
}

function notVerified(): never {
  throw new DomainError('VALIDATION_FAILED', { fields: { credential: [{ key: 'passkey_not_verified' }] } });
}

/**
 * Removes one of the person's passkeys (the password again). The last second factor goes only where no account of the
 * person requires one; with it go the recovery codes.
 */
export async function removePasskey(
  deps: ProfileDeps,
  userId: number,
  passkeyId: number,
  input: RemovePasskeyBody,
): Promise<void> {
  const user = await loadUser(deps.db, userId);
  // Another person's passkey, or one already gone, is not found before any password is checked.
  const [own] = await deps.db
    .select({ id: userPasskeys.id })
    .from(userPasskeys)
    .where(and(eq(userPasskeys.id, passkeyId), eq(userPasskeys.user_id, userId)));
  if (!own) throw new DomainError('NOT_FOUND');
  await assertPassword(user, input.current_password);
  const now = deps.clock.now();
  const outboxId = await deps.db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(userPasskeys)
      .where(and(eq(userPasskeys.id, passkeyId), eq(userPasskeys.user_id, userId)))
      .returning();
    if (!gone) throw new DomainError('NOT_FOUND');
    const left = (await confirmedTotpOf(tx, userId)) !== null || (await passkeyCount(tx, userId)) > 0;
    if (!left) {
      if (await requiredForUser(tx, userId)) throw new DomainError('TWO_FACTOR_REQUIRED_BY_ACCOUNT');
      await replaceRecoveryCodes(tx, userId, now, 0);
    }
    await recordPersonAudit(tx, userId, { action: 'auth.passkey_removed', data: { name: gone.name } }, now);
    return enqueueLoginChanged(tx, deps, user, { change: 'passkey_removed', passkey: gone.name }, now);
  });
  await deps.jobs.deliverOutbox([outboxId]);
}
