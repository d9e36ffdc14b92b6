import {
  PUBLIC_DAY_DATES_MAX,
  PUBLIC_UPCOMING_DATES,
  type PublicDateDayDto,
  type PublicDateMonthDto,
  type PublicDateState,
  type PublicEventDateDto,
  type PublicEventDatesDto,
} from '@admitone/shared';
import { type SQL, sql } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { EMPTY_LOCATION } from '../events/event-dto.js';
import { rowsOf } from '../inventory/counters.js';

/**
 * The dates of an event as buyers see them: never hidden ones; ended ones only when a link names them.
 * A date's state comes from its status, its own capacity and what its admission tickets have left on it
 * (the counters, as the page shows them: at most a few seconds behind).
 */

interface DateRow {
  id: number;
  start_date: Date | string;
  end_date: Date | string | null;
  label: string | null;
  location: Record<string, unknown> | null;
  status: string;
  /** What is left over the date's capacity and its admission tickets (null: no limit). */
  remaining: number | null;
  /** What it can sell in all (null: no limit). */
  total: number | null;
  /** No admission ticket is sold on it. */
  nothing: boolean;
  ended: boolean;
}

/** "Few left": 5 or fewer, or up to a tenth of what the date can sell when that is more. */
const fewLeft = (remaining: number, total: number | null) => remaining <= Math.max(5, Math.floor((total ?? 0) / 10));

function stateOf(r: DateRow): PublicDateState {
  if (r.status === 'CANCELLED') return 'CANCELLED';
  if (r.ended) return 'OVER';
  if (r.status === 'SOLD_OUT' || r.nothing || r.remaining === 0) return 'SOLD_OUT';
  if (r.remaining !== null && fewLeft(r.remaining, r.total)) return 'FEW_LEFT';
  return 'ON_SALE';
}

const iso = (v: Date | string) => new Date(v).toISOString();

function toDto(r: DateRow, showRemaining: boolean): PublicEventDateDto {
  const state = stateOf(r);
  return {
    id: Number(r.id),
    start_date: iso(r.start_date),
    end_date: r.end_date === null ? null : iso(r.end_date),
    label: r.label,
    location: r.location ? { ...EMPTY_LOCATION, ...r.location } : null,
    state,
    remaining: showRemaining && (state === 'ON_SALE' || state === 'FEW_LEFT') ? r.remaining : null,
  };
}

/**
 * The event's dates that buyers can see and match `where` (over `d`), in order, with what is left on
 * each: its capacity less its admissions, and over its enabled admission tickets their quantity on the
 * date less what they took there (a ticket without a quantity leaves it unlimited).
 */
async function dateRows(db: Executor, eventId: number, now: Date, where: SQL, limit: number): Promise<DateRow[]> {
  const rows = await rowsOf<DateRow & { room: number | null; unlimited: boolean | null; quantity: number | null }>(
    db,
    sql`select d.id, d.start_date, d.end_date, d.label, d.location, d.status,
          d.capacity - d.taken as cap_left, d.capacity,
          s.room, s.unlimited, s.quantity, s.tickets,
          coalesce(d.end_date, d.start_date) <= ${now} as ended
        from event_dates d
        left join lateral (
          select sum(greatest(q - taken, 0))::int as room, bool_or(q is null) as unlimited, sum(q)::int as quantity,
                 count(*)::int as tickets
          from (select coalesce(td.quantity, t.quantity) as q, td.taken
                from ticket_dates td join tickets t on t.id = td.ticket_id
                where td.event_date_id = d.id and td.enabled and not t.is_hidden and t.product_type = 'TICKET') x
        ) s on true
        where d.event_id = ${eventId} and d.status <> 'HIDDEN' and ${where}
        order by d.start_date, d.id
        limit ${limit}`,
  );
  return rows.map((r) => {
    const raw = r as unknown as { cap_left: number | null; capacity: number | null; tickets: number };
    const capLeft = raw.cap_left === null ? null : Math.max(0, Number(raw.cap_left));
    const room = r.unlimited || r.room === null ? null : Number(r.room);
    const min = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));
    const total = min(raw.capacity === null ? null : Number(raw.capacity), r.unlimited ? null : r.quantity);
    return { ...r, remaining: min(capLeft, room), total, nothing: Number(raw.tickets) === 0 };
  });
}

const ahead = (now: Date) => sql`coalesce(d.end_date, d.start_date) > ${now}`;

/** `2027-03` in the event's zone → the instants its month starts and ends. */
const monthRange = (month: string, zone: string) => ({
  from: sql`((${`${month}-01`})::timestamp at time zone ${zone})`,
  to: sql`(((${`${month}-01`})::timestamp + interval '1 month') at time zone ${zone})`,
});

/** The month (in the event's zone) an instant falls in. */
const monthOfSql = (column: SQL, zone: string) => sql`to_char(${column} at time zone ${zone}, 'YYYY-MM')`;

