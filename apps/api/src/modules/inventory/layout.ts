import { sql } from 'drizzle-orm';

import type { Executor, Tx } from '../../db/client.js';
import type { CapacityStock } from '../tickets/availability.js';
import type { LimitingCapacity, StockLayout } from './changes.js';
import { rowsOf, StaleStockLayout } from './counters.js';

/** The capacity assignments that limit: enabled, with a capacity. */
export const limiting = (capacities: readonly CapacityStock[]): LimitingCapacity[] =>
  capacities.filter((c) => c.enabled && c.capacity !== null).map((c) => ({ id: c.id, applies_to: c.applies_to }));

/** The layout of a loaded catalogue (possibly cached: the versions tell the counters when it is stale). */
export function layoutOf(
  eventId: number,
  tickets: ReadonlyArray<{ id: number; stock_version: number; quantity: number | null }>,
  capacities: readonly CapacityStock[],
): StockLayout {
  return {
    eventId,
    versions: new Map(tickets.map((t) => [t.id, t.stock_version])),
    quantities: new Map(tickets.map((t) => [t.id, t.quantity])),
    capacities: limiting(capacities),
  };
}

/**
 * Reads an event's layout now: ticket versions and quantities, and the limiting capacity assignments with
 * what they cover.
 */
export async function loadStockLayout(db: Executor, eventId: number): Promise<StockLayout> {
  const tickets = await rowsOf<{ id: number; stock_version: number; quantity: number | null }>(
    db,
    sql`select id, stock_version, quantity from tickets where event_id = ${eventId}`,
  );
  const caps = await rowsOf<{ id: number; applies_to: string; ticket_ids: number[] | null }>(
    db,
    sql`select c.id, c.applies_to, array(select ct.ticket_id from capacity_assignment_tickets ct where ct.capacity_assignment_id = c.id) as ticket_ids
        from capacity_assignments c where c.event_id = ${eventId} and c.enabled and c.capacity is not null order by c.id`,
  );
  return {
    eventId,
    versions: new Map(tickets.map((t) => [Number(t.id), Number(t.stock_version)])),
    quantities: new Map(tickets.map((t) => [Number(t.id), t.quantity === null ? null : Number(t.quantity)])),
    capacities: caps.map((c) => ({
      id: Number(c.id),
      applies_to: c.applies_to === 'ALL' ? 'ALL' : (c.ticket_ids ?? []).map(Number),
    })),
  };
}

const ATTEMPTS = 3;

/**
 * Runs `work` with the event's current layout inside a savepoint of the caller's transaction, and again
 * with a fresh layout if an organizer changed it in between (StaleStockLayout): the savepoint's partial
 * counter changes are undone first. Any other error leaves as it is.
 */
export async function withCurrentLayout<T>(
  tx: Tx,
  eventId: number,
  work: (sp: Tx, layout: StockLayout) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await tx.transaction(async (sp) => work(sp, await loadStockLayout(sp, eventId)));
    } catch (err) {
      if (!(err instanceof StaleStockLayout) || attempt >= ATTEMPTS) throw err;
    }
  }
}
