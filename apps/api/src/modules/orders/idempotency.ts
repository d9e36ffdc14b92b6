import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { idempotencyKeys } from '../../db/schema/index.js';
import { DomainError } from '../../shared/errors.js';

export interface StoredAnswer<T> {
  status: number;
  body: T;
}

const hashOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value ?? null)).digest('hex');

/**
 * Runs `work` at most once per (scope, key), inside the caller's transaction: the key row is
 * inserted first, so a concurrent repeat waits on it and then finds the stored answer; when `work`
 * fails the transaction rolls back and the key is free again (errors consume nothing). Without a
 * key the work simply runs.
 */
export async function once<T>(tx: Tx, scope: string, key: string | undefined, request: unknown, work: () => Promise<StoredAnswer<T>>): Promise<StoredAnswer<T>> {
  if (!key) return work();
  const requestHash = hashOf(request);
  const inserted = await tx
    .insert(idempotencyKeys)
    .values({ scope, key, request_hash: requestHash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (!inserted.length) {
    const [row] = await tx.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    if (!row || row.request_hash !== requestHash || row.status_code === null) throw new DomainError('IDEMPOTENCY_KEY_REUSED');
    return { status: row.status_code, body: row.response as T };
  }
  const answer = await work();
  await tx
    .update(idempotencyKeys)
    .set({ status_code: answer.status, response: answer.body as object })
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
  return answer;
}
