import type { PassPicksDto } from '@admitone/shared';
import { inArray, sql } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { eventDates } from '../../db/schema/index.js';
import { orderDateColumns, toOrderDateDto } from '../event-dates/order-dates.js';
import { rowsOf } from '../inventory/counters.js';

/** The order's lines of passes picked later, with how many picks each has and has used. */
export async function pickLines(db: Executor, orderId: number) {
  return rowsOf<{
    item_id: number;
    ticket_id: number;
    ticket_name: string;
    /** Passes bought on the line, and the dates each picks. */
    quantity: number;
    per_pass: number;
    picks: number;
    picked: number;
  }>(
    db,
    sql`select oi.id as item_id, oi.ticket_id, oi.ticket_name, oi.quantity, t.pass_picks as per_pass,
          (t.pass_picks * oi.quantity)::int as picks,
          (select count(*)::int from attendees a where a.order_item_id = oi.id and a.status in ('ACTIVE', 'AWAITING_PAYMENT')) as picked
        from order_items oi join tickets t on t.id = oi.ticket_id
        where oi.order_id = ${orderId} and t.is_pass and t.pass_picks is not null
        order by oi.id`,
  );
}

type PickLine = Pick<Awaited<ReturnType<typeof pickLines>>[number], 'item_id' | 'ticket_id' | 'quantity' | 'per_pass'>;

/**
 * Each pass of a line as picked so far: its group (`pass_group`, null for a pass not picking yet) and its dates, in
 * the order the passes started picking; the passes not started come last. Two passes on one line are two holders:
 * each picks its own dates, and both may pick the same evening.
 */
export async function passesOf(db: Executor, line: PickLine) {
  const rows = await rowsOf<{ pass_group: string; event_date_id: number }>(
    db,
    sql`select a.pass_group, a.event_date_id from attendees a
        where a.order_item_id = ${line.item_id} and a.status in ('ACTIVE', 'AWAITING_PAYMENT')
        order by a.position`,
  );
  const passes = new Map<string | null, Set<number>>();
  for (const r of rows) {
    if (!passes.has(r.pass_group)) passes.set(r.pass_group, new Set());
    passes.get(r.pass_group)!.add(Number(r.event_date_id));
  }
  const out = [...passes].map(([group, dates]) => ({ group, dates }));
  while (out.length < line.quantity) out.push({ group: null, dates: new Set() });
  return out;
}

/** The pass of a line that takes a pick of a date: the first with picks left that has not picked the date. */
export const passForDate = (passes: Awaited<ReturnType<typeof passesOf>>, perPass: number, dateId: number) =>
  passes.find((p) => p.dates.size < perPass && !p.dates.has(dateId));

/** The dates a line's passes may pick now: on sale, not begun, the pass sold there, one of them not there yet. */
export async function choosableDates(db: Executor, eventId: number, line: PickLine, now: Date) {
  const open = await rowsOf<{ id: number }>(
    db,
    sql`select d.id from event_dates d
        join ticket_dates td on td.event_date_id = d.id and td.ticket_id = ${line.ticket_id} and td.enabled
        where d.event_id = ${eventId} and d.status = 'ON_SALE' and d.start_date > ${now}
        order by d.start_date, d.id`,
  );
  const passes = await passesOf(db, line);
  return open.filter((d) => passForDate(passes, line.per_pass, Number(d.id)));
}

/** What the order page shows of the order's passes picked later (only once the order is complete). */
export async function passPicksOf(db: Executor, order: { id: number; event_id: number; status: string }, now: Date) {
  if (order.status !== 'COMPLETED') return [];
  const lines = await pickLines(db, order.id);
  const out: PassPicksDto[] = [];
  for (const line of lines) {
    const ids = line.picked < line.picks ? (await choosableDates(db, order.event_id, line, now)).map((d) => d.id) : [];
    const dates = ids.length
      ? await db.select(orderDateColumns).from(eventDates).where(inArray(eventDates.id, ids))
      : [];
    const byId = new Map(dates.map((d) => [d.id, d]));
    out.push({
      ticket_id: line.ticket_id,
      ticket_name: line.ticket_name,
      picks: line.picks,
      picked: line.picked,
      choosable: ids.map((id) => toOrderDateDto(byId.get(id)!)),
    });
  }
  return out;
}
