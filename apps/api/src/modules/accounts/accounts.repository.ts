import { LATEST_API_VERSION, type Role } from '@admitone/shared';

import type { Executor } from '../../db/client.js';
import { accounts, accountUsers } from '../../db/schema/index.js';

/**
 * Creates an account with its owner as an active admin, at `now` (the app's clock, as every other
 * membership: a person's accounts are listed in the order they joined them).
 */
export async function createAccountWithOwner(
  db: Executor,
  input: { name: string; currency: string; timezone: string; ownerId: number },
  now: Date,
) {
  const [account] = await db
    .insert(accounts)
    .values({
      name: input.name,
      currency: input.currency,
      timezone: input.timezone,
      api_version: LATEST_API_VERSION,
      created_at: now,
      updated_at: now,
    })
    .returning();
  await db.insert(accountUsers).values({
    account_id: account!.id,
    user_id: input.ownerId,
    role: 'ADMIN' satisfies Role,
    status: 'ACTIVE',
    is_owner: true,
    created_at: now,
    updated_at: now,
  });
  return account!;
}
