import { type SQL, sql } from 'drizzle-orm';

import type { Db, Tx } from '../../db/client.js';
import { sqlNow } from '../../db/sql-now.js';
import {
  changesOf,
  type CounterChange,
  normalise,
  UNIT_COLUMNS,
  type UnitCount,
  type UnitRow,
  unitsOfRows,
} from './changes.js';
import { applyChanges, rowsOf, StaleStockLayout } from './counters.js';
import { loadStockLayout } from './layout.js';
import { type OrderStockState, retakeReleasedUnits, type StockDeps } from './order-units.js';

const BATCH = 200;

/**
 * Gives back the units of holds that ran out (of one event, or of every event), exactly once: the order
 * rows are claimed `FOR UPDATE` in id order and marked released (a row another transaction changed
 * meanwhile, completed or already released, no longer matches), their RESERVED attendees become
 * ABANDONED in a conditional update that returns exactly the units it changed, and those units come off
 * the counters in the same transaction. Time is judged by the database's clock (`sqlNow`). The sweep
 * passes `skipLocked`: it leaves an order someone is working on to them instead of waiting. A buyer who
 * found a ticket full waits a moment (`lockWaitMs`), so that when it tries again the units another buyer
 * is releasing right now are back; a longer wait ends the release (55P03) and the buyer tries anyway.
 * Returns how many orders it released.
 */
export async function releaseExpiredHolds(
  db: Db,
  deps: StockDeps,
  eventId: number | null = null,
  opts: { skipLocked?: boolean; lockWaitMs?: number } = {},
): Promise<number> {
  const due = sql`reserved_until <= ${sqlNow(deps.clock)}${eventId === null ? sql`` : sql` and event_id = ${eventId}`}`;
  return releaseHolds(db, deps, due, opts.skipLocked ?? false, opts.lockWaitMs ?? null);
}

/**
 * The organizer cancelled a date: the holds of every checkout on it end now, released exactly as holds
 * that ran out (the orders stay RESERVED, so their buyer cannot complete them: `assertDateStands`). Waits
 * for an order someone is completing (no `SKIP LOCKED`): afterwards it is either released or completed
 * (and then among the date's standing orders). Returns how many orders it released.
 */
export async function releaseDateHolds(db: Db, deps: StockDeps, dateId: number): Promise<number> {
  const onDate = sql`exists (select 1 from order_items oi where oi.order_id = orders.id and oi.event_date_id = ${dateId})`;
  return releaseHolds(db, deps, onDate, false, null);
}

async function releaseHolds(db: Db, deps: StockDeps, which: SQL, skipLocked: boolean, lockWaitMs: number | null) {
  let total = 0;
  for (;;) {
    const released = await releaseBatch(db, deps, which, skipLocked, lockWaitMs);
    total += released;
    if (released < BATCH) return total;
  }
}

/** One batch of the holds `which` picks (a condition on `orders`), claimed in id order and released. */
async function releaseBatch(
  db: Db,
  deps: StockDeps,
  which: SQL,
  skipLocked: boolean,
  lockWaitMs: number | null,
): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        if (lockWaitMs !== null) await tx.execute(sql`select set_config('lock_timeout', ${`${lockWaitMs}ms`}, true)`);
        const now = sqlNow(deps.clock);
        const orders = await rowsOf<{ id: number; event_id: number; promo_code_id: number | null }>(
          tx,
          sql`update orders set hold_released_at = ${now}, updated_at = ${now}
              where id in (select id from orders
                           where status in ('RESERVED', 'PROCESSING') and hold_released_at is null and ${which}
                           order by id limit ${BATCH} for update ${skipLocked ? sql`skip locked` : sql``})
                and status in ('RESERVED', 'PROCESSING') and hold_released_at is null and ${which}
              returning id, event_id, promo_code_id`,
        );
        if (!orders.length) return 0;
        const units = await rowsOf<UnitRow & { event_id: number }>(
          tx,
          sql`update attendees set status = 'ABANDONED', updated_at = ${now}
              where order_id in (${sql.join(
                orders.map((o) => sql`${o.id}`),
                sql`, `,
              )}) and status = 'RESERVED'
              returning event_id, ${sql.raw(UNIT_COLUMNS)}`,
        );
        const changes: CounterChange[] = [];
        const versions = new Map<number, number>();
        const quantities = new Map<number, number | null>();
        for (const id of new Set(orders.map((o) => Number(o.event_id)))) {
          const layout = await loadStockLayout(tx, id);
          layout.versions.forEach((v, k) => versions.set(k, v));
          layout.quantities.forEach((q, k) => quantities.set(k, q));
          const promos = orders.filter((o) => Number(o.event_id) === id && o.promo_code_id !== null);
          changes.push(...changesOf(layout, unitsOfRows(units.filter((u) => Number(u.event_id) === id)), null, -1));
          for (const p of promos) changes.push({ kind: 'promo', id: Number(p.promo_code_id), delta: -1 });
        }
        await applyChanges(tx, normalise(changes), { versions, quantities }, deps.guard);
        return orders.length;
      });
    } catch (err) {
      // An organizer changed a capacity assignment in between: read the layout again.
      if (!(err instanceof StaleStockLayout) || attempt >= 3) throw err;
    }
  }
}

/**
 * Completing, paying for or extending a (locked) order needs its units: while its hold has not been
 * released they are still counted, whatever the time; once released they are taken again through the
 * guarded counters, or StockShortage when they are gone.
 */
export async function ensureHeld(tx: Tx, deps: StockDeps, order: OrderStockState, at: Date): Promise<void> {
  if (order.hold_released_at === null) return;
  await retakeReleasedUnits(tx, deps, order, at);
}

/**
 * The buyer went back and chose again in the same checkout (same token): the earlier RESERVED order of
 * that checkout is to be replaced. Locks it (`FOR UPDATE`) and returns what it holds, to be given back
 * in the same ordered counter change that takes the new choice (a hold already released gives nothing).
 * Nothing is written here: the reservation statement marks the order and its attendees ABANDONED only
 * when the new choice goes through (`Replaced`, checkout/reservation-insert.ts), so a refused choice
 * leaves the earlier hold as it was.
 */
export async function lockEarlierHold(
  tx: Tx,
  eventId: number,
  tokenHash: string,
): Promise<{ orderIds: number[]; units: UnitCount[]; promoIds: number[] }> {
  const orders = await rowsOf<{ id: number; promo_code_id: number | null; hold_released_at: Date | null }>(
    tx,
    sql`select id, promo_code_id, hold_released_at from orders
        where event_id = ${eventId} and checkout_token_hash = ${tokenHash} and status = 'RESERVED'
        order by id for update`,
  );
  if (!orders.length) return { orderIds: [], units: [], promoIds: [] };
  const orderIds = orders.map((o) => Number(o.id));
  const rows = await rowsOf<UnitRow>(
    tx,
    sql`select ${sql.raw(UNIT_COLUMNS)} from attendees where order_id in (${sql.join(
      orderIds.map((id) => sql`${id}`),
      sql`, `,
    )}) and status = 'RESERVED'`,
  );
  return {
    orderIds,
    units: unitsOfRows(rows),
    promoIds: orders
      .filter((o) => o.promo_code_id !== null && o.hold_released_at === null)
      .map((o) => Number(o.promo_code_id)),
  };
}
