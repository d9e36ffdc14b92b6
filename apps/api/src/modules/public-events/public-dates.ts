import {
  PUBLIC_DAY_DATES_MAX,
  PUBLIC_UPCOMING_DATES,
  type PublicDateDayDto,
  type PublicDateMonthDto,
  type PublicDateState,
  type PublicEventDateDto,
  type PublicEventDatesDto,
} from '@admitone/shared';

import type { Executor } from '../../db/client.js';
import { EMPTY_LOCATION } from '../events/event-dto.js';
import {
  type DateCapacity,
  type DateCounter,
  type DateLevels,
  type EventDateLevels,
  readEventDateLevels,
  type TicketDateCounter,
} from '../inventory/date-levels.js';

/**
 * The dates of an event as buyers see them: never hidden ones; ended ones only when a link names them.
 * A date's state comes from its status, its own capacity and what its admission tickets have left on it
 * (the counters, as the page shows them: at most a few seconds behind). Everything here is built in
 * memory from one read of the event's dates and their counters (`PublicDateStock`), which the public
 * event cache keeps for the stock counts' time: the dates part of any date's page costs no query.
 */

/** A date buyers can see, with what was left on it when the counters were read. */
interface DateRow {
  /** Its place in the event's dates buyers can see (in order: start, then id). */
  index: number;
  id: number;
  start_date: string;
  end_date: string | null;
  /** When it is over: its end, else its start (ms). */
  last: number;
  label: string | null;
  location: DateCounter['location'];
  status: string;
  /** What is left over the date's capacity and its admission tickets (null: no limit). */
  remaining: number | null;
  /** What it can sell in all (null: no limit). */
  total: number | null;
  /** No admission ticket is sold on it. */
  nothing: boolean;
}

/** The event's dates buyers can see, with their counters: what every dates part of its pages is built from. */
export interface PublicDateStock {
  /** In order: start, then id. */
  rows: readonly DateRow[];
  byId: ReadonlyMap<number, DateRow>;
  /** The day (`2027-03-05`, in `zone`) each row starts on, in the rows' order. */
  daysIn(zone: string): readonly string[];
  /** The stock of one date's tickets, for the tickets the page lists on it. */
  levels(dateId: number): DateLevels;
}

const minOf = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));

/**
 * What is left on a date: its capacity less its admissions, over its enabled admission tickets their quantity on
 * the date less what they took there (a ticket without a quantity leaves it unlimited), and within each limiting
 * capacity assignment (per date): what is left of it, plus what the tickets it does not cover still have.
 */
function leftOn(
  date: DateCounter,
  tickets: readonly TicketDateCounter[],
  capacities: readonly DateCapacity[],
  capacityTaken: (capacityId: number) => number,
) {
  const counted = tickets.filter((t) => t.enabled && !t.ticket_hidden && t.admission);
  const sum = (of: readonly TicketDateCounter[], each: (q: number, t: TicketDateCounter) => number) => {
    let n = 0;
    for (const t of of) {
      const q = t.quantity ?? t.ticket_quantity;
      if (q === null) return null;
      n += each(q, t);
    }
    return n;
  };
  const room = (of: readonly TicketDateCounter[]) => sum(of, (q, t) => Math.max(q - t.taken, 0));
  const quantity = (of: readonly TicketDateCounter[]) => sum(of, (q) => q);
  const capLeft = date.capacity === null ? null : Math.max(0, date.capacity - date.taken);
  let remaining = minOf(capLeft, counted.length ? room(counted) : null);
  let total = minOf(date.capacity, counted.length ? quantity(counted) : null);
  for (const c of capacities) {
    const outside = counted.filter((t) => c.covers !== 'ALL' && !c.covers.has(t.ticket_id));
    if (outside.length === counted.length) continue;
    const rest = room(outside);
    const restTotal = quantity(outside);
    if (rest !== null) remaining = minOf(remaining, Math.max(0, c.capacity - capacityTaken(c.id)) + rest);
    if (restTotal !== null) total = minOf(total, c.capacity + restTotal);
  }
  return { remaining, total, nothing: counted.length === 0 };
}

