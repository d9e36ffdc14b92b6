/**
 * What a change of stock does to the counters, as pure data (no I/O). Every unit of a ticket (or of one
 * tier of a tiered ticket) is for one date of the event. It counts on the ticket, on its tier on that date,
 * on the ticket on that date (whose limit is the ticket's quantity, which is per date, as a tier's is), on
 * the date when it admits someone, and on every limiting capacity assignment that covers the ticket, on that
 * date (a capacity is per date too), and on its place on a seated event's plan on that date; an order with a
 * promo code counts once on the code. Changes are applied in one fixed order (docs/LOCKING.md): kind (tickets,
 * tiers, tickets on a date, dates, capacity assignments, places, promo codes), then id.
 */

export type CounterKind = 'ticket' | 'tier' | 'ticket_date' | 'date' | 'capacity' | 'seat' | 'promo';

/** The one lock order: two transactions never wait on each other in a cycle. */
export const KIND_ORDER: readonly CounterKind[] = [
  'ticket',
  'tier',
  'ticket_date',
  'date',
  'capacity',
  'seat',
  'promo',
];

/**
 * One counter moving by `delta` (positive: taken, checked against its limit; negative: given back). A
 * ticket on a date is named by the ticket (`id`) and the date (`dateId`); so are a tier (`id`: the tier) and a
 * capacity assignment on a date.
 */
export interface CounterChange {
  kind: CounterKind;
  id: number;
  dateId?: number;
  /** A tier's or a place's ticket: the ticket's link stays in the chain while they move (see `normalise`). */
  ticketId?: number;
  delta: number;
}

/** Units of one ticket (or of one tier of a tiered ticket) on one date. */
export interface UnitCount {
  ticketId: number;
  tierId: number | null;
  dateId: number;
  /** A ticket's unit admits a person and counts on its date; a general product's does not. */
  admits: boolean;
  /** Its place on a seated event's plan (a seat, or a standing area), else null. */
  seatId: number | null;
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
  /** Each ticket's quantity (per date; null: none), as of its version. */
  quantities: ReadonlyMap<number, number | null>;
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
    if (u.tierId !== null)
      out.push({ kind: 'tier', id: u.tierId, dateId: u.dateId, ticketId: u.ticketId, delta: sign * u.quantity });
    out.push({ kind: 'ticket_date', id: u.ticketId, dateId: u.dateId, delta: sign * u.quantity });
    // A general product's unit changes nothing on its date; taken, its link still locks the date (a
    // date link that does not give back is a take: nothing is taken on a cancelled date, see counters.ts).
    if (u.admits || sign > 0) out.push({ kind: 'date', id: u.dateId, delta: u.admits ? sign * u.quantity : 0 });
    for (const c of layout.capacities)
      if (covers(c, u.ticketId)) out.push({ kind: 'capacity', id: c.id, dateId: u.dateId, delta: sign * u.quantity });
    if (u.seatId !== null)
      out.push({ kind: 'seat', id: u.seatId, dateId: u.dateId, ticketId: u.ticketId, delta: sign * u.quantity });
  }
  if (promoId !== null) out.push({ kind: 'promo', id: promoId, delta: sign });
  return out;
}

/**
 * Sums the changes of each counter, drops the ones that cancel out (a buyer choosing the same tickets
 * again, a move between two tickets under one capacity) and sorts the rest into the lock order. Two links
 * stay even at zero: a date (its lock and, for a buyer, its being on sale), and a ticket whose units move
 * between dates, tiers or places (its lock and version make its quantity, its tiers' and the seat holds, which the
 * later links check, the current ones).
 */
export function normalise(changes: readonly CounterChange[]): CounterChange[] {
  const sums = new Map<string, CounterChange>();
  for (const c of changes) {
    const key = `${c.kind}:${c.id}:${c.dateId ?? ''}`;
    const seen = sums.get(key);
    if (seen) seen.delta += c.delta;
    else sums.set(key, { ...c });
  }
  const all = [...sums.values()];
  const onDates = new Set(
    all
      .filter((c) => (c.kind === 'ticket_date' || c.kind === 'tier' || c.kind === 'seat') && c.delta !== 0)
      .map((c) => (c.kind === 'ticket_date' ? c.id : c.ticketId!)),
  );
  return all
    .filter((c) => c.delta !== 0 || c.kind === 'date' || (c.kind === 'ticket' && onDates.has(c.id)))
    .sort(
      (a, b) =>
        KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) || a.id - b.id || (a.dateId ?? 0) - (b.dateId ?? 0),
    );
}

/** One counted unit as an attendee row has it. */
export interface UnitRow {
  ticket_id: number;
  tier_id: number | null;
  event_date_id: number;
  is_admission: boolean;
  seat_id: number | null;
}

/** The unit an attendee row is (its other columns left out). */
export const unitOf = (a: UnitRow): UnitRow => ({
  ticket_id: a.ticket_id,
  tier_id: a.tier_id,
  event_date_id: a.event_date_id,
  is_admission: a.is_admission,
  seat_id: a.seat_id,
});

/** Units grouped from one row per unit (attendee rows). */
export function unitsOfRows(rows: ReadonlyArray<UnitRow>): UnitCount[] {
  const byKey = new Map<string, UnitCount>();
  for (const r of rows) {
    const key = `${r.ticket_id}:${r.tier_id ?? ''}:${r.event_date_id}:${r.is_admission}:${r.seat_id ?? ''}`;
    const seen = byKey.get(key);
    if (seen) seen.quantity++;
    else
      byKey.set(key, {
        ticketId: Number(r.ticket_id),
        tierId: r.tier_id === null ? null : Number(r.tier_id),
        dateId: Number(r.event_date_id),
        admits: Boolean(r.is_admission),
        seatId: r.seat_id === null || r.seat_id === undefined ? null : Number(r.seat_id),
        quantity: 1,
      });
  }
  return [...byKey.values()];
}

/** The columns of an attendee row a stock change needs (`returning` / `select` lists). */
export const UNIT_COLUMNS = 'ticket_id, tier_id, event_date_id, is_admission, seat_id';
