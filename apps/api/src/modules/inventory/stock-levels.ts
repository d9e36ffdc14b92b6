import { sql } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { rowsOf } from './counters.js';

/** What is taken (sold + held) of each ticket and tier of an event over all its dates, from the counters. */
export interface StockLevels {
  /** Over the ticket and all its tiers. */
  ticket(ticketId: number): number;
  tier(tierId: number): number;
  /** Over the tickets an assignment covers ('ALL': every ticket of the event). */
  over(ticketIds: readonly number[] | 'ALL'): number;
  /** People waiting for the ticket on a date, on its open waitlist (their units come first: buyers cannot take any). */
  waiting(ticketId: number, dateId: number): number;
}

const levelsFrom = (
  rows: Array<{ kind: string; id: number; taken: number }>,
  /** Keyed `${ticketId}:${dateId}`. */
  waiting: ReadonlyMap<string, number> = new Map(),
): StockLevels => {
  const tickets = new Map<number, number>();
  const tiers = new Map<number, number>();
  for (const r of rows) (r.kind === 't' ? tickets : tiers).set(Number(r.id), Number(r.taken));
  return {
    ticket: (id) => tickets.get(id) ?? 0,
    tier: (id) => tiers.get(id) ?? 0,
    over: (ids) =>
      (ids === 'ALL' ? [...tickets.values()] : ids.map((id) => tickets.get(id) ?? 0)).reduce((s, n) => s + n, 0),
    waiting: (id, dateId) => waiting.get(`${id}:${dateId}`) ?? 0,
  };
};

/**
 * What an event's tickets and tiers have taken as of `now`, for display: the counters, less the units of
 * holds that ran out and have not been given back yet (the next buyer who needs them releases them, and
 * a sweep does every few seconds), so a page never shows "sold out" because of abandoned carts. Reads
 * the counters (a ticket's and a tier's are the sums over their dates) and the expired holds only (an index
 * range), whatever the number of sales.
 */
export async function readStockLevels(db: Executor, eventId: number, now: Date): Promise<StockLevels> {
  const rows = await rowsOf<{ kind: string; id: number; taken: number }>(
    db,
    sql`select 't' as kind, t.id, coalesce((select sum(td.taken) from ticket_dates td where td.ticket_id = t.id), 0)::int as taken
        from tickets t where t.event_id = ${eventId}
        union all
        select 'x', x.id, coalesce((select sum(xd.taken) from tier_dates xd where xd.tier_id = x.id), 0)::int
        from ticket_tiers x join tickets t on t.id = x.ticket_id where t.event_id = ${eventId}`,
  );
  const lapsed = await rowsOf<{ ticket_id: number; tier_id: number | null; n: number }>(
    db,
    sql`select a.ticket_id, a.tier_id, count(*)::int as n
        from orders o join attendees a on a.order_id = o.id and a.status = 'RESERVED'
        where o.event_id = ${eventId} and o.status in ('RESERVED', 'PROCESSING') and o.hold_released_at is null and o.reserved_until <= ${now}
        group by a.ticket_id, a.tier_id`,
  );
  const queued = await rowsOf<{ ticket_id: number; event_date_id: number; n: number }>(
    db,
    sql`select w.ticket_id, w.event_date_id, count(*)::int as n from tickets t join waitlist_entries w on w.ticket_id = t.id and w.status = 'WAITING'
        where t.event_id = ${eventId} and t.waitlist_enabled group by w.ticket_id, w.event_date_id`,
  );
  const free = new Map<string, number>();
  for (const l of lapsed) {
    free.set(`t${l.ticket_id}`, (free.get(`t${l.ticket_id}`) ?? 0) + Number(l.n));
    if (l.tier_id !== null) free.set(`x${l.tier_id}`, (free.get(`x${l.tier_id}`) ?? 0) + Number(l.n));
  }
  return levelsFrom(
    rows.map((r) => ({ ...r, taken: Number(r.taken) - (free.get(`${r.kind}${r.id}`) ?? 0) })),
    new Map(queued.map((q) => [`${q.ticket_id}:${q.event_date_id}`, Number(q.n)])),
  );
}

/** Sold units (valid tickets) by ticket and by tier: the organizer's screens split what is taken into sold and held. */
export async function soldUnits(db: Executor, eventId: number): Promise<StockLevels> {
  const rows = await rowsOf<{ ticket_id: number; tier_id: number | null; n: number }>(
    db,
    sql`select ticket_id, tier_id, count(*)::int as n from attendees where event_id = ${eventId} and status = 'ACTIVE' group by ticket_id, tier_id`,
  );
  const out: Array<{ kind: string; id: number; taken: number }> = [];
  const perTicket = new Map<number, number>();
  for (const r of rows) {
    perTicket.set(Number(r.ticket_id), (perTicket.get(Number(r.ticket_id)) ?? 0) + Number(r.n));
    if (r.tier_id !== null) out.push({ kind: 'x', id: Number(r.tier_id), taken: Number(r.n) });
  }
  perTicket.forEach((n, id) => out.push({ kind: 't', id, taken: n }));
  return levelsFrom(out);
}
