import type { CapacityAssignmentDto } from '@admitone/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { capacityAssignments, capacityAssignmentTickets } from '../../db/schema/index.js';
import type { CapacityStock } from '../tickets/availability.js';

export type CapacityRow = typeof capacityAssignments.$inferSelect & { ticket_ids: number[] };

/** An event's capacity assignments with the tickets each covers. */
export async function loadCapacities(
  db: Executor,
  accountId: number,
  eventId: number,
  only?: number,
): Promise<CapacityRow[]> {
  const rows = await db
    .select()
    .from(capacityAssignments)
    .where(
      and(
        eq(capacityAssignments.account_id, accountId),
        eq(capacityAssignments.event_id, eventId),
        only ? eq(capacityAssignments.id, only) : undefined,
      ),
    )
    .orderBy(asc(capacityAssignments.id));
  if (!rows.length) return [];
  const links = await db
    .select()
    .from(capacityAssignmentTickets)
    .where(
      inArray(
        capacityAssignmentTickets.capacity_assignment_id,
        rows.map((r) => r.id),
      ),
    );
  return rows.map((r) => ({
    ...r,
    ticket_ids: links
      .filter((l) => l.capacity_assignment_id === r.id)
      .map((l) => l.ticket_id)
      .sort((a, b) => a - b),
  }));
}

/** The shape the stock rule reads. */
export const toCapacityStock = (r: CapacityRow): CapacityStock => ({
  id: r.id,
  capacity: r.capacity,
  enabled: r.enabled,
  applies_to: r.applies_to === 'ALL' ? 'ALL' : r.ticket_ids,
});

/** `used`: sold plus unexpired holds of the covered tickets. */
export function toCapacityDto(r: CapacityRow, used: number): CapacityAssignmentDto {
  return {
    id: r.id,
    event_id: r.event_id,
    name: r.name,
    capacity: r.capacity,
    applies_to: r.applies_to,
    ticket_ids: r.applies_to === 'ALL' ? [] : r.ticket_ids,
    enabled: r.enabled,
    used,
    available: r.capacity === null ? null : Math.max(0, r.capacity - used),
    created_at: r.created_at.toISOString(),
  };
}
