import type { AuthResponse, Locale, RegisterBody } from '@admitone/shared';
import { defaultCurrencyFor } from '@admitone/shared';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../shared/clock.js';
import { DomainError, isUniqueViolation } from '../../shared/errors.js';
import { createAccountWithOwner } from '../accounts/accounts.repository.js';
import { findUserByEmail, insertUser, membershipsOf, toUserDto } from '../users/users.repository.js';
import { hashPassword } from './passwords.js';
import { createSession } from './sessions.repository.js';
import { enqueueEmailConfirmation } from '../users/profile.js';
import type { JobQueue } from '../../jobs/queue.js';

export type RegisterInput = Omit<RegisterBody, 'accept_terms'> & { timezone?: string; locale?: Locale };

const emailTaken = () => new DomainError('EMAIL_ALREADY_REGISTERED', { fields: { email: [{ key: 'invalid' }] } });

/** Signs a person up: a user, their own account (they own it, as admin) and a first session. */
export async function register(deps: { db: Db; clock: Clock; jobs?: JobQueue; appUrl?: string }, input: RegisterInput, requestLocale: Locale): Promise<AuthResponse> {
  if (await findUserByEmail(deps.db, input.email)) throw emailTaken();
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock.now();
  const locale = input.locale ?? requestLocale;
  let outboxId: number | null = null;
  try {
    const result = await deps.db.transaction(async (tx) => {
      const user = await insertUser(tx, {
        name: input.name,
        email: input.email,
        password_hash: passwordHash,
        timezone: input.timezone ?? null,
        locale,
        created_at: now,
        updated_at: now,
      });
      const account = await createAccountWithOwner(tx, {
        name: input.name,
        currency: defaultCurrencyFor(locale),
        timezone: input.timezone ?? 'UTC',
        ownerId: user.id,
      });
      const token = await createSession(tx, user.id, account.id, now);
      if (deps.appUrl) outboxId = await enqueueEmailConfirmation(tx, { appUrl: deps.appUrl }, user, locale, now);
      return { token, user: toUserDto(user), accounts: await membershipsOf(tx, user.id, 'ACTIVE') };
    });
    if (outboxId !== null) await deps.jobs?.deliverOutbox([outboxId]);
    return result;
  } catch (err) {
    // Two sign-ups with one address at once: the unique index decides.
    if (isUniqueViolation(err)) {
      throw emailTaken();
    }
    throw err;
  }
}
