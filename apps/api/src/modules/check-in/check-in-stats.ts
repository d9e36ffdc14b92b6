import { sql } from 'drizzle-orm';
import type { CheckInStatsDto } from '@admitone/shared';
import type { Executor } from '../../db/client.js';

/** Checked-in against valid (ACTIVE) attendees, per ticket in the catalogue's order and in all. */
export async function checkInStats(db: Executor, eventId: number): Promise<CheckInStatsDto> {
  const { rows } = (await db.execute(sql`
    select t.id as ticket_id, t.name as ticket_name,
      count(a.id) filter (where a.checked_in_at is not null)::int as checked_in,
      count(a.id)::int as total
    from tickets t left join attendees a on a.ticket_id = t.id and a.status = 'ACTIVE'
    where t.event_id = ${eventId}
    group by t.id, t.name, t.sort_order
    order by t.sort_order, t.id`)) as unknown as { rows: Array<{ ticket_id: number; ticket_name: string; checked_in: number; total: number }> };
  const by_ticket = rows.map((r) => ({ ticket_id: Number(r.ticket_id), ticket_name: r.ticket_name, checked_in: Number(r.checked_in), total: Number(r.total) }));
  return {
    checked_in: by_ticket.reduce((n, t) => n + t.checked_in, 0),
    total: by_ticket.reduce((n, t) => n + t.total, 0),
    by_ticket,
  };
}
