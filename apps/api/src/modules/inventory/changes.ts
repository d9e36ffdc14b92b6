/**
 * What a change of stock does to the counters, as pure data (no I/O). Every unit of a ticket (or of one
 * tier of a tiered ticket) counts on the ticket, on its tier, and on every limiting capacity assignment
 * that covers the ticket; an order with a promo code counts once on the code. Changes are applied in
 * one fixed order (docs/LOCKING.md): kind (tickets, tiers, capacity assignments, promo codes), then id.
 */

export type CounterKind = 'ticket' | 'tier' | 'capacity' | 'promo';

/** The one lock order: two transactions never wait on each other in a cycle. */
export const KIND_ORDER: readonly CounterKind[] = ['ticket', 'tier', 'capacity', 'promo'];

/** One counter moving by `delta` (positive: taken, checked against its limit; negative: given back). */
export interface CounterChange {
  kind: CounterKind;
  id: number;
  delta: number;
}

/** Units of one ticket, or of one tier of a tiered ticket. */
export interface UnitCount {
  ticketId: number;
  tierId: number | null;
  quantity: number;
}

/** A capacity assignment that limits (enabled, with a capacity): 'ALL' covers every ticket of the event. */
export interface LimitingCapacity {
  id: number;
  applies_to: 'ALL' | readonly number[];
}

/**
 * What the counters of an event look like to a change: which capacity assignments cover which ticket,
 * and the version of each ticket this was read at. The version is checked by the guarded update itself,
 * so a layout read before the transaction (or from a cache) is never trusted when it is out of date.
 */
export interface StockLayout {
  eventId: number;
  versions: ReadonlyMap<number, number>;
  capacities: readonly LimitingCapacity[];
}

const covers = (c: LimitingCapacity, ticketId: number) => c.applies_to === 'ALL' || c.applies_to.includes(ticketId);

/**
 * The counter changes of taking (`sign` 1) or giving back (`sign` -1) these units, with one use of a
 * promo code when `promoId` is given.
 */
export function changesOf(
  layout: Pick<StockLayout, 'capacities'>,
  units: readonly UnitCount[],
  promoId: number | null,
  sign: 1 | -1,
): CounterChange[] {
  const out: CounterChange[] = [];
  for (const u of units) {
    if (u.quantity === 0) continue;
    out.push({ kind: 'ticket', id: u.ticketId, delta: sign * u.quantity });
    if (u.tierId !== null) out.push({ kind: 'tier', id: u.tierId, delta: sign * u.quantity });
    for (const c of layout.capacities)
      if (covers(c, u.ticketId)) out.push({ kind: 'capacity', id: c.id, delta: sign * u.quantity });
  }
  if (promoId !== null) out.push({ kind: 'promo', id: promoId, delta: sign });
  return out;
}

/**
 * Sums the changes of each counter, drops the ones that cancel out (a buyer choosing the same tickets
 * again, a move between two tickets under one capacity) and sorts the rest into the lock order.
 */
export function normalise(changes: readonly CounterChange[]): CounterChange[] {
  const sums = new Map<string, CounterChange>();
  for (const c of changes) {
    const key = `${c.kind}:${c.id}`;
    const seen = sums.get(key);
    if (seen) seen.delta += c.delta;
    else sums.set(key, { ...c });
  }
  return [...sums.values()]
    .filter((c) => c.delta !== 0)
    .sort((a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) || a.id - b.id);
}

/** Units grouped from one row per unit (attendee rows). */
export function unitsOfRows(rows: ReadonlyArray<{ ticket_id: number; tier_id: number | null }>): UnitCount[] {
  const byKey = new Map<string, UnitCount>();
  for (const r of rows) {
    const key = `${r.ticket_id}:${r.tier_id ?? ''}`;
    const seen = byKey.get(key);
    if (seen) seen.quantity++;
    else
      byKey.set(key, {
        ticketId: Number(r.ticket_id),
        tierId: r.tier_id === null ? null : Number(r.tier_id),
        quantity: 1,
      });
  }
  return [...byKey.values()];
}