/** `2027-03-05`: the day an instant falls on in a zone. */
const dayFormat = (zone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The dates part's view of an event's dates and counters (built once per read of them). */
export function publicDateStock(levels: EventDateLevels): PublicDateStock {
  const rows: DateRow[] = [];
  for (const d of levels.dates) {
    if (d.status === 'HIDDEN') continue;
    rows.push({
      index: rows.length,
      id: d.id,
      start_date: d.start_date.toISOString(),
      end_date: d.end_date?.toISOString() ?? null,
      last: (d.end_date ?? d.start_date).getTime(),
      label: d.label,
      location: d.location,
      status: d.status,
      ...leftOn(d, levels.ticketRows(d.id), levels.capacities, (id) => levels.capacityTaken(id, d.id)),
    });
  }
  const days = new Map<string, string[]>();
  return {
    rows,
    byId: new Map(rows.map((r) => [r.id, r])),
    daysIn: (zone) => {
      let list = days.get(zone);
      if (!list) {
        const format = dayFormat(zone);
        days.set(zone, (list = rows.map((r) => format.format(new Date(r.start_date)))));
      }
      return list;
    },
    levels: (dateId) => levels.levels(dateId),
  };
}

/** The event's dates and their counters as of `now`, read from the database (the cache keeps them). */
export async function readPublicDateStock(db: Executor, eventId: number, now: Date): Promise<PublicDateStock> {
  return publicDateStock(await readEventDateLevels(db, eventId, now));
}

/** "Few left": 5 or fewer, or up to a tenth of what the date can sell when that is more. */
const fewLeft = (remaining: number, total: number | null) => remaining <= Math.max(5, Math.floor((total ?? 0) / 10));

function stateOf(r: DateRow, now: number): PublicDateState {
  if (r.status === 'CANCELLED') return 'CANCELLED';
  if (r.last <= now) return 'OVER';
  if (r.status === 'SOLD_OUT' || r.nothing || r.remaining === 0) return 'SOLD_OUT';
  if (r.remaining !== null && fewLeft(r.remaining, r.total)) return 'FEW_LEFT';
  return 'ON_SALE';
}

function toDto(r: DateRow, showRemaining: boolean, now: number): PublicEventDateDto {
  const state = stateOf(r, now);
  return {
    id: r.id,
    start_date: r.start_date,
    end_date: r.end_date,
    label: r.label,
    location: r.location ? { ...EMPTY_LOCATION, ...r.location } : null,
    state,
    remaining: showRemaining && (state === 'ON_SALE' || state === 'FEW_LEFT') ? r.remaining : null,
  };
}

const RANK: Record<PublicDateState, number> = { ON_SALE: 0, FEW_LEFT: 1, SOLD_OUT: 2, CANCELLED: 3, OVER: 4 };

/**
 * A month of the calendar (`2027-03`, in the event's zone; none: the month of the first date ahead): the
 * days with dates ahead and their best state, and the nearest months before and after with dates ahead.
 */
export function dateMonth(
  stock: PublicDateStock,
  zone: string,
  month: string | undefined,
  now: Date,
): PublicDateMonthDto | null {
  const at = now.getTime();
  const days = stock.daysIn(zone);
  if (!month) {
    const first = stock.rows.find((r) => r.last > at);
    if (!first) return null;
    month = days[first.index]!.slice(0, 7);
  }
  const inMonth = new Map<string, PublicDateDayDto>();
  let previous: string | null = null;
  let next: string | null = null;
  for (const r of stock.rows) {
    if (r.last <= at) continue;
    const day = days[r.index]!;
    const m = day.slice(0, 7);
    if (m < month) {
      if (previous === null || m > previous) previous = m;
    } else if (m > month) {
      if (next === null || m < next) next = m;
    } else {
      const state = stateOf(r, at);
      const seen = inMonth.get(day);
      if (!seen) inMonth.set(day, { day, dates: 1, state, first_date_id: r.id });
      else {
        seen.dates++;
        if (RANK[state] < RANK[seen.state]) seen.state = state;
      }
    }
  }
  return { month, days: [...inMonth.values()], previous_month: previous, next_month: next };
}

/** The dates buyers can see that start on a day (`2027-03-05`, the event's zone), ended ones included. */
export function datesOnDay(
  stock: PublicDateStock,
  zone: string,
  day: string,
  now: Date,
  showRemaining: boolean,
): PublicEventDateDto[] {
  const days = stock.daysIn(zone);
  const out: PublicEventDateDto[] = [];
  for (const r of stock.rows) {
    if (days[r.index] !== day) continue;
    out.push(toDto(r, showRemaining, now.getTime()));
    if (out.length === PUBLIC_DAY_DATES_MAX) break;
  }
  return out;
}

/**
 * The dates part of the public event: how many are ahead, the next few, the one the tickets are for
 * (the one asked for; without one, the only date the event has, or the only one ahead), its month for
 * the calendar and its day's other times.
 */
export function publicDates(
  stock: PublicDateStock,
  event: { timezone: string; show_remaining_tickets: boolean },
  dateId: number | undefined,
  now: Date,
): PublicEventDatesDto {
  const show = event.show_remaining_tickets;
  const at = now.getTime();
  const ahead = stock.rows.filter((r) => r.last > at);
  const upcoming = ahead.slice(0, PUBLIC_UPCOMING_DATES).map((r) => toDto(r, show, at));
  let chosenId = dateId;
  if (chosenId === undefined) {
    if (stock.rows.length === 1) chosenId = stock.rows[0]!.id;
    else if (ahead.length === 1) chosenId = ahead[0]!.id;
  }
  const row = chosenId === undefined ? undefined : stock.byId.get(chosenId);
  const chosen = row ? toDto(row, show, at) : null;
  const date_unavailable = dateId !== undefined && chosen === null;
  const chosenDay = row ? stock.daysIn(event.timezone)[row.index] : undefined;
  const calendar = ahead.length > 1 ? dateMonth(stock, event.timezone, chosenDay?.slice(0, 7), now) : null;
  const same_day = chosenDay && ahead.length > 1 ? datesOnDay(stock, event.timezone, chosenDay, now, show) : [];
  return {
    count: ahead.length,
    upcoming,
    chosen,
    date_unavailable,
    calendar,
    same_day: same_day.length > 1 ? same_day : [],
  };
}
