import { and, asc, eq, inArray } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { tickets, ticketTaxes, ticketTiers } from '../../db/schema/index.js';

export type TicketRow = typeof tickets.$inferSelect;
export type TierRow = typeof ticketTiers.$inferSelect;
export interface TicketWithParts {
  ticket: TicketRow;
  tiers: TierRow[];
  taxIds: number[];
}

/** The tickets of an event (in their order) with tiers and tax ids. */
export async function loadTickets(
  db: Executor,
  accountId: number,
  eventId: number,
  ticketIds?: number[],
): Promise<TicketWithParts[]> {
  const rows = await db
    .select()
    .from(tickets)
    .where(
      and(
        eq(tickets.account_id, accountId),
        eq(tickets.event_id, eventId),
        ticketIds ? inArray(tickets.id, ticketIds) : undefined,
      ),
    )
    .orderBy(asc(tickets.sort_order), asc(tickets.id));
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  // One after the other: inside a transaction they share one connection.
  const tiers = await db
    .select()
    .from(ticketTiers)
    .where(inArray(ticketTiers.ticket_id, ids))
    .orderBy(asc(ticketTiers.sort_order), asc(ticketTiers.id));
  const taxes = await db.select().from(ticketTaxes).where(inArray(ticketTaxes.ticket_id, ids));
  return rows.map((ticket) => ({
    ticket,
    tiers: tiers.filter((t) => t.ticket_id === ticket.id),
    taxIds: taxes
      .filter((t) => t.ticket_id === ticket.id)
      .map((t) => t.tax_and_fee_id)
      .sort((a, b) => a - b),
  }));
}

/** One ticket of an event of the account; anything else is not found. */
export async function findTicket(
  db: Executor,
  accountId: number,
  eventId: number,
  ticketId: number,
): Promise<TicketWithParts | null> {
  const [found] = await loadTickets(db, accountId, eventId, [ticketId]);
  return found ?? null;
}
