import { type SQL, sql } from 'drizzle-orm';

import type { Executor, Tx } from '../../db/client.js';
import type { CounterChange, CounterKind, StockLayout } from './changes.js';

/**
 * How a counter may grow. The real guard allows it only within the limit read from the locked row; the
 * concurrency suite's control run injects one that allows anything, to show its harness sees an oversell.
 */
export interface StockGuard {
  /** The condition under which `taken` may grow by `delta` when the row's limit is `limit` (null: none). */
  fits(taken: SQL, limit: SQL, delta: number): SQL;
}

/** Taking never goes past the limit in the row, as it is when the row lock is ours. */
export const guardedStock: StockGuard = {
  fits: (taken, limit, delta) => sql`(${limit} is null or ${taken} + ${delta} <= ${limit})`,
};

const COUNTERS: Record<CounterKind, { table: string; limit: string }> = {
  ticket: { table: 'tickets', limit: 'quantity' },
  tier: { table: 'ticket_tiers', limit: 'quantity' },
  capacity: { table: 'capacity_assignments', limit: 'capacity' },
  promo: { table: 'promo_codes', limit: 'max_uses' },
};

/** A counter change the database refused: over its limit, or its row is gone. */
export class StockShortage extends Error {
  constructor(readonly change: CounterChange) {
    super(`not enough stock: ${change.kind} ${change.id}`);
  }
}

/** The layout a change was planned with is out of date (an organizer changed what limits a ticket). */
export class StaleStockLayout extends Error {
  constructor(readonly ticketId: number) {
    super(`stock layout changed for ticket ${ticketId}`);
  }
}

/** SQL pieces of one chain of guarded counter updates, to run alone or in front of other statements. */
export interface CounterChain {
  /** `s0 as (update ...), s1 as (...)`: each runs only if the one before it changed its row. */
  ctes: SQL;
  /** True when every counter took its change (the last link changed its row). */
  complete: SQL;
  /** How many rows each link changed (1 or 0), in order. */
  outcome: SQL;
}

const link = (i: number) => sql.raw(`s${i}`);

/** On the locked ticket row: its waitlist is closed, or nobody is waiting on it. */
const noneWaiting = sql.raw(
  `(not waitlist_enabled or not exists (select 1 from waitlist_entries w where w.ticket_id = tickets.id and w.status = 'WAITING'))`,
);

/**
 * Builds the chain for already normalised changes (one per counter, in lock order). Each link is one
 * `UPDATE ... SET taken = taken + d WHERE id = ? [AND guard] [AND ticket version] AND <previous link
 * changed its row> RETURNING id`: the previous link is an uncorrelated condition the planner checks
 * before reading the row, so the row locks are taken one by one in the chain's order and the chain stops
 * at the first counter that does not fit; the guard is evaluated on the row as it is once locked
 * (PostgreSQL re-checks an updated row's condition after waiting for its lock). A `precondition`
 * (evaluated once, before the first row is locked) gates the whole chain. With `waitlistFirst` (a buyer's
 * reservation), a ticket whose waitlist is open takes nothing while anyone is waiting on it: units that
 * come back are theirs first (offers take them without it, modules/waitlist).
 */
