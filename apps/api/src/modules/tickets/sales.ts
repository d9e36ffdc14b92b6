import { sql } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { rowsOf } from '../inventory/counters.js';

/** Tickets that have ever been in an order, even an abandoned checkout (they can only be hidden, not deleted). */
export async function ticketsWithOrders(db: Executor, ticketIds: number[]): Promise<Set<number>> {
  if (!ticketIds.length) return new Set();
  const rows = await rowsOf<{ ticket_id: number }>(
    db,
    sql`
    select distinct ticket_id from order_items where ticket_id in (${sql.join(
      ticketIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Set(rows.map((r) => Number(r.ticket_id)));
}

/** Tiers that have ever been in an order (they can only be hidden, not deleted). */
export async function tiersWithSales(db: Executor, tierIds: number[]): Promise<Set<number>> {
  if (!tierIds.length) return new Set();
  const rows = await rowsOf<{ tier_id: number }>(
    db,
    sql`
    select distinct tier_id from order_items where tier_id in (${sql.join(
      tierIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Set(rows.map((r) => Number(r.tier_id)));
}
