import type { TicketDto } from '@admitone/shared';
import { and, eq } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { tickets } from '../../db/schema/index.js';
import { changedSince, findSyncPage, microsOf, type SyncRequest } from '../../shared/sync.js';
import { type EventInfo, ticketViews } from './ticket-view.js';

/**
 * One incremental-sync page of the event's products (tickets and general products), by `(updated_at, id)`:
 * not by transaction, since the stock counters live on these rows and no trigger may run on the stock
 * path (shared/sync.ts tells what that costs).
 */
export async function syncTickets(db: Executor, event: EventInfo, now: Date, s: SyncRequest) {
  const where = and(
    eq(tickets.event_id, event.id),
    eq(tickets.account_id, event.account_id),
    changedSince(tickets.updated_at, s.since),
  )!;
  const page = await findSyncPage(
    db,
    { table: tickets, position: microsOf(tickets.updated_at), id: tickets.id },
    where,
    s,
  );
  const byId = new Map<number, TicketDto>(
    (page.ids.length ? await ticketViews(db, event, now, page.ids) : []).map((v) => [v.id, v]),
  );
  return { ...page, rows: page.ids.map((id) => byId.get(id)).filter((v) => v !== undefined) };
}