/** A month of the calendar: the days with dates ahead, their best state, and the nearest months with dates. */
export async function dateMonth(
  db: Executor,
  eventId: number,
  zone: string,
  month: string | undefined,
  now: Date,
): Promise<PublicDateMonthDto | null> {
  const visible = sql`d.event_id = ${eventId} and d.status <> 'HIDDEN' and ${ahead(now)}`;
  if (!month) {
    const [first] = await rowsOf<{ month: string | null }>(
      db,
      sql`select ${monthOfSql(sql`min(d.start_date)`, zone)} as month from event_dates d where ${visible}`,
    );
    if (!first?.month) return null;
    month = first.month;
  }
  const { from, to } = monthRange(month, zone);
  const rows = await dateRows(
    db,
    eventId,
    now,
    sql`${ahead(now)} and d.start_date >= ${from} and d.start_date < ${to}`,
    // Every date of a month (time slots every 5 minutes for 31 days stay under it).
    10_000,
  );
  const days = new Map<string, PublicDateDayDto>();
  const rank: Record<PublicDateState, number> = { ON_SALE: 0, FEW_LEFT: 1, SOLD_OUT: 2, CANCELLED: 3, OVER: 4 };
  const dayOf = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
  for (const r of rows) {
    const day = dayOf.format(new Date(r.start_date));
    const state = stateOf(r);
    const seen = days.get(day);
    if (!seen) days.set(day, { day, dates: 1, state, first_date_id: Number(r.id) });
    else {
      seen.dates++;
      if (rank[state] < rank[seen.state]) seen.state = state;
    }
  }
  const [around] = await rowsOf<{ previous_month: string | null; next_month: string | null }>(
    db,
    sql`select (select ${monthOfSql(sql`max(d.start_date)`, zone)} from event_dates d where ${visible} and d.start_date < ${from}) as previous_month,
               (select ${monthOfSql(sql`min(d.start_date)`, zone)} from event_dates d where ${visible} and d.start_date >= ${to}) as next_month`,
  );
  return {
    month,
    days: [...days.values()],
    previous_month: around?.previous_month ?? null,
    next_month: around?.next_month ?? null,
  };
}

/** The dates buyers can see that start on a day (`2027-03-05`, the event's zone), ended ones included. */
export async function datesOnDay(
  db: Executor,
  eventId: number,
  zone: string,
  day: string,
  now: Date,
  showRemaining: boolean,
): Promise<PublicEventDateDto[]> {
  const from = sql`((${day})::timestamp at time zone ${zone})`;
  const to = sql`(((${day})::timestamp + interval '1 day') at time zone ${zone})`;
  const rows = await dateRows(
    db,
    eventId,
    now,
    sql`d.start_date >= ${from} and d.start_date < ${to}`,
    PUBLIC_DAY_DATES_MAX,
  );
  return rows.map((r) => toDto(r, showRemaining));
}

/** The day (`2027-03-05`) an instant falls on in a zone. */
const localDay = (at: string, zone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(at),
  );

/**
 * The dates part of the public event: how many are ahead, the next few, the one the tickets are for
 * (the one asked for; without one, the only date the event has, or the only one ahead), its month for
 * the calendar and its day's other times.
 */
export async function publicDates(
  db: Executor,
  event: { id: number; timezone: string; show_remaining_tickets: boolean },
  dateId: number | undefined,
  now: Date,
): Promise<PublicEventDatesDto> {
  const show = event.show_remaining_tickets;
  const [counts] = await rowsOf<{ ahead: number; all: number; only: number | null }>(
    db,
    sql`select count(*) filter (where ${ahead(now)})::int as ahead, count(*)::int as all,
               case when count(*) = 1 then min(d.id) end as only
        from event_dates d where d.event_id = ${event.id} and d.status <> 'HIDDEN'`,
  );
  const upcoming = (await dateRows(db, event.id, now, ahead(now), PUBLIC_UPCOMING_DATES)).map((r) => toDto(r, show));
  const aheadCount = Number(counts?.ahead ?? 0);
  let chosenId = dateId;
  if (chosenId === undefined) {
    if (counts?.only) chosenId = Number(counts.only);
    else if (aheadCount === 1) chosenId = upcoming[0]?.id;
  }
  const chosen =
    chosenId === undefined
      ? null
      : ((await dateRows(db, event.id, now, sql`d.id = ${chosenId}`, 1)).map((r) => toDto(r, show))[0] ?? null);
  const date_unavailable = dateId !== undefined && chosen === null;
  const calendarMonth = chosen ? localDay(chosen.start_date, event.timezone).slice(0, 7) : undefined;
  const calendar = aheadCount > 1 ? await dateMonth(db, event.id, event.timezone, calendarMonth, now) : null;
  const same_day =
    chosen && aheadCount > 1
      ? await datesOnDay(db, event.id, event.timezone, localDay(chosen.start_date, event.timezone), now, show)
      : [];
  return {
    count: aheadCount,
    upcoming,
    chosen,
    date_unavailable,
    calendar,
    same_day: same_day.length > 1 ? same_day : [],
  };
}
