import type { PassPicksDto } from '@admitone/shared';
import { inArray, sql } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { eventDates } from '../../db/schema/index.js';
import { orderDateColumns, toOrderDateDto } from '../event-dates/order-dates.js';
import { rowsOf } from '../inventory/counters.js';

/** The order's lines of passes picked later, with how many picks each has and has used. */
export async function pickLines(db: Executor, orderId: number) {
  return rowsOf<{ item_id: number; ticket_id: number; ticket_name: string; picks: number; picked: number }>(
    db,
    sql`select oi.id as item_id, oi.ticket_id, oi.ticket_name, (t.pass_picks * oi.quantity)::int as picks,
          (select count(*)::int from attendees a where a.order_item_id = oi.id and a.status in ('ACTIVE', 'AWAITING_PAYMENT')) as picked
        from order_items oi join tickets t on t.id = oi.ticket_id
        where oi.order_id = ${orderId} and t.is_pass and t.pass_picks is not null
        order by oi.id`,
  );
}

/** The dates a line's pass may pick now: on sale, not begun, the pass sold there, not picked by it already. */
export async function choosableDates(
  db: Executor,
  eventId: number,
  line: { item_id: number; ticket_id: number },
  now: Date,
) {
  return rowsOf<{ id: number }>(
    db,
    sql`select d.id from event_dates d
        join ticket_dates td on td.event_date_id = d.id and td.ticket_id = ${line.ticket_id} and td.enabled
        where d.event_id = ${eventId} and d.status = 'ON_SALE' and d.start_date > ${now}
          and not exists (select 1 from attendees a where a.order_item_id = ${line.item_id} and a.event_date_id = d.id
                          and a.status in ('ACTIVE', 'AWAITING_PAYMENT'))
        order by d.start_date, d.id`,
  );
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
