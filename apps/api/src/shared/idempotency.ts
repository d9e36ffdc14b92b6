import { createHash } from 'node:crypto';

import { and, eq, type SQL, sql } from 'drizzle-orm';

import type { Executor } from '../db/client.js';
import { idempotencyKeys } from '../db/schema/index.js';
import { DomainError } from './errors.js';

/**
 * Idempotency keys, for the buyer's checkout (checkout/idempotency.ts) and every write an API key
 * makes (plugins/key-idempotency.ts). A key is a row in `idempotency_keys` per (scope, key): the
 * first request inserts it (claims it), does its work and keeps its answer in the row; a repeat of
 * the same request gets that answer; the same key with another request is refused. The scope says
 * whose key it is (a checkout token, an address, an API key): keys of two clients never meet.
 */

/** The answer kept for a key: what a repeat of the request receives. */
export interface StoredAnswer<T> {
  status: number;
  body: T;
}

/** How long a key is remembered: a retry within a day gets the first answer; later the key is free again. */
export const IDEMPOTENCY_KEY_HOURS = 24;

/** The fingerprint of a request, kept with its key: a repeat must send the same. */
export const requestHashOf = (request: unknown): string =>
  createHash('sha256')
    .update(JSON.stringify(request ?? null))
    .digest('hex');

const whereKey = (scope: string, key: string) => and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));

/**
 * Claims a key for a request: true when this call inserted it (the work is this caller's to do).
 * Inside a transaction, a concurrent claim of the same key waits here until the first one ends.
 */
export async function claimIdempotencyKey(db: Executor, scope: string, key: string, hash: string): Promise<boolean> {
  const claimed = await db
    .insert(idempotencyKeys)
    .values({ scope, key, request_hash: hash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return claimed.length > 0;
}

/**
 * The answer kept for a key someone claimed before: null while its work is still running.
 * IDEMPOTENCY_KEY_REUSED when the key was claimed for another request (or is gone again).
 */
export async function earlierAnswer<T>(
  db: Executor,
  scope: string,
  key: string,
  hash: string,
): Promise<StoredAnswer<T> | null> {
  const [row] = await db.select().from(idempotencyKeys).where(whereKey(scope, key));
  if (!row || row.request_hash !== hash) throw new DomainError('IDEMPOTENCY_KEY_REUSED');
  return row.status_code === null ? null : { status: row.status_code, body: row.response as T };
}

/** Keeps the answer of a claimed key (`body` null: an answer without one, such as 204). */
export async function keepAnswer(db: Executor, scope: string, key: string, answer: StoredAnswer<unknown>) {
  await db
    .update(idempotencyKeys)
    .set({ status_code: answer.status, response: answer.body as object | null })
    .where(whereKey(scope, key));
}

/** Frees a claimed key whose work did not succeed, so a retry runs again. */
export async function freeIdempotencyKey(db: Executor, scope: string, key: string) {
  await db.delete(idempotencyKeys).where(whereKey(scope, key));
}

/** `keepAnswer` as SQL, to run inside the statement that does the work (the reservation). */
export const keepAnswerSql = (scope: string, key: string, answer: StoredAnswer<unknown>): SQL =>
  sql`update idempotency_keys set status_code = ${answer.status}, response = ${JSON.stringify(answer.body)}::jsonb where scope = ${scope} and key = ${key}`;

/** SQL that gives back a claimed key whose work took nothing, so a repeat may try again. */
export const freeKeySql = (scope: string, key: string): SQL =>
  sql`delete from idempotency_keys where scope = ${scope} and key = ${key} and status_code is null`;

/** Forgets keys older than a day; run by the worker every hour. */
export async function purgeIdempotencyKeys(db: Executor): Promise<number> {
  const gone = await db.execute(
    sql`delete from idempotency_keys where created_at < now() - make_interval(hours => ${IDEMPOTENCY_KEY_HOURS})`,
  );
  return (
    (gone as unknown as { rowCount?: number; affectedRows?: number }).rowCount ??
    (gone as unknown as { affectedRows?: number }).affectedRows ??
    0
  );
}
