import { sql } from 'drizzle-orm';

import type { Tx } from '../../db/client.js';
import { DomainError } from '../../shared/errors.js';
import { rowsOf } from './counters.js';

/**
 * Organizer edits of limits (ticket and tier quantities, capacity assignments, promo code uses) take the
 * same row locks as a checkout, in the same order, before they read what is taken: a limit is never set
 * below what is sold and held, and the counters a checkout checks are the ones under the lock.
 */

/** A new limit below what is taken is refused on its field, naming what is taken (or, for a promo code, used). */
export const belowTaken = (field: string, taken: number, key: 'below_taken' | 'below_uses' = 'below_taken') =>
  new DomainError('VALIDATION_FAILED', { fields: { [field]: [{ key, values: { taken } }] } });

/**
 * Locks a ticket and then its tiers (ids ascending: the checkout's order) for an edit and returns what
 * each has taken; null when the ticket is gone. A ticket's quantity is per date, so its `taken` here is
 * the most it has taken on any date that follows the ticket's quantity (no quantity of its own there).
 * Those counters need no lock of their own: every change to them goes through a chain that locks the
 * ticket first (inventory/changes.ts keeps the ticket's link even when its units only move between dates).
 */
export async function lockTicketStock(
  tx: Tx,
  ticketId: number,
): Promise<{ taken: number; tiers: Map<number, number> } | null> {
  const [ticket] = await rowsOf<{ id: number }>(tx, sql`select id from tickets where id = ${ticketId} for update`);
  if (!ticket) return null;
  const tiers = await rowsOf<{ id: number; taken: number }>(
    tx,
    sql`select id, taken from ticket_tiers where ticket_id = ${ticketId} order by id for update`,
  );
  const [perDate] = await rowsOf<{ taken: number | null }>(
    tx,
    sql`select max(taken)::int as taken from ticket_dates where ticket_id = ${ticketId} and quantity is null`,
  );
  return { taken: Number(perDate?.taken ?? 0), tiers: new Map(tiers.map((t) => [Number(t.id), Number(t.taken)])) };
}

/** The SQL that marks a ticket's layout changed, for the edit's own UPDATE of the ticket. */
export const nextStockVersion = sql`stock_version + 1`;

/**
 * A ticket is about to be created: holds the event row (shared) so it cannot appear in the middle of a
 * capacity edit that locks "every ticket of the event" (see `lockCoverage`).
 */
export async function lockEventForNewTicket(tx: Tx, eventId: number): Promise<void> {
  await tx.execute(sql`select id from events where id = ${eventId} for share`);
}

export interface Coverage {
  applies_to: 'ALL' | 'TICKETS';
  ticket_ids: readonly number[];
  enabled: boolean;
  capacity: number | null;
}

/**
 * Before a capacity assignment is created, changed or deleted: locks the event row (against a ticket
 * being created meanwhile) and every ticket the assignment covers before or after (ids ascending),
 * and marks their layouts changed, so a checkout planned with the old coverage retries. Returns what
 * the tickets covered afterwards have taken, which becomes the assignment's counter; a limit below it is
 * refused.
 */
export async function lockCoverage(
  tx: Tx,
  eventId: number,
  before: Coverage | null,
  after: Coverage | null,
): Promise<number> {
  await tx.execute(sql`select id from events where id = ${eventId} for no key update`);
  const all = before?.applies_to === 'ALL' || after?.applies_to === 'ALL';
  const ids = [...new Set([...(before?.ticket_ids ?? []), ...(after?.ticket_ids ?? [])])];
  if (!all && !ids.length) return 0;
  const locked = await rowsOf<{ id: number }>(
    tx,
    sql`update tickets set stock_version = stock_version + 1
        where id in (select id from tickets where event_id = ${eventId} ${
          all
            ? sql``
            : sql`and id in (${sql.join(
                ids.map((id) => sql`${id}`),
                sql`, `,
              )})`
        } order by id for update)
        returning id`,
  );
  if (!after || !locked.length) return 0;
  // What each took over its dates, read after the locks (a sale holds its ticket's row shared until it commits).
  const rows = await rowsOf<{ id: number; taken: number }>(
    tx,
    sql`select ticket_id as id, coalesce(sum(taken), 0)::int as taken from ticket_dates
        where ticket_id in (${sql.join(
          locked.map((r) => sql`${r.id}`),
          sql`, `,
        )}) group by ticket_id`,
  );
  const covered = rows.filter((r) => after.applies_to === 'ALL' || after.ticket_ids.includes(Number(r.id)));
  const taken = covered.reduce((s, r) => s + Number(r.taken), 0);
  if (after.enabled && after.capacity !== null && after.capacity < taken) throw belowTaken('capacity', taken);
  return taken;
}

/** Locks a promo code for an edit and refuses a use limit below the uses it already has. */
export async function lockPromoLimit(tx: Tx, promoId: number, maxUses: number | null): Promise<void> {
  const [row] = await rowsOf<{ taken: number }>(
    tx,
    sql`select taken from promo_codes where id = ${promoId} for update`,
  );
  if (row && maxUses !== null && maxUses < Number(row.taken))
    throw belowTaken('max_uses', Number(row.taken), 'below_uses');
}
