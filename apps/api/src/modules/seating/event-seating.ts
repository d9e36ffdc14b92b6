import type { eventSeatingBody, EventSeatingDto, IssueKey, SeatingLayout } from '@admitone/shared';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';

import type { Db, Executor } from '../../db/client.js';
import {
  eventSeatCategories,
  eventSeating,
  seatingPlans,
  seatingPlanVersions,
  tickets,
  ticketTiers,
} from '../../db/schema/index.js';
import { DomainError, type FieldIssues } from '../../shared/errors.js';
import { lockSeatedTickets, repinPlaces } from './seat-repin.js';
import { ensurePlaces } from './seats.js';

type Body = z.output<typeof eventSeatingBody>;
type EventRef = { id: number; account_id: number; organizer_id: number };

/** Seats and standing places of each category of a layout. */
function perCategory(layout: SeatingLayout) {
  const counts = new Map(layout.categories.map((c) => [c.name, { seats: 0, standing: 0 }]));
  for (const zone of layout.zones) {
    for (const row of zone.rows)
      for (const seat of row.seats) {
        const of = counts.get(seat.category);
        if (of) of.seats++;
      }
    for (const area of zone.areas ?? []) {
      const of = area.standing && counts.get(area.standing.category);
      if (of) of.standing += area.standing!.capacity;
    }
  }
  return counts;
}

/** The event's plan (its version and the latest of its plan) and its categories with what they sell as. */
export async function eventSeatingOf(db: Executor, eventId: number): Promise<EventSeatingDto> {
  const [pinned] = await db
    .select({
      plan_id: seatingPlans.id,
      name: seatingPlans.name,
      version: seatingPlanVersions.version,
      layout: seatingPlanVersions.layout,
      latest: sql<number>`(select max(v.version) from seating_plan_versions v where v.plan_id = ${seatingPlans.id})`,
    })
    .from(eventSeating)
    .innerJoin(seatingPlanVersions, eq(seatingPlanVersions.id, eventSeating.version_id))
    .innerJoin(seatingPlans, eq(seatingPlans.id, seatingPlanVersions.plan_id))
    .where(eq(eventSeating.event_id, eventId));
  if (!pinned) return { plan: null, categories: [] };
  const mapped = await db.select().from(eventSeatCategories).where(eq(eventSeatCategories.event_id, eventId));
  const byName = new Map(mapped.map((m) => [m.category, m]));
  const counts = perCategory(pinned.layout);
  return {
    plan: { id: pinned.plan_id, name: pinned.name, version: pinned.version, latest_version: Number(pinned.latest) },
    categories: pinned.layout.categories.map((c) => ({
      category: c.name,
      color: c.color ?? null,
      seats: counts.get(c.name)?.seats ?? 0,
      standing: counts.get(c.name)?.standing ?? 0,
      ticket_id: byName.get(c.name)?.ticket_id ?? null,
      tier_id: byName.get(c.name)?.tier_id ?? null,
    })),
  };
}

/** The version of one of the organizer's plans asked for (its latest when none is named), else a field error. */
async function versionOf(db: Executor, event: EventRef, planId: number, version: number | null) {
  const [plan] = await db
    .select({ id: seatingPlans.id })
    .from(seatingPlans)
    .where(
      and(
        eq(seatingPlans.id, planId),
        eq(seatingPlans.account_id, event.account_id),
        eq(seatingPlans.organizer_id, event.organizer_id),
      ),
    );
  const field = (key: IssueKey, on = 'plan_id') =>
    new DomainError('VALIDATION_FAILED', { fields: { [on]: [{ key }] } });
  if (!plan) throw field('not_found_choice');
  const [found] = await db
    .select({ id: seatingPlanVersions.id, layout: seatingPlanVersions.layout })
    .from(seatingPlanVersions)
    .where(
      and(
        eq(seatingPlanVersions.plan_id, planId),
        version === null ? undefined : eq(seatingPlanVersions.version, version),
      ),
    )
    .orderBy(desc(seatingPlanVersions.version))
    .limit(1);
  if (!found) throw version === null ? field('seating_not_published') : field('not_found_choice', 'version');
  return found;
}

/**
 * Each category of the body checked: one of the version's, given once, sold as a ticket of the event that admits one
 * person (not a product, not a pass), with one of its tiers when tiered and none otherwise.
 */
