import { and, asc, eq, inArray } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { events, membershipEvents } from '../../db/schema/index.js';
import { DomainError } from '../../shared/errors.js';

/** The events a door-staff membership works, by id. */
export async function eventIdsOfMembership(db: Executor, membershipId: number): Promise<number[]> {
  const rows = await db
    .select({ id: membershipEvents.event_id })
    .from(membershipEvents)
    .where(eq(membershipEvents.membership_id, membershipId))
    .orderBy(asc(membershipEvents.event_id));
  return rows.map((r) => r.id);
}

/** The events of several memberships (the Users list), one query. */
export async function eventIdsOfMemberships(
  db: Executor,
  membershipIds: readonly number[],
): Promise<Map<number, number[]>> {
  const byMembership = new Map<number, number[]>();
  if (!membershipIds.length) return byMembership;
  const rows = await db
    .select({ membership: membershipEvents.membership_id, event: membershipEvents.event_id })
    .from(membershipEvents)
    .where(inArray(membershipEvents.membership_id, [...membershipIds]))
    .orderBy(asc(membershipEvents.event_id));
  for (const r of rows) byMembership.set(r.membership, [...(byMembership.get(r.membership) ?? []), r.event]);
  return byMembership;
}

/**
 * Replaces the events a membership works. Every id must be an event of the account (another account's
 * event is refused like an unknown one, as a field error on `event_ids`); an empty list clears them.
 */
export async function setMembershipEvents(
  tx: Executor,
  accountId: number,
  membershipId: number,
  eventIds: readonly number[],
): Promise<void> {
  const wanted = [...new Set(eventIds)];
  if (wanted.length) {
    const found = await tx
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.account_id, accountId), inArray(events.id, wanted)));
    if (found.length !== wanted.length)
      throw new DomainError('VALIDATION_FAILED', { fields: { event_ids: [{ key: 'not_found_choice' }] } });
  }
  await tx.delete(membershipEvents).where(eq(membershipEvents.membership_id, membershipId));
  if (wanted.length)
    await tx.insert(membershipEvents).values(wanted.map((event_id) => ({ membership_id: membershipId, event_id })));
}