export function counterChain(
  changes: readonly CounterChange[],
  layout: Pick<StockLayout, 'versions'>,
  guard: StockGuard,
  precondition: SQL | null = null,
  waitlistFirst = false,
): CounterChain {
  if (!changes.length) {
    // Nothing to take (a buyer choosing the very same tickets again): only the precondition gates what follows.
    return {
      ctes: sql`s0 as (select 1 as id where ${precondition ?? sql`true`})`,
      complete: sql`exists (select 1 from s0)`,
      outcome: sql`array[(select count(*) from s0)::int]`,
    };
  }
  const links = changes.map((c, i) => {
    const { table, limit } = COUNTERS[c.kind];
    const conditions: SQL[] = [sql`id = ${c.id}`];
    // Whatever must hold before anything is taken (the client's fairness caps) gates the first link.
    if (i === 0 && precondition) conditions.push(sql`(${precondition})`);
    if (c.kind === 'ticket') conditions.push(sql`stock_version = ${layout.versions.get(c.id) ?? -1}`);
    if (c.delta > 0) conditions.push(guard.fits(sql.raw('taken'), sql.raw(limit), c.delta));
    if (c.delta > 0 && c.kind === 'ticket' && waitlistFirst) conditions.push(noneWaiting);
    if (i > 0) conditions.push(sql`exists (select 1 from ${link(i - 1)})`);
    return sql`${link(i)} as (update ${sql.raw(table)} set taken = taken + ${c.delta} where ${sql.join(conditions, sql` and `)} returning id)`;
  });
  return {
    ctes: sql.join(links, sql`, `),
    complete: sql`exists (select 1 from ${link(changes.length - 1)})`,
    outcome: sql`array[${sql.join(
      changes.map((_, i) => sql`(select count(*) from ${link(i)})::int`),
      sql`, `,
    )}]::int[]`,
  };
}

/** Runs raw SQL; both drivers (pg and PGlite) answer with `rows`. */
export async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Why a chain of `changes` could not go through: reads every counter it names (in the same transaction
 * after a stop, or just after a rollback) and finds the first whose ticket version moved or whose row is
 * gone (the layout was stale), or that cannot take its units (a real shortage). A chain that would fit
 * by now (someone gave units back meanwhile) is reported as a shortage of its first taking counter; the
 * reservation tries once more anyway.
 */
export async function explainShortfall(
  db: Executor,
  changes: readonly CounterChange[],
  layout: Pick<StockLayout, 'versions'>,
): Promise<StockShortage | StaleStockLayout> {
  // Nothing was to be taken, so nothing can be short: whatever stopped it, plan again.
  if (!changes.length) return new StaleStockLayout(0);
  const reads = (Object.keys(COUNTERS) as CounterKind[])
    .map((kind) => ({ kind, ids: changes.filter((c) => c.kind === kind).map((c) => c.id) }))
    .filter((r) => r.ids.length)
    .map(({ kind, ids }) => {
      const { table, limit } = COUNTERS[kind];
      return sql`select ${kind}::text as kind, id, taken, ${sql.raw(limit)} as "limit", ${kind === 'ticket' ? sql`stock_version` : sql`null::int`} as version
                 from ${sql.raw(table)} where id in (${sql.join(
                   ids.map((id) => sql`${id}`),
                   sql`, `,
                 )})`;
    });
  const rows = await rowsOf<{
    kind: CounterKind;
    id: number;
    taken: number;
    limit: number | null;
    version: number | null;
  }>(db, sql.join(reads, sql` union all `));
  const byKey = new Map(rows.map((r) => [`${r.kind}:${Number(r.id)}`, r]));
  for (const c of changes) {
    const row = byKey.get(`${c.kind}:${c.id}`);
    if (c.kind === 'ticket' && (!row || Number(row.version) !== layout.versions.get(c.id)))
      return new StaleStockLayout(c.id);
    if (!row) return c.kind === 'promo' ? new StockShortage(c) : new StaleStockLayout(c.id);
    if (c.delta > 0 && row.limit !== null && Number(row.taken) + c.delta > Number(row.limit))
      return new StockShortage(c);
  }
  return new StockShortage(changes.find((c) => c.delta > 0) ?? changes[0]!);
}

/**
 * Applies normalised counter changes inside the caller's transaction, in one statement. Throws
 * StockShortage (a counter would pass its limit) or StaleStockLayout; the caller's transaction must then
 * roll back (some counters before the stop did change).
 */
export async function applyChanges(
  tx: Tx,
  changes: readonly CounterChange[],
  layout: Pick<StockLayout, 'versions'>,
  guard: StockGuard,
): Promise<void> {
  if (!changes.length) return;
  const chain = counterChain(changes, layout, guard);
  const [row] = await rowsOf<{ outcome: number[] }>(tx, sql`with ${chain.ctes} select ${chain.outcome} as outcome`);
  if (row!.outcome.map(Number).every((n) => n === 1)) return;
  throw await explainShortfall(tx, changes, layout);
}
