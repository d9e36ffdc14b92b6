import { type AuthResponse, defaultCurrencyFor, isLocale, type Locale } from '@admitone/shared';
import { and, eq, gt, isNull } from 'drizzle-orm';

import type { Db, Executor } from '../../db/client.js';
import { signupRequests, users } from '../../db/schema/index.js';
import type { Clock } from '../../shared/clock.js';
import { DomainError, isUniqueViolation } from '../../shared/errors.js';
import { hashToken } from '../../shared/tokens.js';
import { createAccountWithOwner } from '../accounts/accounts.repository.js';
import { newAccountName } from '../accounts/default-account-name.js';
import { findUserByEmail, insertUser, membershipsOf, toUserDto, type UserRow } from '../users/users.repository.js';
import { hashPassword } from './passwords.js';
import { createSession, type SessionClient } from './sessions.repository.js';

const invalidLink = () => new DomainError('INVALID_SIGNUP_LINK');

/**
 * The person's own account (they own it, as admin) and a first session in it; answered like a login.
 * The account is named after the organization they typed, else "{name}'s events" in their language.
 */
async function openOwnAccount(
  tx: Executor,
  user: UserRow,
  organization: string | null,
  now: Date,
  client: SessionClient | null = null,
): Promise<AuthResponse> {
  const locale: Locale = isLocale(user.locale) ? user.locale : 'en';
  const name = newAccountName({ name: user.name, organization }, locale);
  const account = await createAccountWithOwner(
    tx,
    { name, currency: defaultCurrencyFor(locale), timezone: user.timezone ?? 'UTC', ownerId: user.id },
    now,
  );
  const token = await createSession(tx, user.id, account.id, now, client);
  return { token, user: toUserDto(user), accounts: await membershipsOf(tx, user.id, 'ACTIVE') };
}

/**
 * Finishes a sign-up with the link from its mail: the user (their address confirmed by opening it),
 * their own account and a session. An address an invitation created a password-less user for becomes
 * that user, with the name and password of the sign-up; their invitations stay open to accept later.
 * An unknown, expired or used link, or an address that got a login meanwhile: INVALID_SIGNUP_LINK.
 */
export async function confirmSignUp(
  deps: { db: Db; clock: Clock; client?: SessionClient | null },
  token: string,
): Promise<AuthResponse> {
  const now = deps.clock.now();
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await deps.db.transaction(async (tx) => {
        // Opening the link deletes the pending sign-up: a second use, even racing the first, finds nothing.
        const [pending] = await tx
          .delete(signupRequests)
          .where(and(eq(signupRequests.token_hash, hashToken(token)), gt(signupRequests.expires_at, now)))
          .returning();
        if (!pending) return null;
        const profile = {
          name: pending.name,
          password_hash: pending.password_hash,
          timezone: pending.timezone,
          locale: pending.locale,
          email_verified_at: now,
          updated_at: now,
        };
        const existing = await findUserByEmail(tx, pending.email);
        let user: UserRow | undefined;
        if (!existing) {
          user = await insertUser(tx, { ...profile, email: pending.email, created_at: now });
        } else if (existing.password_hash === null) {
          // Invited, never accepted: the conditional update loses to an acceptance that set a password first.
          [user] = await tx
            .update(users)
            .set(profile)
            .where(and(eq(users.id, existing.id), isNull(users.password_hash)))
            .returning();
        }
        // The address got a login meanwhile (sign-up, or an accepted invitation): the link is spent.
        if (!user) return null;
        return openOwnAccount(tx, user, pending.organization, now, deps.client ?? null);
      });
      if (!result) throw invalidLink();
      return result;
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // An invitation created a user for the address at this very moment: once more, as that user.
      if (attempt === 1) continue;
      throw invalidLink();
    }
  }
}

/**
 * A user made without a sign-up link (the seed's demo login): the user, their own account and a
 * session. `emailVerified: false` keeps the address unconfirmed, like a login from before sign-ups
 * were confirmed by link.
 */
export async function createUserWithAccount(
  deps: { db: Db; clock: Clock },
  input: {
    name: string;
    organization?: string | null;
    email: string;
    password: string;
    timezone?: string;
    locale: Locale;
    emailVerified: boolean;
  },
): Promise<AuthResponse> {
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const user = await insertUser(tx, {
      name: input.name,
      email: input.email,
      password_hash: passwordHash,
      timezone: input.timezone ?? null,
      locale: input.locale,
      email_verified_at: input.emailVerified ? now : null,
      created_at: now,
      updated_at: now,
    });
    return openOwnAccount(tx, user, input.organization ?? null, now);
  });
}
