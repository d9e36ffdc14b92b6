import { asc, eq, sql } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { eventDates } from '../../db/schema/index.js';
import { rowsOf } from './counters.js';

/** What one date of an event has taken, for display: per ticket (with its own quantity there) and in all. */
export interface DateLevels {
  /** The ticket's row on the date: its own quantity there (null: the ticket's) and what it took there. */
  ticket(ticketId: number): { quantity: number | null; taken: number };
  /** What a tier took on the date. */
  tier(tierId: number): number;
  /** The date's capacity (null: none) and the admissions it took, less run-out holds of admission tickets. */
  capacity: number | null;
  admissionsTaken(admission: (ticketId: number) => boolean): number;
}

/** One date of the event as it is now: its times, label, venue and status, and its own counter. */
export interface DateCounter {
  id: number;
  start_date: Date;
  end_date: Date | null;
  label: string | null;
  location: (typeof eventDates.$inferSelect)['location'];
  status: (typeof eventDates.$inferSelect)['status'];
  capacity: number | null;
  /** Admissions taken (sold and held), as the counter has it. */
  taken: number;
}

/** A ticket's row on a date, with what of the ticket decides whether it counts for the date's admissions. */
export interface TicketDateCounter {
  ticket_id: number;
  /** Sold on this date. */
  enabled: boolean;
  /** Its own quantity there (null: the ticket's, `ticket_quantity`). */
  quantity: number | null;
  /** What it took there (sold and held), as the counter has it. */
  taken: number;
  ticket_quantity: number | null;
  ticket_hidden: boolean;
  /** The ticket admits someone (a ticket, not a general product). */
  admission: boolean;
}

/**
 * Every date of an event with its counters, read at once: the dates in order (start, then id; hidden and
 * cancelled ones too), the rows of its tickets on each, and each date's levels less its run-out holds.
 */
export interface EventDateLevels {
  dates: DateCounter[];
  ticketRows(dateId: number): readonly TicketDateCounter[];
  levels(dateId: number): DateLevels;
  /** The limiting capacity assignments (enabled, with a capacity), each with what it covers. */
  capacities: readonly DateCapacity[];
  /** What a limiting capacity assignment took on a date (sold and held, as its counter has it). */
  capacityTaken(capacityId: number, dateId: number): number;
}

/** A limiting capacity assignment: its capacity (on each date) and the tickets it covers ('ALL': every one). */
export interface DateCapacity {
  id: number;
  capacity: number;
  covers: 'ALL' | ReadonlySet<number>;
}

/**
 * What every date of an event has taken as of `now`, for display (like `readStockLevels` for the tickets):
 * the counters of the dates and of their tickets on them, and for the levels less the units of holds that
 * ran out and are not given back yet. Six reads at most, whatever the number of sales: the pages of all the
 * event's dates are built from one of these.
 */
