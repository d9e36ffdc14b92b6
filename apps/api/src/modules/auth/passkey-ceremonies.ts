import { PASSKEY_CEREMONY_MINUTES } from '@admitone/shared';
import type { AuthenticationResponseJSON, WebAuthnCredential } from '@simplewebauthn/server';
import { verifyAuthenticationResponse } from '@simplewebauthn/server';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { passkeyCeremonies, userPasskeys } from '../../db/schema/index.js';
import { hashToken, newToken } from '../../shared/tokens.js';

/** The relying party: the app's host name (the passkey's scope) and its origin (where the browser must be). */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

/** The relying party of an install, from its public address (APP_URL). */
export function relyingPartyOf(appUrl: string): RelyingParty {
  const url = new URL(appUrl);
  return { id: url.hostname, origin: url.origin, name: 'AdmitOne' };
}

type CeremonyKind = (typeof passkeyCeremonies.$inferSelect)['kind'];

/** Keeps a ceremony's challenge for a few minutes; answers the token the browser sends back with its answer. */
export async function openCeremony(
  db: Executor,
  kind: CeremonyKind,
  challenge: string,
  now: Date,
  owner: { userId?: number; loginChallengeId?: number } = {},
): Promise<string> {
  const token = newToken();
  await db.insert(passkeyCeremonies).values({
    token_hash: hashToken(token),
    kind,
    user_id: owner.userId ?? null,
    login_challenge_id: owner.loginChallengeId ?? null,
    challenge,
    created_at: now,
    expires_at: new Date(now.getTime() + PASSKEY_CEREMONY_MINUTES * 60_000),
  });
  return token;
}

/**
 * Uses a ceremony once (a guarded update: the same answer sent twice passes once): its challenge when it is of this
 * kind, this owner's, unused and not expired; null otherwise.
 */
export async function claimCeremony(
  db: Executor,
  token: string,
  kind: CeremonyKind,
  now: Date,
  owner: { userId?: number; loginChallengeId?: number } = {},
): Promise<string | null> {
  const [claimed] = await db
    .update(passkeyCeremonies)
    .set({ used_at: now })
    .where(
      and(
        eq(passkeyCeremonies.token_hash, hashToken(token)),
        eq(passkeyCeremonies.kind, kind),
        isNull(passkeyCeremonies.used_at),
        gt(passkeyCeremonies.expires_at, now),
        owner.userId !== undefined ? eq(passkeyCeremonies.user_id, owner.userId) : undefined,
        owner.loginChallengeId !== undefined
          ? eq(passkeyCeremonies.login_challenge_id, owner.loginChallengeId)
          : undefined,
      ),
    )
    .returning({ challenge: passkeyCeremonies.challenge });
  return claimed?.challenge ?? null;
}

/** Ceremonies that ran out or were used (the scheduler's hourly clean-up). */
export async function purgeCeremonies(db: Executor, now: Date): Promise<number> {
  const gone = await db
    .delete(passkeyCeremonies)
    .where(lt(passkeyCeremonies.expires_at, now))
    .returning({ id: passkeyCeremonies.id });
  return gone.length;
}

export type PasskeyRow = typeof userPasskeys.$inferSelect;

/**
 * Checks a browser's signature with one of the person's passkeys against the ceremony's challenge, and moves the
 * passkey's counter on (a guarded update: a counter that did not go forward, as a cloned authenticator's, does not
 * pass; the same answer twice is stopped by its ceremony, used once). `userVerification`: a sign-in without the
 * password needs the person's fingerprint, face or PIN; a second factor after the password, presence only. False when
 * anything does not hold.
 */
export async function verifyWithPasskey(
  db: Executor,
  rp: RelyingParty,
  passkey: PasskeyRow,
  credential: AuthenticationResponseJSON,
  challenge: string,
  now: Date,
  userVerification: boolean,
): Promise<boolean> {
  const stored: WebAuthnCredential = {
    id: passkey.credential_id,
    publicKey: Buffer.from(passkey.public_key, 'base64url'),
    counter: passkey.counter,
    transports: passkey.transports as WebAuthnCredential['transports'],
  };
  const result = await verifyAuthenticationResponse({
    response: credential,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: stored,
    requireUserVerification: userVerification,
  }).catch(() => null);
  if (!result?.verified) return false;
  const next = result.authenticationInfo.newCounter;
  const moved = await db
    .update(userPasskeys)
    .set({ counter: next, last_used_at: now, backed_up: result.authenticationInfo.credentialBackedUp })
    .where(
      and(
        eq(userPasskeys.id, passkey.id),
        // Authenticators that keep no counter always send 0; the others must go forward.
        next === 0 ? eq(userPasskeys.counter, 0) : lt(userPasskeys.counter, next),
      ),
    )
    .returning({ id: userPasskeys.id });
  return moved.length > 0;
}
