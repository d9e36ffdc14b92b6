import {
  type AuthenticationCredential,
  type AuthResponse,
  type PasskeyOptionsDto,
  type PasskeySignInBody,
  TWO_FACTOR_CHALLENGE_ATTEMPTS,
  TWO_FACTOR_CHALLENGE_MINUTES,
} from '@admitone/shared';
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  generateAuthenticationOptions,
} from '@simplewebauthn/server';
import { and, eq } from 'drizzle-orm';

import type { Db } from '../../db/client.js';
import { loginChallenges, userPasskeys } from '../../db/schema/index.js';
import type { Clock } from '../../shared/clock.js';
import { DomainError } from '../../shared/errors.js';
import { hashToken, newToken } from '../../shared/tokens.js';
import { findUserById, membershipsOf, toUserDto } from '../users/users.repository.js';
import { assertNotLocked, clearLoginFailures, recordLoginFailure } from './login-throttle.js';
import { claimCeremony, openCeremony, relyingPartyOf, verifyWithPasskey } from './passkey-ceremonies.js';
import { passkeysOf } from './passkeys.js';
import { createSession } from './sessions.repository.js';
import type { TwoFactorLoginDeps } from './two-factor-login.js';

const notVerified = () =>
  new DomainError('VALIDATION_FAILED', { fields: { credential: [{ key: 'passkey_not_verified' }] } });

/**
 * A sign-in with a passkey alone: a challenge for any passkey of this site (the authenticator offers the person's own,
 * so no address is typed), with their fingerprint, face or PIN asked for.
 */
export async function startPasskeySignIn(deps: { db: Db; clock: Clock; appUrl: string }): Promise<PasskeyOptionsDto> {
  const rp = relyingPartyOf(deps.appUrl);
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'required' });
  const ceremony = await openCeremony(deps.db, 'sign_in', options.challenge, deps.clock.now());
  return { ceremony, options: options as unknown as Record<string, unknown> };
}

/**
 * Signs in with the passkey the browser answered with: the ceremony used once, the signature of one of the person's
 * passkeys with their verification (so it is both factors), the login not locked. Then the session in the account
 * chosen (or the only one); a person of several accounts gets a passed challenge to choose with, as after a code. A
 * failure counts towards the login's lockout, as a wrong password does.
 */
export async function finishPasskeySignIn(deps: TwoFactorLoginDeps, input: PasskeySignInBody): Promise<AuthResponse> {
  const now = deps.clock.now();
  const challenge = await claimCeremony(deps.db, input.ceremony, 'sign_in', now);
  if (!challenge) throw new DomainError('PASSKEY_CEREMONY_EXPIRED');
  const [passkey] = await deps.db
    .select()
    .from(userPasskeys)
    .where(eq(userPasskeys.credential_id, input.credential.id));
  if (!passkey) throw notVerified();
  const user = await findUserById(deps.db, passkey.user_id);
  if (!user) throw notVerified();
  await assertNotLocked(deps.db, user.email, now);
  const rp = relyingPartyOf(deps.appUrl);
  if (!(await verifyWithPasskey(deps.db, rp, passkey, asResponse(input.credential), challenge, now, true))) {
    await recordLoginFailure(deps.db, user.email, now);
    throw notVerified();
  }
  await clearLoginFailures(deps.db, user.email);
  const accounts = await membershipsOf(deps.db, user.id, 'ACTIVE');
  if (accounts.length === 0) throw new DomainError('INVALID_CREDENTIALS');
  const wanted = input.account_id ?? (accounts.length === 1 ? accounts[0]!.id : null);
  if (wanted !== null && !accounts.some((a) => a.id === wanted))
    throw new DomainError('VALIDATION_FAILED', { fields: { account_id: [{ key: 'not_found_choice' }] } });
  if (wanted === null) {
    // Both factors are given: only the account is left to choose, through the sign-in's second step.
    const token = newToken();
    await deps.db.insert(loginChallenges).values({
      user_id: user.id,
      token_hash: hashToken(token),
      verified_at: now,
      created_at: now,
      expires_at: new Date(now.getTime() + TWO_FACTOR_CHALLENGE_MINUTES * 60_000),
    });
    return {
      token: null,
      user: toUserDto(user),
      accounts,
      two_factor: { challenge: token, verified: true, methods: ['passkey'] },
    };
  }
  const token = await deps.db.transaction((tx) => createSession(tx, user.id, wanted, now, deps.client));
  return { token, user: toUserDto(user), accounts };
}

/** A passkey as the second step after the password: a challenge for the person's own passkeys, tied to the sign-in. */
export async function startPasskeySecondFactor(
  deps: { db: Db; clock: Clock; appUrl: string },
  loginChallenge: string,
): Promise<PasskeyOptionsDto> {
  const now = deps.clock.now();
  const [row] = await deps.db
    .select()
    .from(loginChallenges)
    .where(eq(loginChallenges.token_hash, hashToken(loginChallenge)));
  if (!row || row.used_at || row.expires_at <= now || row.attempts >= TWO_FACTOR_CHALLENGE_ATTEMPTS)
    throw new DomainError('TWO_FACTOR_CHALLENGE_EXPIRED');
  const passkeys = await passkeysOf(deps.db, row.user_id);
  if (!passkeys.length) throw new DomainError('TWO_FACTOR_CHALLENGE_EXPIRED');
  const rp = relyingPartyOf(deps.appUrl);
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'preferred',
    allowCredentials: passkeys.map((p) => ({
      id: p.credential_id,
      transports: p.transports as AuthenticatorTransport[],
    })),
  });
  const ceremony = await openCeremony(deps.db, 'second_factor', options.challenge, now, { loginChallengeId: row.id });
  return { ceremony, options: options as unknown as Record<string, unknown> };
}

/** Whether the passkey answer passes this sign-in's challenge (its ceremony, one of the person's passkeys). */
export async function passkeyAnswersChallenge(
  deps: TwoFactorLoginDeps,
  loginChallengeId: number,
  userId: number,
  answer: { ceremony: string; credential: AuthenticationCredential },
  now: Date,
): Promise<boolean> {
  const challenge = await claimCeremony(deps.db, answer.ceremony, 'second_factor', now, { loginChallengeId });
  if (!challenge) return false;
  const [passkey] = await deps.db
    .select()
    .from(userPasskeys)
    .where(and(eq(userPasskeys.credential_id, answer.credential.id), eq(userPasskeys.user_id, userId)));
  if (!passkey) return false;
  const rp = relyingPartyOf(deps.appUrl);
  return verifyWithPasskey(deps.db, rp, passkey, asResponse(answer.credential), challenge, now, false);
}

const asResponse = (c: AuthenticationCredential) => c as unknown as AuthenticationResponseJSON;
