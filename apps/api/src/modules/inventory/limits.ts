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
export const belowTaken = (
  field: string,
  taken: number,
  key: 'below_taken' | 'below_uses' | 'below_claimed' = 'below_taken',
) => new DomainError('VALIDATION_FAILED', { fields: { [field]: [{ key, values: { taken } }] } });

/**
 * Locks a ticket for an edit and returns what it and each of its tiers have taken; null when the ticket is gone.
 * Quantities are per date, so a ticket's `taken` here is the most it has taken on any date that follows the
 * ticket's quantity (no quantity of its own there), and a tier's the most it has taken on any date. Those counters
 * need no lock of their own: every change to them goes through a chain that holds the ticket first
 * (inventory/changes.ts keeps the ticket's link even when its units only move between dates or tiers).
 */
export async function lockTicketStock(
  tx: Tx,
  ticketId: number,
): Promise<{ taken: number; tiers: Map<number, number> } | null> {
  const [ticket] = await rowsOf<{ id: number }>(tx, sql`select id from tickets where id = ${ticketId} for update`);
  if (!ticket) return null;
  const tiers = await rowsOf<{ id: number; taken: number }>(
    tx,
    sql`select x.id, coalesce((select max(td.taken) from tier_dates td where td.tier_id = x.id), 0)::int as taken
        from ticket_tiers x where x.ticket_id = ${ticketId} order by x.id`,
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
 * the tickets covered afterwards have taken on each date (date id to units), which becomes the assignment's
 * counters (`setCapacityCounters`); a limit below what they took on any date is refused.
 */
export async function lockCoverage(
  tx: Tx,
  eventId: number,
  before: Coverage | null,
  after: Coverage | null,
): Promise<Map<number, number>> {
  await tx.execute(sql`select id from events where id = ${eventId} for no key update`);
  const all = before?.applies_to === 'ALL' || after?.applies_to === 'ALL';
  const ids = [...new Set([...(before?.ticket_ids ?? []), ...(after?.ticket_ids ?? [])])];
  const perDate = new Map<number, number>();
  if (!all && !ids.length) return perDate;
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
  const covered = locked
    .map((r) => Number(r.id))
    .filter((id) => after?.applies_to === 'ALL' || after?.ticket_ids.includes(id));
  if (!after || !covered.length) return perDate;
  // What they took on each date, read after the locks (a sale holds its ticket's row shared until it commits).
  const rows = await rowsOf<{ date_id: number; taken: number }>(
    tx,
    sql`select event_date_id as date_id, sum(taken)::int as taken from ticket_dates
        where ticket_id in (${sql.join(
          covered.map((id) => sql`${id}`),
          sql`, `,
        )}) group by event_date_id having sum(taken) > 0`,
  );
  for (const r of rows) perDate.set(Number(r.date_id), Number(r.taken));
  const most = Math.max(0, ...perDate.values());
  if (after.enabled && after.capacity !== null && after.capacity < most) throw belowTaken('capacity', most);
  return perDate;
}

/**
 * Sets a capacity assignment's counters on each date to what `lockCoverage` found its tickets took (under its
 * locks): none while it does not limit (disabled, or no capacity), as the stock module then leaves it out.
 */
export async function setCapacityCounters(
  tx: Tx,
  capacityId: number,
  limits: boolean,
  perDate: ReadonlyMap<number, number>,
): Promise<void> {
  await tx.execute(sql`delete from capacity_dates where capacity_assignment_id = ${capacityId}`);
  if (!limits || !perDate.size) return;
  await tx.execute(
    sql`insert into capacity_dates (capacity_assignment_id, event_date_id, taken) values ${sql.join(
      [...perDate].map(([dateId, taken]) => sql`(${capacityId}, ${dateId}, ${taken})`),
      sql`, `,
    )}`,
  );
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
