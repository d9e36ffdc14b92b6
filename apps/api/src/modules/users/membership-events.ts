import { type Role, roleHasEventScope, roleHasOrganizerScope } from '@admitone/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { events, membershipEvents, membershipOrganizers, organizers } from '../../db/schema/index.js';
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

/** The organizers an Organizer-role membership is limited to, by id (none: every organizer). */
export async function organizerIdsOfMembership(db: Executor, membershipId: number): Promise<number[]> {
  const rows = await db
    .select({ id: membershipOrganizers.organizer_id })
    .from(membershipOrganizers)
    .where(eq(membershipOrganizers.membership_id, membershipId))
    .orderBy(asc(membershipOrganizers.organizer_id));
  return rows.map((r) => r.id);
}

/** The organizers of several memberships (the Users list), one query. */
export async function organizerIdsOfMemberships(
  db: Executor,
  membershipIds: readonly number[],
): Promise<Map<number, number[]>> {
  const byMembership = new Map<number, number[]>();
  if (!membershipIds.length) return byMembership;
  const rows = await db
    .select({ membership: membershipOrganizers.membership_id, organizer: membershipOrganizers.organizer_id })
    .from(membershipOrganizers)
    .where(inArray(membershipOrganizers.membership_id, [...membershipIds]))
    .orderBy(asc(membershipOrganizers.organizer_id));
  for (const r of rows) byMembership.set(r.membership, [...(byMembership.get(r.membership) ?? []), r.organizer]);
  return byMembership;
}

/**
 * Replaces the organizers a membership is limited to. Every id must be an organizer of the account (another
 * account's is refused like an unknown one, as a field error on `organizer_ids`); an empty list lifts the limit.
 */
export async function setMembershipOrganizers(
  tx: Executor,
  accountId: number,
  membershipId: number,
  organizerIds: readonly number[],
): Promise<void> {
  const wanted = [...new Set(organizerIds)];
  if (wanted.length) {
    const found = await tx
      .select({ id: organizers.id })
      .from(organizers)
      .where(and(eq(organizers.account_id, accountId), inArray(organizers.id, wanted)));
    if (found.length !== wanted.length)
      throw new DomainError('VALIDATION_FAILED', { fields: { organizer_ids: [{ key: 'not_found_choice' }] } });
  }
  await tx.delete(membershipOrganizers).where(eq(membershipOrganizers.membership_id, membershipId));
  if (wanted.length)
    await tx
      .insert(membershipOrganizers)
      .values(wanted.map((organizer_id) => ({ membership_id: membershipId, organizer_id })));
}

/** What a member works: some organizers (and their events), some events, or (null, null) everything. */
export interface MemberScope {
  organizerIds: number[] | null;
  eventIds: number[] | null;
}

/**
 * The scope of a membership, read on every request (a change counts at once): door staff their events; an organizer
 * limited to some organizers those organizers and every event of theirs (one query, events made later included).
 */
export async function scopeOfMembership(db: Executor, membership: { id: number; role: Role }): Promise<MemberScope> {
  if (roleHasEventScope(membership.role))
    return { organizerIds: null, eventIds: await eventIdsOfMembership(db, membership.id) };
  if (!roleHasOrganizerScope(membership.role)) return { organizerIds: null, eventIds: null };
  const rows = await db
    .select({ organizer: membershipOrganizers.organizer_id, event: events.id })
    .from(membershipOrganizers)
    .leftJoin(events, eq(events.organizer_id, membershipOrganizers.organizer_id))
    .where(eq(membershipOrganizers.membership_id, membership.id));
  if (!rows.length) return { organizerIds: null, eventIds: null };
  return {
    organizerIds: [...new Set(rows.map((r) => r.organizer))].sort((a, b) => a - b),
    eventIds: rows.flatMap((r) => (r.event === null ? [] : [r.event])).sort((a, b) => a - b),
  };
}
