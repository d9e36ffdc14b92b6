import { createHash } from 'node:crypto';

import { and, eq, type SQL, sql } from 'drizzle-orm';

import type { Db, Tx } from '../../db/client.js';
import { idempotencyKeys } from '../../db/schema/index.js';
import { DomainError } from '../../shared/errors.js';

export interface StoredAnswer<T> {
  status: number;
  body: T;
}

const hashOf = (value: unknown) =>
  createHash('sha256')
    .update(JSON.stringify(value ?? null))
    .digest('hex');

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
  const requestHash = hashOf(request);
  const inserted = await tx
    .insert(idempotencyKeys)
    .values({ scope, key, request_hash: requestHash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (!inserted.length) {
    const [row] = await tx
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    if (!row || row.request_hash !== requestHash || row.status_code === null)
      throw new DomainError('IDEMPOTENCY_KEY_REUSED');
    return { status: row.status_code, body: row.response as T };
  }
  const answer = await work();
  await tx
    .update(idempotencyKeys)
    .set({ status_code: answer.status, response: answer.body as object })
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
  return answer;
}

/**
 * The first statement of a reservation: claims the idempotency key (a concurrent repeat waits on it, as in
 * `once`) and takes `lock` (the client's fairness lock) in the same round trip. Returns null when the key
 * is new (or there is none): the caller then does the work and stores its answer with `storeAnswer` in
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
  const requestHash = hashOf(request);
  const { rows } = (await tx.execute(
    sql`with k as (insert into idempotency_keys (scope, key, request_hash) values (${scope}, ${key}, ${requestHash}) on conflict do nothing returning key)
        select (select count(*) from k)::int as fresh ${lock ? sql`, ${lock} is null as locked` : sql``}`,
  )) as unknown as { rows: Array<{ fresh: number }> };
  if (Number(rows[0]!.fresh) === 1) return null;
  const [row] = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
  if (!row || row.request_hash !== requestHash || row.status_code === null)
    throw new DomainError('IDEMPOTENCY_KEY_REUSED');
  return { status: row.status_code, body: row.response as T };
}

/** SQL that records the answer of a claimed key, to run inside the statement that does the work. */
export const storeAnswer = (scope: string, key: string, answer: StoredAnswer<unknown>): SQL =>
  sql`update idempotency_keys set status_code = ${answer.status}, response = ${JSON.stringify(answer.body)}::jsonb where scope = ${scope} and key = ${key}`;

/** SQL that gives a claimed key back (its work took nothing), so a repeat may try again. */
export const releaseKey = (scope: string, key: string): SQL =>
  sql`delete from idempotency_keys where scope = ${scope} and key = ${key} and status_code is null`;

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

/** How long a key is remembered: a retry within a day gets the first answer; later the key is free again. */
export const IDEMPOTENCY_KEY_HOURS = 24;

/** Forgets keys (the checkout's and API keys') older than a day; run by the worker every hour. */
export async function purgeIdempotencyKeys(db: Db | Tx): Promise<number> {
  const gone = await db.execute(
    sql`delete from idempotency_keys where created_at < now() - make_interval(hours => ${IDEMPOTENCY_KEY_HOURS})`,
  );
  return (
    (gone as unknown as { rowCount?: number; affectedRows?: number }).rowCount ??
    (gone as unknown as { affectedRows?: number }).affectedRows ??
    0
  );
}
