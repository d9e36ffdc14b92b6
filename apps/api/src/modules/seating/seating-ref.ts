import { eq } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { eventSeatCategories, eventSeating } from '../../db/schema/index.js';

/** What a checkout needs of an event's seating: the version it sells and what each category sells as. */
export interface EventSeatingRef {
  versionId: number;
  /** Category name to the ticket (and tier) it sells as; a category left out is not sold. */
  categories: ReadonlyMap<string, { ticket_id: number; tier_id: number | null }>;
  /** Tickets sold by seat: a buyer names a place for each unit of them. */
  seatedTickets: ReadonlySet<number>;
}

/** The event's seating as a checkout reads it (with the rest of its catalogue), or null when it sells no seats. */
export async function loadSeatingRef(db: Executor, eventId: number): Promise<EventSeatingRef | null> {
  const [pinned] = await db
    .select({ version_id: eventSeating.version_id })
    .from(eventSeating)
    .where(eq(eventSeating.event_id, eventId));
  if (!pinned) return null;
  const mapped = await db
    .select({
      category: eventSeatCategories.category,
      ticket_id: eventSeatCategories.ticket_id,
      tier_id: eventSeatCategories.tier_id,
    })
    .from(eventSeatCategories)
    .where(eq(eventSeatCategories.event_id, eventId));
  return {
    versionId: pinned.version_id,
    categories: new Map(mapped.map((m) => [m.category, { ticket_id: m.ticket_id, tier_id: m.tier_id }])),
    seatedTickets: new Set(mapped.map((m) => m.ticket_id)),
  };
}
