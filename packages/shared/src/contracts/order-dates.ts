import { z } from 'zod';

import { type EventLocation, eventLocationOutSchema } from './event-edit.js';

/**
 * The date an order or a ticket is for: an event has one or more dates and a buyer's order is for one of
 * them. Order and ticket pages, mails, documents, lists and check-in show its time (in the event's time
 * zone), its label and its venue where it replaces the event's. With one date, its times are the event's.
 */
export interface OrderDateDto {
  id: number;
  /** Instants (ISO 8601, UTC); shown in the event's time zone. */
  start_date: string;
  end_date: string | null;
  /** "Premiere", "Matinee"; null: none. */
  label: string | null;
  /** This date's own venue; null: the event's. */
  location: EventLocation | null;
}

export const orderDateSchema = z.object({
  id: z.number().int(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  label: z.string().nullable(),
  location: eventLocationOutSchema.nullable(),
}) satisfies z.ZodType<OrderDateDto>;

/** Where and when an order or a ticket takes place: its date's times and venue, else the event's. */
export function whenAndWhere<E extends { start_date: string; end_date: string | null; location: EventLocation }>(
  event: E,
  date: OrderDateDto | null | undefined,
): { start_date: string; end_date: string | null; location: EventLocation; label: string | null } {
  if (!date) return { start_date: event.start_date, end_date: event.end_date, location: event.location, label: null };
  return {
    start_date: date.start_date,
    end_date: date.end_date,
    location: date.location ?? event.location,
    label: date.label,
  };
}
