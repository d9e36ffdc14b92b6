import { isLocale, type Locale, type RegisterBody } from '@admitone/shared';
import { lt, sql } from 'drizzle-orm';

import type { Db, Executor } from '../../db/client.js';
import { signupRequests } from '../../db/schema/index.js';
import type { JobQueue } from '../../jobs/queue.js';
import { enqueueMail, mailPayload } from '../../mail/outbox.js';
import type { Clock } from '../../shared/clock.js';
import { hashToken, newToken } from '../../shared/tokens.js';
import { findUserByEmail } from '../users/users.repository.js';
import { assertStrongPassword, personalWords } from './password-policy.js';
import { hashPassword } from './passwords.js';

export type RegisterInput = Omit<RegisterBody, 'accept_terms'> & { timezone?: string; locale?: Locale };

type PendingSignUp = {
  email: string;
  name: string;
  organization: string | null;
  password_hash: string;
  locale: Locale;
  timezone: string | null;
};

/** How long a sign-up link works. */
export const SIGNUP_TTL_HOURS = 24;

export interface SignUpDeps {
  db: Db;
  clock: Clock;
  jobs: JobQueue;
  appUrl: string;
}

/**
 * Starts a sign-up, the same way whether or not the address has a login, so the answer (and its
 * timing, with the route's answer floor) tells nobody which it was:
 * - the address is free (no user, or a user an invitation created who has no password yet): the
 *   sign-up waits in `signup_requests` (replacing an earlier one of the address) and the address gets
 *   a link; nothing else exists until it is opened (confirm-sign-up.ts);
 * - the address has a login: it gets a notice (sign in, or reset the password) and nothing changes.
 * Both hash the password and write in one transaction. The password's strength is checked first,
 * before anything depends on the address.
 */
export async function requestSignUp(deps: SignUpDeps, input: RegisterInput, requestLocale: Locale): Promise<void> {
  const email = input.email.toLowerCase();
  assertStrongPassword(input.password, personalWords(input.name, email));
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock.now();
  const locale = input.locale ?? requestLocale;
  const outboxId = await deps.db.transaction(async (tx) => {
    // Links nobody opened in time are forgotten (with the password hashes they kept).
    await tx.delete(signupRequests).where(lt(signupRequests.expires_at, now));
    const user = await findUserByEmail(tx, email);
    if (user?.password_hash) {
      return enqueueMail(
        tx,
        mailPayload('signup_existing_login', email, isLocale(user.locale) ? user.locale : locale, {
          name: user.name,
          email,
          login_url: `${deps.appUrl}/auth/login`,
          reset_url: `${deps.appUrl}/auth/forgot-password`,
        }),
        now,
      );
    }
    const pending = {
      email,
      name: input.name,
      organization: input.organization ?? null,
      password_hash: passwordHash,
      locale,
      timezone: input.timezone ?? null,
    };
    const token = await savePendingSignUp(tx, pending, now);
    return enqueueMail(
      tx,
      mailPayload('signup_confirmation', email, locale, {
        email,
        url: `${deps.appUrl}/auth/confirm-sign-up/${token}`,
        hours: SIGNUP_TTL_HOURS,
      }),
      now,
    );
  });
  await deps.jobs.deliverOutbox([outboxId]);
}

/** Stores (or replaces) the address's pending sign-up with a new link; returns the link's token. */
async function savePendingSignUp(tx: Executor, values: PendingSignUp, now: Date) {
  const token = newToken();
  const row = {
    ...values,
    token_hash: hashToken(token),
    expires_at: new Date(now.getTime() + SIGNUP_TTL_HOURS * 3_600_000),
    created_at: now,
  };
  // One row per address: a second sign-up (or "send again") replaces the first, whose link stops working.
  await tx
    .insert(signupRequests)
    .values(row)
    .onConflictDoUpdate({
      target: signupRequests.email,
      set: {
        name: sql`excluded.name`,
        organization: sql`excluded.organization`,
        password_hash: sql`excluded.password_hash`,
        locale: sql`excluded.locale`,
        timezone: sql`excluded.timezone`,
        token_hash: sql`excluded.token_hash`,
        expires_at: sql`excluded.expires_at`,
        created_at: sql`excluded.created_at`,
      },
    });
  return token;
}
