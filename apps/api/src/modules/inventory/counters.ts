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

/**
 * Where each counter lives and which column limits it. A ticket's link counts nothing (what it took is kept per
 * date, see `ticket_date`): it share-locks the ticket's row and checks its version (see `counterChain`). Tiers and
 * capacity assignments count per date too (`PER_DATE`); the other kinds have one row each.
 */
const COUNTERS: Record<CounterKind, { table: string; limit: string | null }> = {
  ticket: { table: 'tickets', limit: null },
  tier: { table: 'ticket_tiers', limit: 'quantity' },
  ticket_date: { table: 'ticket_dates', limit: 'quantity' },
  date: { table: 'event_dates', limit: 'capacity' },
  capacity: { table: 'capacity_assignments', limit: 'capacity' },
  seat: { table: 'seating_seats', limit: 'places' },
  promo: { table: 'promo_codes', limit: 'max_uses' },
};

/**
 * A tier's or a capacity assignment's counter on one date: a row of `table` keyed by the limit's row (`key`) and the
 * date, made by the first unit taken there; its limit is the column of the limit's row (in COUNTERS), per date.
 */
const PER_DATE: Partial<Record<CounterKind, { table: string; key: string }>> = {
  tier: { table: 'tier_dates', key: 'tier_id' },
  capacity: { table: 'capacity_dates', key: 'capacity_assignment_id' },
  seat: { table: 'seat_dates', key: 'seat_id' },
};

/** The limit of a per-date counter: its limit row's column, read once the chain holds its ticket (`perDateLink`). */
const perDateLimit = (c: CounterChange) =>
  sql`(select ${sql.raw(COUNTERS[c.kind].limit!)} from ${sql.raw(COUNTERS[c.kind].table)} where id = ${c.id})`;

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

/** On the locked row of a ticket on a date: the ticket's waitlist is closed, or nobody waits for it on that date. */
const noneWaiting = sql.raw(
  `not exists (select 1 from waitlist_entries w join tickets t on t.id = w.ticket_id and t.waitlist_enabled
    where w.ticket_id = ticket_dates.ticket_id and w.event_date_id = ticket_dates.event_date_id and w.status = 'WAITING')`,
);

/** Who takes: a buyer (waitlists first, only dates on sale) or the house (organizer edits, offers, retakes). */
export interface ChainOptions {
  /**
   * A buyer's reservation: a ticket whose waitlist is open takes nothing on a date while anyone waits for it
   * there (units that come back are theirs first; offers take them without this), and only dates on sale sell.
   */
  buyer?: boolean;
}

/** The row a link changes, and its limit as of the locked row. */
function target(c: CounterChange, layout: Pick<StockLayout, 'quantities'>): { where: SQL; limit: SQL | null } {
  if (c.kind === 'ticket_date') {
    // Its own quantity on this date, else the ticket's, which the ticket's link (earlier in the chain,
    // holding the ticket's lock and checking its version) has proven current.
    const own = layout.quantities.get(c.id);
    return {
      where: sql`ticket_id = ${c.id} and event_date_id = ${c.dateId ?? -1}`,
      limit: sql`coalesce(quantity, ${own ?? null}::int)`,
    };
  }
  const limit = COUNTERS[c.kind].limit;
  return { where: sql`id = ${c.id}`, limit: limit === null ? null : sql.raw(limit) };
}

/**
 * A ticket's link: its row share-locked at the version the change was planned with. Sales of any dates hold it
 * together; an organizer's edit of what limits the ticket (quantity, tiers, capacity coverage) locks it for update,
 * so it waits for the sales under way and the sales after it find a new version (the plan is made again). No
 * row: the version moved or the ticket is gone, and the chain stops.
 */
function ticketLink(i: number, c: CounterChange, layout: Pick<StockLayout, 'versions'>, precondition: SQL | null): SQL {
  const conditions: SQL[] = [sql`id = ${c.id}`, sql`stock_version = ${layout.versions.get(c.id) ?? -1}`];
  if (precondition) conditions.push(sql`(${precondition})`);
  if (i > 0) conditions.push(sql`exists (select 1 from ${link(i - 1)})`);
  return sql`${link(i)} as (select 1 as id from tickets where ${sql.join(conditions, sql` and `)} for share of tickets)`;
}

/**
 * A place may be taken: no hold of its event keeps it (a buyer), or none kills it (the house may seat someone on a
 * held seat). Holds change only under their tickets' locks (seating/seat-holds.ts), which the chain holds shared.
 */