export async function readEventDateLevels(db: Executor, eventId: number, now: Date): Promise<EventDateLevels> {
  // Sequential: inside a transaction every query shares one connection.
  const dates = await db
    .select({
      id: eventDates.id,
      start_date: eventDates.start_date,
      end_date: eventDates.end_date,
      label: eventDates.label,
      location: eventDates.location,
      status: eventDates.status,
      capacity: eventDates.capacity,
      taken: eventDates.taken,
    })
    .from(eventDates)
    .where(eq(eventDates.event_id, eventId))
    .orderBy(asc(eventDates.start_date), asc(eventDates.id));
  const rows = await rowsOf<TicketDateCounter & { event_date_id: number }>(
    db,
    sql`select td.event_date_id, td.ticket_id, td.enabled, td.quantity, td.taken, t.quantity as ticket_quantity,
               t.is_hidden as ticket_hidden, t.product_type = 'TICKET' as admission
        from ticket_dates td join tickets t on t.id = td.ticket_id
        where t.event_id = ${eventId}`,
  );
  const tierRows = await rowsOf<{ event_date_id: number; tier_id: number; taken: number }>(
    db,
    sql`select xd.event_date_id, xd.tier_id, xd.taken from tier_dates xd join ticket_tiers x on x.id = xd.tier_id
        join tickets t on t.id = x.ticket_id where t.event_id = ${eventId} and xd.taken > 0`,
  );
  const caps = await rowsOf<{ id: number; capacity: number; applies_to: string; ticket_ids: number[] | null }>(
    db,
    sql`select c.id, c.capacity, c.applies_to,
               array(select ct.ticket_id from capacity_assignment_tickets ct where ct.capacity_assignment_id = c.id) as ticket_ids
        from capacity_assignments c where c.event_id = ${eventId} and c.enabled and c.capacity is not null`,
  );
  const capRows = caps.length
    ? await rowsOf<{ capacity_assignment_id: number; event_date_id: number; taken: number }>(
        db,
        sql`select cd.capacity_assignment_id, cd.event_date_id, cd.taken from capacity_dates cd
            join capacity_assignments c on c.id = cd.capacity_assignment_id
            where c.event_id = ${eventId} and c.enabled and c.capacity is not null and cd.taken > 0`,
      )
    : [];
  const lapsed = await rowsOf<{ event_date_id: number; ticket_id: number; tier_id: number | null; n: number }>(
    db,
    sql`select a.event_date_id, a.ticket_id, a.tier_id, count(*)::int as n
        from orders o join attendees a on a.order_id = o.id and a.status = 'RESERVED'
        where o.event_id = ${eventId} and o.status in ('RESERVED', 'PROCESSING') and o.hold_released_at is null
          and o.reserved_until <= ${now}
        group by a.event_date_id, a.ticket_id, a.tier_id`,
  );
  const byDate = new Map<number, TicketDateCounter[]>();
  for (const r of rows) {
    const dateId = Number(r.event_date_id);
    let list = byDate.get(dateId);
    if (!list) byDate.set(dateId, (list = []));
    list.push({
      ticket_id: Number(r.ticket_id),
      enabled: r.enabled,
      quantity: r.quantity === null ? null : Number(r.quantity),
      taken: Number(r.taken),
      ticket_quantity: r.ticket_quantity === null ? null : Number(r.ticket_quantity),
      ticket_hidden: r.ticket_hidden,
      admission: r.admission,
    });
  }
  // Per date: run-out holds per ticket, and what each tier took less its run-out holds.
  const freed = new Map<number, Map<number, number>>();
  const tiers = new Map<number, Map<number, number>>();
  const on = (m: Map<number, Map<number, number>>, dateId: number) => {
    if (!m.has(dateId)) m.set(dateId, new Map());
    return m.get(dateId)!;
  };
  for (const r of tierRows) on(tiers, Number(r.event_date_id)).set(Number(r.tier_id), Number(r.taken));
  for (const l of lapsed) {
    const free = on(freed, Number(l.event_date_id));
    free.set(Number(l.ticket_id), (free.get(Number(l.ticket_id)) ?? 0) + Number(l.n));
    if (l.tier_id === null) continue;
    const taken = on(tiers, Number(l.event_date_id));
    taken.set(Number(l.tier_id), (taken.get(Number(l.tier_id)) ?? 0) - Number(l.n));
  }
  const counters = new Map(dates.map((d) => [d.id, d]));
  const none: readonly TicketDateCounter[] = [];
  const capTaken = new Map(
    capRows.map((r) => [`${r.capacity_assignment_id}:${r.event_date_id}`, Number(r.taken)] as const),
  );
  return {
    dates,
    capacities: caps.map((c) => ({
      id: Number(c.id),
      capacity: Number(c.capacity),
      covers: c.applies_to === 'ALL' ? 'ALL' : new Set((c.ticket_ids ?? []).map(Number)),
    })),
    capacityTaken: (capacityId, dateId) => capTaken.get(`${capacityId}:${dateId}`) ?? 0,
    ticketRows: (dateId) => byDate.get(dateId) ?? none,
    levels: (dateId) =>
      levelsOf(
        counters.get(dateId),
        byDate.get(dateId) ?? none,
        freed.get(dateId) ?? new Map(),
        tiers.get(dateId) ?? new Map(),
      ),
  };
}

/**
 * One date's levels: its tickets' rows and its own counter, less the date's run-out holds (`free`, per ticket), and
 * what its tiers took (less theirs already).
 */
function levelsOf(
  date: DateCounter | undefined,
  rows: readonly TicketDateCounter[],
  free: ReadonlyMap<number, number>,
  tiers: ReadonlyMap<number, number>,
): DateLevels {
  const own = new Map(
    rows.map((r) => [
      r.ticket_id,
      { quantity: r.quantity, taken: Math.max(0, r.taken - (free.get(r.ticket_id) ?? 0)) },
    ]),
  );
  return {
    ticket: (id) => own.get(id) ?? { quantity: null, taken: 0 },
    tier: (id) => Math.max(0, tiers.get(id) ?? 0),
    capacity: date?.capacity ?? null,
    admissionsTaken: (admission) => {
      let released = 0;
      free.forEach((n, id) => (released += admission(id) ? n : 0));
      return Math.max(0, (date?.taken ?? 0) - released);
    },
  };
}
