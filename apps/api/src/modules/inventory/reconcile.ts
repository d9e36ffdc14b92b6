import { type SQL, sql } from 'drizzle-orm';

import type { Db, Executor } from '../../db/client.js';
import type { CounterKind } from './changes.js';
import { rowsOf } from './counters.js';

/**
 * A counter that does not match the rows it summarises, or that is past its limit; or (`stray_hold`)
 * held units of orders whose hold was already given back, which would count twice if taken again.
 */
export interface Drift {
  kind: CounterKind | 'stray_hold';
  id: number;
  event_id: number;
  /** What the counter says. */
  counter: number;
  /** What the rows say. */
  rows: number;
  /** The limit (null: none). */
  limit: number | null;
  /** A tier's or capacity assignment's counter on a date: whose counter it is, and the date. */
  of?: number;
  date?: number;
}

const COUNTED = sql.raw(`('RESERVED', 'AWAITING_PAYMENT', 'ACTIVE')`);

/** Attendee `a` is of a ticket capacity assignment `c` covers. */
const covered = (c: SQL, a: SQL) =>
  sql`(${c}.applies_to = 'ALL' or ${a}.ticket_id in (select ct.ticket_id from capacity_assignment_tickets ct where ct.capacity_assignment_id = ${c}.id))`;

/**
 * What each counter should be, from the rows: attendees that count (RESERVED, AWAITING_PAYMENT,
 * ACTIVE) per tier on a date, per ticket on a date (a ticket keeps no counter of its own), per date (admissions
 * only), per limiting capacity assignment on a date and per place of a seated event's plan on a date; orders using
 * a promo code (not replaced, cancelled or released). A ticket on a date is reported by the `ticket_dates` row's id;
 * a tier, a capacity assignment or a place on a date by its own id (`of`), the date and its row's id (null: no row
 * yet).
 */
const truth = (eventId: number | null): Record<Exclude<CounterKind, 'ticket'>, SQL> => {
  const onEvent = (col: SQL) => (eventId === null ? sql`true` : sql`${col} = ${eventId}`);
  return {
    ticket_date: sql`select 'ticket_date' as kind, td.id, t.event_id, td.taken as counter, coalesce(td.quantity, t.quantity) as "limit",
        (select count(*) from attendees a where a.ticket_id = td.ticket_id and a.event_date_id = td.event_date_id and a.status in ${COUNTED})::int as rows
      from ticket_dates td join tickets t on t.id = td.ticket_id where ${onEvent(sql`t.event_id`)}`,
    date: sql`select 'date' as kind, d.id, d.event_id, d.taken as counter, d.capacity as "limit",
        (select count(*) from attendees a where a.event_date_id = d.id and a.is_admission and a.status in ${COUNTED})::int as rows
      from event_dates d where ${onEvent(sql`d.event_id`)}`,
    // Per date (tiers and capacity assignments): a counter row and its attendees, either possibly missing (a row is
    // made by the first unit taken; its id is null then, and `date_id` names the date).
    tier: sql`select 'tier' as kind, td.id, x.id as of_id, k.event_date_id as date_id, t.event_id,
        coalesce(td.taken, 0) as counter, x.quantity as "limit", coalesce(a.n, 0)::int as rows
      from ticket_tiers x join tickets t on t.id = x.ticket_id
      join (select tier_id, event_date_id from tier_dates union
            select distinct tier_id, event_date_id from attendees where tier_id is not null and status in ${COUNTED}) k on k.tier_id = x.id
      left join tier_dates td on td.tier_id = k.tier_id and td.event_date_id = k.event_date_id
      left join (select tier_id, event_date_id, count(*) as n from attendees where tier_id is not null and status in ${COUNTED}
                 group by tier_id, event_date_id) a on a.tier_id = k.tier_id and a.event_date_id = k.event_date_id
      where ${onEvent(sql`t.event_id`)}`,
    capacity: sql`select 'capacity' as kind, cd.id, c.id as of_id, k.event_date_id as date_id, c.event_id,
        coalesce(cd.taken, 0) as counter, c.capacity as "limit", coalesce(a.n, 0)::int as rows
      from capacity_assignments c
      join (select capacity_assignment_id as id, event_date_id from capacity_dates union
            select distinct c2.id, a2.event_date_id from capacity_assignments c2 join attendees a2 on a2.event_id = c2.event_id
              and a2.status in ${COUNTED} and ${covered(sql`c2`, sql`a2`)}) k on k.id = c.id
      left join capacity_dates cd on cd.capacity_assignment_id = c.id and cd.event_date_id = k.event_date_id
      left join lateral (select count(*) as n from attendees a3 where a3.event_id = c.event_id and a3.event_date_id = k.event_date_id
              and a3.status in ${COUNTED} and ${covered(sql`c`, sql`a3`)}) a on true
      where c.enabled and c.capacity is not null and ${onEvent(sql`c.event_id`)}`,
    // A place's rows on a date: counted attendees on it (the event's dates only: a version may seat several events).
    seat: sql`select 'seat' as kind, sd.id, k.seat_id as of_id, k.event_date_id as date_id, d.event_id,
        coalesce(sd.taken, 0) as counter, s.places as "limit", coalesce(a.n, 0)::int as rows
      from (select seat_id, event_date_id from seat_dates union
            select distinct seat_id, event_date_id from attendees where seat_id is not null and status in ${COUNTED}) k
      join seating_seats s on s.id = k.seat_id join event_dates d on d.id = k.event_date_id
      left join seat_dates sd on sd.seat_id = k.seat_id and sd.event_date_id = k.event_date_id
      left join (select seat_id, event_date_id, count(*) as n from attendees where seat_id is not null and status in ${COUNTED}
                 group by seat_id, event_date_id) a on a.seat_id = k.seat_id and a.event_date_id = k.event_date_id
      where ${onEvent(sql`d.event_id`)}`,
    promo: sql`select 'promo' as kind, p.id, p.event_id, p.taken as counter, p.max_uses as "limit",
        (select count(*) from orders o where o.promo_code_id = p.id and o.status not in ('ABANDONED', 'CANCELLED')
           and o.cancelled_at is null and o.hold_released_at is null)::int as rows
      from promo_codes p where ${onEvent(sql`p.event_id`)}`,
  };
};

