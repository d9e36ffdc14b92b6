/**
 * What is left, for display. For a ticket (or each tier of a tiered ticket):
 *   left = quantity - taken (sold + held, from the stock counters)
 * bounded by what is left in every enabled capacity assignment that includes it (an assignment's
 * capacity is shared by all its tickets; an event-wide assignment includes every ticket).
 * `null` means unlimited. Nothing is ever below zero. Pages and screens use it; a checkout does not:
 * its guarded counter updates decide under the row locks (modules/inventory, docs/LOCKING.md).
 */

export interface StockCount {
  /** null: unlimited. */
  quantity: number | null;
  /** Sold plus held in checkouts in progress. */
  taken: number;
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

const left = (s: StockCount) => (s.quantity === null ? null : Math.max(0, s.quantity - s.taken));
const minOf = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));
const sumOf = (values: Array<number | null>) =>
  values.some((v) => v === null) ? null : values.reduce<number>((s, v) => s + (v as number), 0);

/** Computes what is left of every ticket and tier of one event. */
export function availability(
  tickets: readonly TicketStock[],
  capacities: readonly CapacityStock[],
): TicketAvailability[] {
  const usedOf = (t: TicketStock) => (t.tiers?.length ? t.tiers.reduce((s, x) => s + x.taken, 0) : t.taken);
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

/**
 * The most a ticket could ever sell, sold or not: its quantity (a tiered ticket's tiers together),
 * bounded by the capacity of every enabled assignment that includes it; null when nothing limits it.
 * A waitlist never asks for more than this.
 */
export function ceilingOf(t: TicketStock, capacities: readonly CapacityStock[]): number | null {
  const own = t.tiers?.length ? sumOf(t.tiers.map((x) => x.quantity)) : t.quantity;
  return capacities
    .filter((c) => c.enabled && (c.applies_to === 'ALL' || c.applies_to.includes(t.id)))
    .reduce<number | null>((m, c) => minOf(m, c.capacity), own);
}

/** What one date took, as `availabilityOnDate` reads it (inventory/date-levels.ts). */
export interface DateTaken {
  /** The ticket on the date: its own quantity there (null: the ticket's) and what it took there. */
  ticket(ticketId: number): { quantity: number | null; taken: number };
  tier(tierId: number): number;
  capacity: number | null;
  admissionsTaken(admission: (ticketId: number) => boolean): number;
}

/**
 * What is left of each ticket on one date: its tiers and capacity assignments as they took on the date (all limits
 * are per date), bounded by the ticket's quantity on the date less what it took there and, for admissions, by the
 * date's capacity less its admissions: the limits the stock module's chain checks (docs/LOCKING.md). `levels` gives
 * the tickets' tiers (with their quantities), in the order of `of.tickets`.
 */
export function availabilityOnDate(
  of: {
    tickets: ReadonlyArray<{ id: number; quantity: number | null; admission: boolean }>;
    capacities: readonly CapacityStock[];
  },
  levels: readonly TicketStock[],
  onDate: DateTaken,
): TicketAvailability[] {
  const admission = new Map(of.tickets.map((t) => [t.id, t.admission]));
  const admissionsTaken = onDate.admissionsTaken((id) => admission.get(id) ?? false);
  const dateLeft = onDate.capacity === null ? null : Math.max(0, onDate.capacity - admissionsTaken);
  const here = levels.map((l) => ({
    ...l,
    quantity: null,
    taken: onDate.ticket(l.id).taken,
    tiers: l.tiers?.map((x) => ({ ...x, taken: onDate.tier(x.id) })),
  }));
  return availability(here, of.capacities).map((b, i) => {
    const t = of.tickets[i]!;
    const own = onDate.ticket(t.id);
    const quantity = own.quantity ?? t.quantity;
    const ownLeft = quantity === null ? null : Math.max(0, quantity - own.taken);
    const limit = minOf(ownLeft, t.admission ? dateLeft : null);
    return {
      ...b,
      available: minOf(b.available, limit),
      tiers: b.tiers.map((x) => ({ ...x, available: minOf(x.available, limit) })),
    };
  });
}
