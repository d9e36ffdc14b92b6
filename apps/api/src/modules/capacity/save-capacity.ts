import type { capacityAssignmentBody } from '@admitone/shared';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';

import type { Db, Tx } from '../../db/client.js';
import { capacityAssignments, capacityAssignmentTickets, tickets } from '../../db/schema/index.js';
import { DomainError } from '../../shared/errors.js';
import { type Coverage, lockCoverage, setCapacityCounters } from '../inventory/limits.js';
import { type CapacityRow, loadCapacities } from './capacity.repository.js';

type Body = z.output<typeof capacityAssignmentBody>;

/**
 * Checks the tickets named belong to the event, and that the event has a ticket at all
 * ("a ticket must exist before a capacity assignment can be created").
 */
async function checkTickets(tx: Tx, eventId: number, body: Body) {
  const [existing] = await tx.select({ n: count() }).from(tickets).where(eq(tickets.event_id, eventId));
  if (!existing?.n) throw new DomainError('TICKET_REQUIRED');
  if (body.applies_to === 'ALL') return [];
  const ids = [...new Set(body.ticket_ids)];
  const found = await tx
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.event_id, eventId), inArray(tickets.id, ids)));
  if (found.length !== ids.length)
    throw new DomainError('VALIDATION_FAILED', { fields: { ticket_ids: [{ key: 'not_found_choice' }] } });
  return ids;
}

const coverageOf = (r: Pick<CapacityRow, 'applies_to' | 'ticket_ids' | 'enabled' | 'capacity'>): Coverage => ({
  applies_to: r.applies_to,
  ticket_ids: r.ticket_ids,
  enabled: r.enabled,
  capacity: r.capacity,
});

/**
 * Creates (`id` null) or changes a capacity assignment. The stock module locks every ticket it covers
 * before and after (and marks their checkouts' plans stale), sets the assignment's counters on each date from
 * theirs and refuses a capacity below what they have taken on any date.
 */
export async function saveCapacity(
  db: Db,
  scope: { accountId: number; eventId: number },
  id: number | null,
  body: Body,
  now: Date,
): Promise<number> {
  return db.transaction(async (tx) => {
    const ticketIds = await checkTickets(tx, scope.eventId, body);
    const before = id === null ? null : (await loadCapacities(tx, scope.accountId, scope.eventId, id))[0];
    if (id !== null && !before) throw new DomainError('NOT_FOUND');
    const perDate = await lockCoverage(
      tx,
      scope.eventId,
      before ? coverageOf(before) : null,
      coverageOf({ ...body, ticket_ids: ticketIds }),
    );
    const values = {
      name: body.name,
      capacity: body.capacity,
      applies_to: body.applies_to,
      enabled: body.enabled,
      updated_at: now,
    };
    let capacityId = id;
    if (capacityId === null) {
      const [row] = await tx
        .insert(capacityAssignments)
        .values({ ...values, account_id: scope.accountId, event_id: scope.eventId, created_at: now })
        .returning({ id: capacityAssignments.id });
      capacityId = row!.id;
    } else {
      await tx.update(capacityAssignments).set(values).where(eq(capacityAssignments.id, capacityId));
      await tx
        .delete(capacityAssignmentTickets)
        .where(eq(capacityAssignmentTickets.capacity_assignment_id, capacityId));
    }
    await setCapacityCounters(tx, capacityId, body.enabled && body.capacity !== null, perDate);
    if (ticketIds.length)
      await tx
        .insert(capacityAssignmentTickets)
        .values(ticketIds.map((t) => ({ capacity_assignment_id: capacityId!, ticket_id: t })));
    return capacityId;
  });
}

/** Deletes a capacity assignment; the tickets it covered are locked and their checkouts plan again. */
export async function deleteCapacity(db: Db, scope: { accountId: number; eventId: number }, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await loadCapacities(tx, scope.accountId, scope.eventId, id);
    if (!before) throw new DomainError('NOT_FOUND');
    await lockCoverage(tx, scope.eventId, coverageOf(before), null);
    await tx.delete(capacityAssignments).where(eq(capacityAssignments.id, id));
  });
}
