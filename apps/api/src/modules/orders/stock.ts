import { sql, type SQL } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.js';

/** Sold and held units of one ticket (tier_id null) or one tier. */
export interface UnitCounts {
  sold: number;
  held: number;
}

export interface StockCounts {
  /** Counts by `${ticketId}` for untiered tickets and by `${ticketId}:${tierId}` for tiers. */
  of(ticketId: number, tierId?: number | null): UnitCounts;
  /** Sold + held over every tier of a ticket, or of the ticket itself. */
  ticketTotal(ticketId: number): UnitCounts;
  /** Sold plus held units over these tickets (null: every ticket of the event). */
  totalOver(ticketIds: number[] | null): number;
}

const ZERO: UnitCounts = { sold: 0, held: 0 };

/** Runs raw SQL; both drivers (pg and PGlite) answer with `rows`. */
async function select<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Counts what is taken of every ticket and tier of an event, by attendee rows (one per unit):
 * ACTIVE attendees are sold; AWAITING_PAYMENT ones (offline orders) and RESERVED ones of an order
 * whose hold has not run out are held. Expired holds count for nothing. `exceptOrderId` leaves one
 * order out (an order re-checking its own hold). Inside the reservation this runs after the locks,
 * so the counts cannot change until commit.
 */
export async function countStock(db: Executor, eventId: number, now: Date, exceptOrderId: number | null = null): Promise<StockCounts> {
  const rows = await select<{ ticket_id: number; tier_id: number | null; sold: number; held: number }>(db, sql`
    select a.ticket_id, a.tier_id,
      count(*) filter (where a.status = 'ACTIVE')::int as sold,
      count(*) filter (where a.status = 'AWAITING_PAYMENT' or (a.status = 'RESERVED' and o.reserved_until > ${now}))::int as held
    from attendees a join orders o on o.id = a.order_id
    where a.event_id = ${eventId} and a.status in ('ACTIVE', 'AWAITING_PAYMENT', 'RESERVED')
      ${exceptOrderId === null ? sql`` : sql`and a.order_id <> ${exceptOrderId}`}
    group by a.ticket_id, a.tier_id`);
  const byKey = new Map<string, UnitCounts>();
  const byTicket = new Map<number, UnitCounts>();
  for (const r of rows) {
    const counts = { sold: Number(r.sold), held: Number(r.held) };
    byKey.set(r.tier_id === null ? `${r.ticket_id}` : `${r.ticket_id}:${r.tier_id}`, counts);
    const t = byTicket.get(Number(r.ticket_id)) ?? { sold: 0, held: 0 };
    byTicket.set(Number(r.ticket_id), { sold: t.sold + counts.sold, held: t.held + counts.held });
  }
  return {
    of: (ticketId, tierId = null) => byKey.get(tierId === null || tierId === undefined ? `${ticketId}` : `${ticketId}:${tierId}`) ?? ZERO,
    ticketTotal: (ticketId) => byTicket.get(ticketId) ?? ZERO,
    totalOver: (ticketIds) => [...byTicket.entries()].filter(([id]) => !ticketIds || ticketIds.includes(id)).reduce((s, [, c]) => s + c.sold + c.held, 0),
  };
}

/** Orders that use up a promo code: completed or awaiting payment, or still holding their reservation. */
export async function promoUses(db: Executor, promoCodeIds: number[], now: Date, exceptOrderId: number | null = null): Promise<Map<number, number>> {
  if (!promoCodeIds.length) return new Map();
  const rows = await select<{ promo_code_id: number; n: number }>(db, sql`
    select promo_code_id, count(*)::int as n from orders
    where promo_code_id in (${sql.join(promoCodeIds.map((id) => sql`${id}`), sql`, `)})
      and (status in ('COMPLETED', 'AWAITING_PAYMENT', 'PROCESSING') or (status = 'RESERVED' and reserved_until > ${now}))
      ${exceptOrderId === null ? sql`` : sql`and id <> ${exceptOrderId}`}
    group by promo_code_id`);
  return new Map(rows.map((r) => [Number(r.promo_code_id), Number(r.n)]));
}

/** Tickets that have ever been in an order, even an abandoned checkout (they can only be hidden, not deleted). */
export async function ticketsWithOrders(db: Executor, ticketIds: number[]): Promise<Set<number>> {
  if (!ticketIds.length) return new Set();
  const rows = await select<{ ticket_id: number }>(db, sql`
    select distinct ticket_id from order_items where ticket_id in (${sql.join(ticketIds.map((id) => sql`${id}`), sql`, `)})`);
  return new Set(rows.map((r) => Number(r.ticket_id)));
}

/** Tiers that have ever been in an order (they can only be hidden, not deleted). */
export async function tiersWithSales(db: Executor, tierIds: number[]): Promise<Set<number>> {
  if (!tierIds.length) return new Set();
  const rows = await select<{ tier_id: number }>(db, sql`
    select distinct tier_id from order_items where tier_id in (${sql.join(tierIds.map((id) => sql`${id}`), sql`, `)})`);
  return new Set(rows.map((r) => Number(r.tier_id)));
}

/** What the reservation locks: every row whose stock it consumes. */
export interface StockTargets {
  ticketIds: number[];
  capacityIds: number[];
  promoCodeId: number | null;
}

/**
 * How the rows being consumed are locked. The real strategy takes row locks; the concurrency suite's
 * control run swaps in `noStockLocks` to show the harness catches a double sale without them.
 */
export interface StockLockStrategy {
  lock(tx: Tx, targets: StockTargets): Promise<void>;
}

const ids = (list: number[]) => sql.join([...new Set(list)].sort((a, b) => a - b).map((id) => sql`${id}`), sql`, `);

/**
 * `SELECT ... FOR UPDATE` in one fixed order (tickets, then capacity assignments, then the promo
 * code; ids ascending within each), so two checkouts never wait on each other in a cycle. Locking a
 * ticket row covers its tiers: every purchase of a tier locks its ticket first.
 */
export const rowStockLocks: StockLockStrategy = {
  async lock(tx, t) {
    if (t.ticketIds.length) await tx.execute(sql`select id from tickets where id in (${ids(t.ticketIds)}) order by id for update`);
    if (t.capacityIds.length) await tx.execute(sql`select id from capacity_assignments where id in (${ids(t.capacityIds)}) order by id for update`);
    if (t.promoCodeId !== null) await tx.execute(sql`select id from promo_codes where id = ${t.promoCodeId} for update`);
  },
};

/** No locks at all: only for the concurrency suite's control run. */
export const noStockLocks: StockLockStrategy = { lock: async () => {} };

/**
 * Whether an event has orders that count: anything but abandoned checkouts and holds that ran out.
 * Such an event can only be archived, and its currency no longer changes.
 */
export async function eventHasOrders(db: Executor, eventId: number, now: Date): Promise<boolean> {
  const rows = await select<{ n: number }>(db, sql`
    select count(*)::int as n from orders
    where event_id = ${eventId} and status <> 'ABANDONED' and (status <> 'RESERVED' or reserved_until > ${now})`);
  return Number(rows[0]?.n ?? 0) > 0;
}
