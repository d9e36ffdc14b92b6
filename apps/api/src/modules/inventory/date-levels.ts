import { asc, eq, sql } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { eventDates } from '../../db/schema/index.js';
import { rowsOf } from './counters.js';

/** What one date of an event has taken, for display: per ticket (with its own quantity there) and in all. */
export interface DateLevels {
  /** The ticket's row on the date: its own quantity there (null: the ticket's) and what it took there. */
  ticket(ticketId: number): { quantity: number | null; taken: number };
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
}

/**
 * What every date of an event has taken as of `now`, for display (like `readStockLevels` for the tickets):
 * the counters of the dates and of their tickets on them, and for the levels less the units of holds that
 * ran out and are not given back yet. Three reads, whatever the number of sales: the pages of all the
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
  const lapsed = await rowsOf<{ event_date_id: number; ticket_id: number; n: number }>(
    db,
    sql`select a.event_date_id, a.ticket_id, count(*)::int as n
        from orders o join attendees a on a.order_id = o.id and a.status = 'RESERVED'
        where o.event_id = ${eventId} and o.status in ('RESERVED', 'PROCESSING') and o.hold_released_at is null
          and o.reserved_until <= ${now}
        group by a.event_date_id, a.ticket_id`,
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
  const freed = new Map<number, Map<number, number>>();
  for (const l of lapsed) {
    const dateId = Number(l.event_date_id);
    if (!freed.has(dateId)) freed.set(dateId, new Map());
    freed.get(dateId)!.set(Number(l.ticket_id), Number(l.n));
  }
  const counters = new Map(dates.map((d) => [d.id, d]));
  const none: readonly TicketDateCounter[] = [];
  return {
    dates,
    ticketRows: (dateId) => byDate.get(dateId) ?? none,
    levels: (dateId) => levelsOf(counters.get(dateId), byDate.get(dateId) ?? none, freed.get(dateId) ?? new Map()),
  };
}

/** One date's levels: its tickets' rows and its own counter, less the date's run-out holds (`free`, per ticket). */
function levelsOf(
  date: DateCounter | undefined,
  rows: readonly TicketDateCounter[],
  free: ReadonlyMap<number, number>,
): DateLevels {
  const own = new Map(
    rows.map((r) => [
      r.ticket_id,
      { quantity: r.quantity, taken: Math.max(0, r.taken - (free.get(r.ticket_id) ?? 0)) },
    ]),
  );
  return {
    ticket: (id) => own.get(id) ?? { quantity: null, taken: 0 },
    capacity: date?.capacity ?? null,
    admissionsTaken: (admission) => {
      let released = 0;
      free.forEach((n, id) => (released += admission(id) ? n : 0));
      return Math.max(0, (date?.taken ?? 0) - released);
    },
  };
}
