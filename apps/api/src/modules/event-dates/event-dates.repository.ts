import type { EventDateDto, EventDateStatus, EventLocation } from '@admitone/shared';
import { and, asc, count, eq, gte, lt, type SQL, sql } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { eventDates } from '../../db/schema/index.js';

export type EventDateRow = typeof eventDates.$inferSelect;

const LOCATION_FIELDS = [
  'venue_name',
  'address_line_1',
  'address_line_2',
  'city',
  'state_or_region',
  'zip_or_postal_code',
  'country',
  'latitude',
  'longitude',
] as const;

/** A venue as stored: null when no part of it is given (the event's venue then). */
export function storedLocation(location: Partial<EventLocation> | null | undefined): EventLocation | null {
  if (!location) return null;
  const full = Object.fromEntries(LOCATION_FIELDS.map((k) => [k, location[k] ?? null])) as EventLocation;
  return LOCATION_FIELDS.some((k) => full[k] !== null) ? full : null;
}

export function toEventDateDto(r: EventDateRow): EventDateDto {
  return {
    id: r.id,
    event_id: r.event_id,
    start_date: r.start_date.toISOString(),
    end_date: r.end_date ? r.end_date.toISOString() : null,
    label: r.label,
    location: storedLocation(r.location),
    status: r.status,
    capacity: r.capacity,
    taken: r.taken,
    created_at: r.created_at.toISOString(),
  };
}

/**
 * An instant as SQL, exact to the millisecond and for any year a JavaScript date holds (sent as epoch
 * milliseconds: an ISO string of a year past 9999 is not one PostgreSQL reads).
 */
export const instantSql = (d: Date | null): SQL =>
  d === null ? sql`null::timestamptz` : sql`(to_timestamp(0) + ${d.getTime()}::bigint * interval '1 millisecond')`;

/** An id list as one array parameter (`{1,2,3}`), however many ids: one placeholder, any driver. */
export const idArray = (ids: readonly number[]): SQL => sql`${`{${ids.map((i) => Math.trunc(i)).join(',')}}`}::int[]`;

export interface DateFilters {
  from?: Date;
  to?: Date;
  status?: EventDateStatus;
}

/** An event's dates by start (then id), in one query; `from` ≤ start < `to`. */
export async function listEventDates(db: Executor, eventId: number, f: DateFilters = {}): Promise<EventDateRow[]> {
  return db
    .select()
    .from(eventDates)
    .where(
      and(
        eq(eventDates.event_id, eventId),
        f.from ? gte(eventDates.start_date, f.from) : undefined,
        f.to ? lt(eventDates.start_date, f.to) : undefined,
        f.status ? eq(eventDates.status, f.status) : undefined,
      ),
    )
    .orderBy(asc(eventDates.start_date), asc(eventDates.id));
}

/** These dates of the event, by start (then id). */
export async function datesByIds(db: Executor, eventId: number, ids: readonly number[]): Promise<EventDateRow[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(eventDates)
    .where(and(eq(eventDates.event_id, eventId), sql`${eventDates.id} = any(${idArray(ids)})`))
    .orderBy(asc(eventDates.start_date), asc(eventDates.id));
}

export async function countEventDates(db: Executor, eventId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(eventDates).where(eq(eventDates.event_id, eventId));
  return Number(row?.n ?? 0);
}

/** What every date made at once shares (a rule's label, venue, status and capacity). */
export interface DateCommon {
  label: string | null;
  location: EventLocation | null;
  status: EventDateStatus;
  capacity: number | null;
}

/** Dates by start, then id (the order of every list of dates). */
const byStart = (a: EventDateRow, b: EventDateRow) => a.start_date.getTime() - b.start_date.getTime() || a.id - b.id;

/**
 * Inserts dates of an event in one statement (their times unnested from two array parameters), then a
 * `ticket_dates` row for every ticket of the event on each new date in one more. Answers the new dates by
 * start. Call it in a transaction that holds the event row (no ticket can be added meanwhile).
 */
export async function insertEventDates(
  db: Executor,
  eventId: number,
  times: ReadonlyArray<{ start: Date; end: Date | null }>,
  common: DateCommon,
  now: Date,
): Promise<EventDateRow[]> {
  if (!times.length) return [];
  const starts = `{${times.map((t) => t.start.getTime()).join(',')}}`;
  const ends = `{${times.map((t) => (t.end ? t.end.getTime() : 'NULL')).join(',')}}`;
  const location = storedLocation(common.location);
  const res = (await db.execute(sql`
    insert into event_dates (event_id, start_date, end_date, label, location, status, capacity, taken, created_at, updated_at)
    select ${eventId}::int, to_timestamp(0) + u.s * interval '1 millisecond', to_timestamp(0) + u.e * interval '1 millisecond',
      ${common.label}::text, ${location ? JSON.stringify(location) : null}::jsonb, ${common.status}::text,
      ${common.capacity}::int, 0, ${now}::timestamptz, ${now}::timestamptz
    from unnest(${starts}::bigint[], ${ends}::bigint[]) as u(s, e)
    order by u.s
    returning id, extract(epoch from start_date)::float8 * 1000 as start_ms, extract(epoch from end_date)::float8 * 1000 as end_ms`)) as unknown as {
    rows: Array<{ id: number; start_ms: number; end_ms: number | null }>;
  };
  // What was written, as a read of it answers (the statement's times come back; the rest is what was sent).
  const rows: EventDateRow[] = res.rows.map((r) => ({
    id: Number(r.id),
    event_id: eventId,
    start_date: new Date(Math.round(Number(r.start_ms))),
    end_date: r.end_ms === null ? null : new Date(Math.round(Number(r.end_ms))),
    label: common.label,
    location,
    status: common.status,
    capacity: common.capacity,
    taken: 0,
    calendar_sequence: 0,
    created_at: now,
    updated_at: now,
  }));
  await db.execute(sql`
    insert into ticket_dates (ticket_id, event_date_id, enabled, taken)
    select t.id, d.id, true, 0 from tickets t cross join unnest(${idArray(rows.map((r) => r.id))}) as d(id)
    where t.event_id = ${eventId}`);
  return rows.sort(byStart);
}

