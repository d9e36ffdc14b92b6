/**
 * The one stock rule. For a ticket (or each tier of a tiered ticket):
 *   left = quantity - sold - unexpired holds
 * bounded by what is left in every enabled capacity assignment that includes it (an assignment's
 * capacity is shared by all its tickets; an event-wide assignment includes every ticket).
 * `null` means unlimited. Nothing is ever below zero. The catalogue screens use it, and the checkout
 * calls the same function inside its lock with counts read under that lock.
 */

export interface StockCount {
  /** null: unlimited. */
  quantity: number | null;
  sold: number;
  /** Unexpired holds of checkouts in progress. */
  held: number;
}

export interface TicketStock extends StockCount {
  id: number;
  /** Tiers of a tiered ticket; their own quantities bound them (the ticket's quantity is ignored). */
  tiers?: Array<StockCount & { id: number }>;
}

export interface CapacityStock {
  id: number;
  /** null: unlimited. */
  capacity: number | null;
  enabled: boolean;
  /** 'ALL' (event-wide) or the ticket ids it covers. */
  applies_to: 'ALL' | number[];
}

export interface TicketAvailability {
  id: number;
  /** How many can still be sold now; null when nothing limits it. */
  available: number | null;
  tiers: Array<{ id: number; available: number | null }>;
  /** The capacity assignments that bound this ticket and are used up, if any. */
  exhausted_capacities: number[];
}

const left = (s: StockCount) => (s.quantity === null ? null : Math.max(0, s.quantity - s.sold - s.held));
const minOf = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));
const sumOf = (values: Array<number | null>) => (values.some((v) => v === null) ? null : values.reduce<number>((s, v) => s + (v as number), 0));

/** Computes what is left of every ticket and tier of one event. */
export function availability(tickets: readonly TicketStock[], capacities: readonly CapacityStock[]): TicketAvailability[] {
  const usedOf = (t: TicketStock) => (t.tiers?.length ? t.tiers.reduce((s, x) => s + x.sold + x.held, 0) : t.sold + t.held);
  const active = capacities.filter((c) => c.enabled);
  const capacityLeft = new Map<number, number | null>();
  for (const c of active) {
    const covered = tickets.filter((t) => c.applies_to === 'ALL' || c.applies_to.includes(t.id));
    const used = covered.reduce((s, t) => s + usedOf(t), 0);
    capacityLeft.set(c.id, c.capacity === null ? null : Math.max(0, c.capacity - used));
  }
  return tickets.map((t) => {
    const bounding = active.filter((c) => c.applies_to === 'ALL' || c.applies_to.includes(t.id));
    const bound = bounding.reduce<number | null>((m, c) => minOf(m, capacityLeft.get(c.id) ?? null), null);
    const tiers = (t.tiers ?? []).map((tier) => ({ id: tier.id, available: minOf(left(tier), bound) }));
    const own = t.tiers?.length ? sumOf(t.tiers.map(left)) : left(t);
    return {
      id: t.id,
      available: minOf(own, bound),
      tiers,
      exhausted_capacities: bounding.filter((c) => capacityLeft.get(c.id) === 0).map((c) => c.id),
    };
  });
}

/** Units a checkout asks for: of a ticket, or of one tier of a tiered ticket. */
export interface StockRequest {
  ticket_id: number;
  tier_id: number | null;
  quantity: number;
}

/**
 * Whether the requested units all fit at once: each ticket or tier within its own quantity, and
 * every enabled capacity assignment within its capacity counting all requested units it covers.
 * Returns the requests that do not fit (empty when everything fits). Counts must be read under the
 * reservation's locks.
 */
export function unfulfillable(tickets: readonly TicketStock[], capacities: readonly CapacityStock[], requests: readonly StockRequest[]): StockRequest[] {
  const failing = new Set<StockRequest>();
  const usedOf = (t: TicketStock) => (t.tiers?.length ? t.tiers.reduce((s, x) => s + x.sold + x.held, 0) : t.sold + t.held);
  for (const r of requests) {
    const ticket = tickets.find((t) => t.id === r.ticket_id);
    const own = r.tier_id === null ? ticket : ticket?.tiers?.find((x) => x.id === r.tier_id);
    if (!own) {
      failing.add(r);
      continue;
    }
    const sameUnit = requests.filter((x) => x.ticket_id === r.ticket_id && x.tier_id === r.tier_id).reduce((s, x) => s + x.quantity, 0);
    if (own.quantity !== null && own.sold + own.held + sameUnit > own.quantity) failing.add(r);
  }
  for (const c of capacities) {
    if (!c.enabled || c.capacity === null) continue;
    const covers = (id: number) => c.applies_to === 'ALL' || c.applies_to.includes(id);
    const asked = requests.filter((r) => covers(r.ticket_id));
    if (!asked.length) continue;
    const used = tickets.filter((t) => covers(t.id)).reduce((s, t) => s + usedOf(t), 0);
    if (used + asked.reduce((s, r) => s + r.quantity, 0) > c.capacity) asked.forEach((r) => failing.add(r));
  }
  return requests.filter((r) => failing.has(r));
}
