import { type SQL, sql } from 'drizzle-orm';

import type { Db, Tx } from '../../db/client.js';
import { DomainError } from '../../shared/errors.js';
import {
  claimIdempotencyKey,
  earlierAnswer,
  keepAnswer,
  requestHashOf,
  type StoredAnswer,
} from '../../shared/idempotency.js';

/** The buyer's checkout on the idempotency keys of shared/idempotency.ts. */

/**
 * Whose key a buyer's Idempotency-Key is: the checkout token's hash when the request carries one,
 * otherwise the pseudonym of its connection address (`clientKeyOf`). Keys are kept per client: the
 * same key and body from another client is simply another key (a new reservation, a step run again
 * and checked again), never the first client's answer, which carries that buyer's order secret and
 * checkout token (issue #37, hole 1).
 */
export const clientScopeOf = (tokenHash: string | null, clientKey: string): string =>
  tokenHash ? `t:${tokenHash}` : `a:${clientKey}`;

/**
 * Runs `work` at most once per (scope, key), inside the caller's transaction: the key row is
 * inserted first, so a concurrent repeat waits on it and then finds the stored answer; when `work`
 * fails the transaction rolls back and the key is free again (errors consume nothing). Without a
 * key the work simply runs.
 */
export async function once<T>(
  tx: Tx,
  scope: string,
  key: string | undefined,
  request: unknown,
  work: () => Promise<StoredAnswer<T>>,
): Promise<StoredAnswer<T>> {
  if (!key) return work();
  const hash = requestHashOf(request);
  if (!(await claimIdempotencyKey(tx, scope, key, hash))) {
    // A repeat waited on the claim's row until the first transaction ended: its answer is kept.
    const earlier = await earlierAnswer<T>(tx, scope, key, hash);
    if (!earlier) throw new DomainError('IDEMPOTENCY_KEY_REUSED');
    return earlier;
  }
  const answer = await work();
  await keepAnswer(tx, scope, key, answer);
  return answer;
}

/**
 * The first statement of a reservation: claims the idempotency key (a concurrent repeat waits on it, as in
 * `once`) and takes `lock` (the client's fairness lock) in the same round trip. Returns null when the key
 * is new (or there is none): the caller then does the work and stores its answer with `keepAnswerSql` in
 * the same transaction; otherwise the stored answer of the first request.
 */
export async function claimKey<T>(
  tx: Tx,
  scope: string,
  key: string | undefined,
  request: unknown,
  lock: SQL | null,
): Promise<StoredAnswer<T> | null> {
  if (!key) {
    if (lock) await tx.execute(sql`select ${lock}`);
    return null;
  }
  const hash = requestHashOf(request);
  const { rows } = (await tx.execute(
    sql`with k as (insert into idempotency_keys (scope, key, request_hash) values (${scope}, ${key}, ${hash}) on conflict do nothing returning key)
        select (select count(*) from k)::int as fresh ${lock ? sql`, ${lock} is null as locked` : sql``}`,
  )) as unknown as { rows: Array<{ fresh: number }> };
  if (Number(rows[0]!.fresh) === 1) return null;
  const earlier = await earlierAnswer<T>(tx, scope, key, hash);
  if (!earlier) throw new DomainError('IDEMPOTENCY_KEY_REUSED');
  return earlier;
}

/**
 * A buyer's checkout step in one transaction, done at most once per idempotency key (a repeat changes
 * nothing and writes no mail). `gate` runs first and locks the step's order, refusing (404) a request
 * without the order's secret before the key is even looked at: a stored answer is never given to
 * anyone who could not run the step, and a repeat waits on the order's lock for the first to finish.
 * Returns the outbox ids the step wrote, to deliver after commit.
 */
export async function stepOnce<O>(
  db: Db,
  scope: string,
  key: string | undefined,
  request: unknown,
  gate: (tx: Tx) => Promise<O>,
  run: (tx: Tx, order: O) => Promise<number[]>,
): Promise<number[]> {
  let mails: number[] = [];
  await db.transaction(async (tx) => {
    const order = await gate(tx);
    return once<{ done: true }>(tx, scope, key, request, async () => {
      mails = await run(tx, order);
      return { status: 200, body: { done: true } };
    });
  });
  return mails;
}