async function checkCategories(db: Executor, eventId: number, layout: SeatingLayout, body: Body) {
  const fields: FieldIssues = {};
  const add = (path: string, key: IssueKey) => (fields[path] ??= []).push({ key });
  const ticketIds = [...new Set(body.categories.map((c) => c.ticket_id))];
  const rows = ticketIds.length
    ? await db
        .select({ id: tickets.id, type: tickets.type, product_type: tickets.product_type, is_pass: tickets.is_pass })
        .from(tickets)
        .where(and(eq(tickets.event_id, eventId), inArray(tickets.id, ticketIds)))
    : [];
  const tiers = ticketIds.length
    ? await db
        .select({ id: ticketTiers.id, ticket_id: ticketTiers.ticket_id })
        .from(ticketTiers)
        .where(inArray(ticketTiers.ticket_id, ticketIds))
    : [];
  const names = new Set(layout.categories.map((c) => c.name));
  const seen = new Set<string>();
  body.categories.forEach((c, i) => {
    if (!names.has(c.category)) add(`categories.${i}.category`, 'not_found_choice');
    else if (seen.has(c.category)) add(`categories.${i}.category`, 'seating_category_mapped_twice');
    seen.add(c.category);
    const ticket = rows.find((t) => t.id === c.ticket_id);
    if (!ticket) return add(`categories.${i}.ticket_id`, 'not_found_choice');
    if (ticket.product_type !== 'TICKET' || ticket.is_pass)
      return add(`categories.${i}.ticket_id`, 'seating_ticket_kind');
    if (ticket.type === 'TIERED' && c.tier_id === null) add(`categories.${i}.tier_id`, 'required');
    else if (c.tier_id !== null && !tiers.some((t) => t.id === c.tier_id && t.ticket_id === ticket.id))
      add(`categories.${i}.tier_id`, 'not_found_choice');
  });
  if (Object.keys(fields).length) throw new DomainError('VALIDATION_FAILED', { fields });
}

/**
 * Seats the event by a published version of one of its organizer's plans and maps its categories to tickets, or
 * (plan_id null) takes its plan away. Each problem on its field. The event's row is locked, then the tickets seated
 * before or after (docs/LOCKING.md); a move to another version keeps every sold or held place as it was, or is
 * refused (`repinPlaces`).
 */
export async function setEventSeating(db: Db, event: EventRef, body: Body, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select id from events where id = ${event.id} for no key update`);
    const [pinned] = await tx
      .select({ version_id: eventSeating.version_id })
      .from(eventSeating)
      .where(eq(eventSeating.event_id, event.id));
    const before = await tx
      .select({ ticket_id: eventSeatCategories.ticket_id })
      .from(eventSeatCategories)
      .where(eq(eventSeatCategories.event_id, event.id));
    const version = body.plan_id === null ? null : await versionOf(tx, event, body.plan_id, body.version);
    if (version) await checkCategories(tx, event.id, version.layout, body);
    // Sales of what was or will be seated finish first; checkouts planned before plan again.
    await lockSeatedTickets(tx, event.id, [
      ...before.map((c) => c.ticket_id),
      ...body.categories.map((c) => c.ticket_id),
    ]);
    if (version) await ensurePlaces(tx, version.id, version.layout);
    if ((pinned?.version_id ?? null) !== (version?.id ?? null)) await repinPlaces(tx, event.id, version?.id ?? null);
    if (!version) {
      await tx.delete(eventSeating).where(eq(eventSeating.event_id, event.id));
      return;
    }
    await tx
      .insert(eventSeating)
      .values({ event_id: event.id, version_id: version.id, updated_at: now })
      .onConflictDoUpdate({ target: eventSeating.event_id, set: { version_id: version.id, updated_at: now } });
    await tx.delete(eventSeatCategories).where(eq(eventSeatCategories.event_id, event.id));
    if (body.categories.length)
      await tx.insert(eventSeatCategories).values(
        body.categories.map((c) => ({
          event_id: event.id,
          category: c.category,
          ticket_id: c.ticket_id,
          tier_id: c.tier_id,
        })),
      );
  });
}

/** A plan one of whose versions seats an event is not deleted. */
export async function assertPlanUnused(db: Executor, planId: number): Promise<void> {
  const [used] = await db
    .select({ id: eventSeating.event_id })
    .from(eventSeating)
    .innerJoin(seatingPlanVersions, eq(seatingPlanVersions.id, eventSeating.version_id))
    .where(eq(seatingPlanVersions.plan_id, planId))
    .limit(1);
  if (used) throw new DomainError('SEATING_PLAN_IN_USE');
}