const placeOpen = (c: CounterChange, buyer: boolean) =>
  sql`not exists (select 1 from seat_hold_places hp join seat_holds h on h.id = hp.hold_id
      where hp.event_id = (select event_id from event_dates where id = ${c.dateId ?? -1}) and hp.seat_id = ${c.id}
      ${buyer ? sql`` : sql`and h.kind = 'KILL'`})`;

/**
 * A per-date counter's link (a tier or a capacity assignment on a date). Taking inserts its row or, when the date
 * has one, adds to it under its row lock; either way within the limit as of the lock (an insert that meets a row
 * another transaction is making waits for it, then adds). Giving back subtracts from the row. The limit's row is not
 * locked: every edit of a tier or of a capacity assignment locks the tickets concerned for update and moves their
 * versions, and a chain taking on a tier or a capacity holds one of those tickets shared, at its version, before.
 */
function perDateLink(
  i: number,
  c: CounterChange,
  guard: StockGuard,
  precondition: SQL | null,
  previous: SQL | null,
  buyer: boolean,
) {
  const { table, key } = PER_DATE[c.kind]!;
  const gates = [precondition, previous].filter((g): g is SQL => g !== null);
  if (c.delta < 0) {
    const conditions = [sql.raw(`${key} = ${c.id}`), sql`event_date_id = ${c.dateId ?? -1}`, ...gates];
    return sql`${link(i)} as (update ${sql.raw(table)} set taken = taken + ${c.delta} where ${sql.join(conditions, sql` and `)} returning 1 as id)`;
  }
  const limit = perDateLimit(c);
  const fresh = [guard.fits(sql`0`, limit, c.delta), ...gates];
  if (c.kind === 'seat') fresh.push(placeOpen(c, buyer));
  return sql`${link(i)} as (insert into ${sql.raw(table)} as c (${sql.raw(key)}, event_date_id, taken)
    select ${c.id}, ${c.dateId ?? -1}, ${c.delta} where ${sql.join(fresh, sql` and `)}
    on conflict (${sql.raw(key)}, event_date_id) do update set taken = c.taken + excluded.taken
    where ${guard.fits(sql.raw('c.taken'), limit, c.delta)} returning 1 as id)`;
}

/**
 * Builds the chain for already normalised changes (one per counter, in lock order). Each link is one
 * `UPDATE ... SET taken = taken + d WHERE <row> [AND guard] AND <previous link changed its row> RETURNING 1`
 * (a ticket's is its shared lock: `ticketLink`): the previous link is an uncorrelated condition the planner checks
 * before reading the row, so the row locks are taken one by one in the chain's order and the chain stops
 * at the first counter that does not fit; the guard is evaluated on the row as it is once locked
 * (PostgreSQL re-checks an updated row's condition after waiting for its lock). A `precondition`
 * (evaluated once, before the first row is locked) gates the whole chain. Nothing is ever taken on a
 * cancelled date; see `ChainOptions` for what a buyer cannot take.
 */