const toDrift = (r: Record<string, unknown>): Drift => ({
  kind: r.kind as CounterKind,
  id: r.id === null ? 0 : Number(r.id),
  event_id: Number(r.event_id),
  counter: Number(r.counter),
  rows: Number(r.rows),
  limit: r.limit === null ? null : Number(r.limit),
  ...(r.of_id === undefined ? {} : { of: Number(r.of_id), date: Number(r.date_id) }),
});

/**
 * Every counter that differs from its rows, or whose rows exceed its limit (an oversell), for one event
 * or all. Empty means the stock is consistent. Tests run it after every concurrency and crash test.
 */
export async function findDrift(db: Executor, eventId: number | null = null): Promise<Drift[]> {
  const out: Drift[] = [];
  for (const query of Object.values(truth(eventId))) {
    const rows = await rowsOf<Record<string, unknown>>(
      db,
      sql`select * from (${query}) q where q.counter <> q.rows or (q."limit" is not null and q.rows > q."limit")`,
    );
    out.push(...rows.map(toDrift));
  }
  // A counted attendee of an order whose hold was given back would be counted twice when taken again.
  const stray = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from attendees a join orders o on o.id = a.order_id
        where a.status = 'RESERVED' and (o.hold_released_at is not null or o.status not in ('RESERVED', 'PROCESSING')) ${eventId === null ? sql`` : sql`and a.event_id = ${eventId}`}`,
  );
  if (Number(stray[0]?.n ?? 0) > 0)
    out.push({ kind: 'stray_hold', id: 0, event_id: eventId ?? 0, counter: 0, rows: Number(stray[0]!.n), limit: null });
  return out;
}

/**
 * Sets every drifted counter to what its rows say, event by event, each under the counters' row locks
 * taken in the checkout's order (tickets, tiers, tickets on dates, dates, capacity assignments, places,
 * promo codes), so no sale is in the middle of changing them. Returns what it found (before the repair). An
 * oversell cannot be repaired here: the rows stay, and it is reported.
 */
export async function repairDrift(db: Db, eventId: number | null = null): Promise<Drift[]> {
  const found = await findDrift(db, eventId);
  const events = [...new Set(found.filter((d) => d.kind !== 'stray_hold').map((d) => d.event_id))];
  for (const event of events) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select id from tickets where event_id = ${event} order by id for update`);
      await tx.execute(
        sql`select x.id from tier_dates x join ticket_tiers r on r.id = x.tier_id join tickets t on t.id = r.ticket_id
            where t.event_id = ${event} order by x.tier_id, x.event_date_id for update of x`,
      );
      await tx.execute(
        sql`select td.id from ticket_dates td join tickets t on t.id = td.ticket_id where t.event_id = ${event} order by td.ticket_id, td.event_date_id for update of td`,
      );
      await tx.execute(sql`select id from event_dates where event_id = ${event} order by id for update`);
      await tx.execute(
        sql`select x.id from capacity_dates x join capacity_assignments c on c.id = x.capacity_assignment_id
            where c.event_id = ${event} order by x.capacity_assignment_id, x.event_date_id for update of x`,
      );
      await tx.execute(
        sql`select x.id from seat_dates x join event_dates d on d.id = x.event_date_id
            where d.event_id = ${event} order by x.seat_id, x.event_date_id for update of x`,
      );
      await tx.execute(sql`select id from promo_codes where event_id = ${event} order by id for update`);
      const q = truth(event);
      await tx.execute(
        sql`insert into tier_dates (tier_id, event_date_id, taken) select q.of_id, q.date_id, q.rows from (${q.tier}) q
            where q.counter <> q.rows on conflict (tier_id, event_date_id) do update set taken = excluded.taken`,
      );
      await tx.execute(
        sql`update ticket_dates td set taken = q.rows from (${q.ticket_date}) q where q.id = td.id and td.taken <> q.rows`,
      );
      await tx.execute(
        sql`update event_dates d set taken = q.rows from (${q.date}) q where q.id = d.id and d.taken <> q.rows`,
      );
      await tx.execute(
        sql`insert into capacity_dates (capacity_assignment_id, event_date_id, taken) select q.of_id, q.date_id, q.rows
            from (${q.capacity}) q where q.counter <> q.rows
            on conflict (capacity_assignment_id, event_date_id) do update set taken = excluded.taken`,
      );
      await tx.execute(
        sql`insert into seat_dates (seat_id, event_date_id, taken) select q.of_id, q.date_id, q.rows
            from (${q.seat}) q where q.counter <> q.rows
            on conflict (seat_id, event_date_id) do update set taken = excluded.taken`,
      );
      await tx.execute(
        sql`update promo_codes p set taken = q.rows from (${q.promo}) q where q.id = p.id and p.taken <> q.rows`,
      );
    });
  }
  return found;
}
