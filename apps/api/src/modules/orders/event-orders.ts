import { sql } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { rowsOf } from '../inventory/counters.js';

/**
 * Whether an event has orders that count: anything but replaced checkouts and holds that ran out.
 * Such an event can only be archived, and its currency no longer changes.
 */
export async function eventHasOrders(db: Executor, eventId: number, now: Date): Promise<boolean> {
  const rows = await rowsOf<{ n: number }>(
    db,
    sql`
    select count(*)::int as n from orders
    where event_id = ${eventId} and status <> 'ABANDONED'
      and (status not in ('RESERVED', 'PROCESSING') or (hold_released_at is null and reserved_until > ${now}))`,
  );
  return Number(rows[0]?.n ?? 0) > 0;
}