export function counterChain(
  changes: readonly CounterChange[],
  layout: Pick<StockLayout, 'versions' | 'quantities'>,
  guard: StockGuard,
  precondition: SQL | null = null,
  options: ChainOptions = {},
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
    if (c.kind === 'ticket') return ticketLink(i, c, layout, i === 0 ? precondition : null);
    const previous = i > 0 ? sql`exists (select 1 from ${link(i - 1)})` : null;
    if (PER_DATE[c.kind]) return perDateLink(i, c, guard, i === 0 ? precondition : null, previous, !!options.buyer);
    const { where, limit } = target(c, layout);
    const conditions: SQL[] = [where];
    // Whatever must hold before anything is taken (the client's fairness caps) gates the first link.
    if (i === 0 && precondition) conditions.push(sql`(${precondition})`);
    if (c.delta > 0 && limit) conditions.push(guard.fits(sql.raw('taken'), limit, c.delta));
    if (c.delta > 0 && c.kind === 'ticket_date' && options.buyer) conditions.push(noneWaiting);
    if (c.kind === 'date' && c.delta >= 0)
      conditions.push(options.buyer ? sql.raw(`status = 'ON_SALE'`) : sql.raw(`status <> 'CANCELLED'`));
    if (previous) conditions.push(previous);
    return sql`${link(i)} as (update ${sql.raw(COUNTERS[c.kind].table)} set taken = taken + ${c.delta} where ${sql.join(conditions, sql` and `)} returning 1 as id)`;
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
 * gone (the layout was stale), that cannot take its units (a real shortage), or whose date no longer
 * sells (a shortage too). A chain that would fit by now (someone gave units back meanwhile) is reported
 * as a shortage of its first taking counter; the reservation tries once more anyway.
 */
export async function explainShortfall(
  db: Executor,
  changes: readonly CounterChange[],
  layout: Pick<StockLayout, 'versions' | 'quantities'>,
  options: ChainOptions = {},
): Promise<StockShortage | StaleStockLayout> {
  // Nothing was to be taken, so nothing can be short: whatever stopped it, plan again.
  if (!changes.length) return new StaleStockLayout(0);
  const ids = (kind: CounterKind) => changes.filter((c) => c.kind === kind);
  const idList = (cs: CounterChange[], of: (c: CounterChange) => number) =>
    sql.join(
      cs.map((c) => sql`${of(c)}`),
      sql`, `,
    );
  const reads: SQL[] = [];
  for (const kind of Object.keys(COUNTERS) as CounterKind[]) {
    const these = ids(kind);
    if (!these.length) continue;
    if (kind === 'ticket_date')
      reads.push(sql`select 'ticket_date' as kind, ticket_id as id, event_date_id as date_id, taken, quantity as "limit", null::int as version, null::text as status
                     from ticket_dates where ticket_id in (${idList(these, (c) => c.id)}) and event_date_id in (${idList(these, (c) => c.dateId ?? -1)})`);
    else if (PER_DATE[kind]) {
      // Its limit row with what it took on each date named (nothing yet where the date has no row).
      const { table, key } = PER_DATE[kind]!;
      const { table: parent, limit } = COUNTERS[kind];
      const named = sql.join(
        these.map((c) => sql`(${c.id}::int, ${c.dateId ?? -1}::int)`),
        sql`, `,
      );
      reads.push(sql`select ${kind}::text as kind, p.id, v.date_id, coalesce(r.taken, 0) as taken, p.${sql.raw(limit!)} as "limit",
                     null::int as version, null::text as status
                     from (values ${named}) v(id, date_id) join ${sql.raw(parent)} p on p.id = v.id
                     left join ${sql.raw(table)} r on r.${sql.raw(key)} = v.id and r.event_date_id = v.date_id`);
    } else {
      const { table, limit } = COUNTERS[kind];
      reads.push(sql`select ${kind}::text as kind, id, null::int as date_id, ${sql.raw(kind === 'ticket' ? '0' : 'taken')} as taken, ${sql.raw(limit ?? 'null::int')} as "limit",
                     ${kind === 'ticket' ? sql`stock_version` : sql`null::int`} as version, ${kind === 'date' ? sql`status` : sql`null::text`} as status
                     from ${sql.raw(table)} where id in (${idList(these, (c) => c.id)})`);
    }
  }
  const rows = await rowsOf<{
    kind: CounterKind;
    id: number;
    date_id: number | null;
    taken: number;
    limit: number | null;
    version: number | null;
    status: string | null;
  }>(db, sql.join(reads, sql` union all `));
  const keyOf = (kind: string, id: number, dateId: number | null | undefined) => `${kind}:${id}:${dateId ?? ''}`;
  const dateOf = (r: (typeof rows)[number]) => (r.date_id === null ? null : Number(r.date_id));
  const byKey = new Map(rows.map((r) => [keyOf(r.kind, Number(r.id), dateOf(r)), r]));
  for (const c of changes) {
    const row = byKey.get(keyOf(c.kind, c.id, c.dateId));
    if (c.kind === 'ticket' && (!row || Number(row.version) !== layout.versions.get(c.id)))
      return new StaleStockLayout(c.id);
    if (!row) return c.kind === 'promo' || c.kind === 'date' ? new StockShortage(c) : new StaleStockLayout(c.id);
    const limit = c.kind === 'ticket_date' ? (row.limit ?? layout.quantities.get(c.id) ?? null) : row.limit;
    if (c.delta > 0 && limit !== null && Number(row.taken) + c.delta > Number(limit)) return new StockShortage(c);
    if (c.kind === 'date' && c.delta >= 0 && (options.buyer ? row.status !== 'ON_SALE' : row.status === 'CANCELLED'))
      return new StockShortage(c);
  }
  // A place kept off sale meanwhile.
  for (const c of changes.filter((x) => x.kind === 'seat' && x.delta > 0)) {
    const [open] = await rowsOf<{ open: boolean }>(db, sql`select ${placeOpen(c, !!options.buyer)} as open`);
    if (!open?.open) return new StockShortage(c);
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
  layout: Pick<StockLayout, 'versions' | 'quantities'>,
  guard: StockGuard,
  options: ChainOptions = {},
): Promise<void> {
  if (!changes.length) return;
  const chain = counterChain(changes, layout, guard, null, options);
  const [row] = await rowsOf<{ outcome: number[] }>(tx, sql`with ${chain.ctes} select ${chain.outcome} as outcome`);
  if (row!.outcome.map(Number).every((n) => n === 1)) return;
  throw await explainShortfall(tx, changes, layout, options);
}