/** A new event's one date: its own start and end (call it in the transaction that inserts the event). */
export async function insertFirstDate(
  db: Executor,
  event: { id: number; start_date: Date; end_date: Date | null; created_at: Date },
): Promise<void> {
  await db.insert(eventDates).values({
    event_id: event.id,
    start_date: event.start_date,
    end_date: event.end_date,
    created_at: event.created_at,
    updated_at: event.created_at,
  });
}

/** A new ticket on every date of its event (in the transaction that inserts it), as the ticket itself sells. */
export async function insertTicketOnDates(db: Executor, eventId: number, ticketId: number): Promise<void> {
  await db.execute(sql`
    insert into ticket_dates (ticket_id, event_date_id, enabled, taken)
    select ${ticketId}::int, d.id, true, 0 from event_dates d where d.event_id = ${eventId} order by d.id`);
}

/**
 * Copies the dates of one event into another (a duplicate) in one statement: times, labels, venues and
 * capacities; cancelled and hidden dates stay so, the others are on sale; nothing taken. Answers old id
 * → new id (the new ids are drawn first, so each copy knows its source).
 */
export async function copyEventDates(db: Executor, from: number, to: number, now: Date): Promise<Map<number, number>> {
  const res = (await db.execute(sql`
    with src as materialized (
      select d.*, nextval(pg_get_serial_sequence('event_dates', 'id'))::int as new_id
      from event_dates d where d.event_id = ${from} order by d.id
    ), made as (
      insert into event_dates (id, event_id, start_date, end_date, label, location, status, capacity, taken, created_at, updated_at)
      overriding system value
      select new_id, ${to}::int, start_date, end_date, label, location,
        case when status in ('CANCELLED', 'HIDDEN') then status else 'ON_SALE' end, capacity, 0,
        ${now}::timestamptz, ${now}::timestamptz
      from src
      returning id
    )
    select src.id as old_id, src.new_id from src`)) as unknown as { rows: Array<{ old_id: number; new_id: number }> };
  return new Map(res.rows.map((r) => [Number(r.old_id), Number(r.new_id)]));
}

/**
 * The copied tickets on the copied dates (a duplicate), in one statement: every pair gets a row, with
 * what the source ticket had on the source date (sold there, its quantity and price there); nothing taken.
 */
export async function copyTicketDates(
  db: Executor,
  tickets: ReadonlyMap<number, number>,
  dates: ReadonlyMap<number, number>,
): Promise<void> {
  if (!tickets.size || !dates.size) return;
  await db.execute(sql`
    insert into ticket_dates (ticket_id, event_date_id, enabled, quantity, price, taken)
    select tm.new_id, dm.new_id, coalesce(td.enabled, true), td.quantity, td.price, 0
    from unnest(${idArray([...tickets.keys()])}, ${idArray([...tickets.values()])}) as tm(old_id, new_id)
    cross join unnest(${idArray([...dates.keys()])}, ${idArray([...dates.values()])}) as dm(old_id, new_id)
    left join ticket_dates td on td.ticket_id = tm.old_id and td.event_date_id = dm.old_id
    order by tm.new_id, dm.new_id`);
}

/**
 * The event's start and end become the span of its dates that are not cancelled: the first start, and the
 * last end (a date without an end ends at its start). Dates without any end that all start at once leave
 * the event without an end, so an event with one date keeps what it had. Nothing changes when every date is
 * cancelled, or when the span is what the event has.
 */
export async function syncEventSpan(db: Executor, eventId: number, now: Date): Promise<void> {
  await db.execute(sql`
    update events e set start_date = s.first_start, end_date = s.last_end, updated_at = ${now}::timestamptz
    from (
      select min(start_date) as first_start,
        case when max(end_date) is null and min(start_date) = max(start_date) then null
          else max(coalesce(end_date, start_date)) end as last_end
      from event_dates where event_id = ${eventId} and status <> 'CANCELLED'
    ) s
    where e.id = ${eventId} and s.first_start is not null
      and (e.start_date is distinct from s.first_start or e.end_date is distinct from s.last_end)`);
}

/**
 * After an edit of the event's own times (events/update-event.ts, same transaction): an event with one date
 * moves that date to its new start and end; an event with several keeps them on their wall clock when its
 * time zone changes (19:30 stays 19:30), and its start and end follow them.
 */
export async function followEventTimes(
  db: Executor,
  event: { id: number; fromZone: string; toZone: string; start: Date; end: Date | null; several: boolean },
  now: Date,
): Promise<void> {
  if (!event.several) {
    await db
      .update(eventDates)
      .set({ start_date: event.start, end_date: event.end, updated_at: now })
      .where(eq(eventDates.event_id, event.id));
    return;
  }
  if (event.fromZone !== event.toZone)
    await db.execute(sql`
      update event_dates set
        start_date = (start_date at time zone ${event.fromZone}) at time zone ${event.toZone},
        end_date = (end_date at time zone ${event.fromZone}) at time zone ${event.toZone},
        updated_at = ${now}::timestamptz
      where event_id = ${event.id}`);
  await syncEventSpan(db, event.id, now);
}
