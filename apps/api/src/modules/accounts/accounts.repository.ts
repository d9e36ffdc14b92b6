import type { Role } from '@admitone/shared';
import type { Executor } from '../../db/client.js';
import { accountUsers, accounts } from '../../db/schema/index.js';

/** Creates an account with its owner as an active admin. */
export async function createAccountWithOwner(
  db: Executor,
  input: { name: string; currency: string; timezone: string; ownerId: number },
) {
  const [account] = await db
    .insert(accounts)
    .values({ name: input.name, currency: input.currency, timezone: input.timezone })
    .returning();
  await db.insert(accountUsers).values({
    account_id: account!.id,
    user_id: input.ownerId,
    role: 'ADMIN' satisfies Role,
    status: 'ACTIVE',
    is_owner: true,
  });
  return account!;
}
