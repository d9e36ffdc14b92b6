import { asc, eq } from 'drizzle-orm';
import { sql } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { eventDates } from '../../db/schema/index.js';
import { DomainError } from '../../shared/errors.js';
import { rowsOf } from '../inventory/counters.js';
import type { Catalogue } from './catalogue.js';

/** A date as a checkout needs it (label and venue: the buyer's answer names the date). */
export interface CatalogueDate {
  id: number;
  start_date: Date;
  end_date: Date | null;
  status: (typeof eventDates.$inferSelect)['status'];
  label: string | null;
  location: (typeof eventDates.$inferSelect)['location'];
}

/** How a ticket differs on one date from itself (only rows that differ are kept). */
export interface TicketOnDate {
  enabled: boolean;
  price: number | null;
}

/** The event's dates in order, and what its tickets do differently on some of them. */
export interface CatalogueDates {
  dates: CatalogueDate[];
  /** Keyed `${ticketId}:${dateId}`. */
  ticketDates: Map<string, TicketOnDate>;
}

export async function loadCatalogueDates(db: Executor, eventId: number): Promise<CatalogueDates> {
  const dates = await db
    .select({
      id: eventDates.id,
      start_date: eventDates.start_date,
      end_date: eventDates.end_date,
      status: eventDates.status,
      label: eventDates.label,
      location: eventDates.location,
    })
    .from(eventDates)
    .where(eq(eventDates.event_id, eventId))
    .orderBy(asc(eventDates.start_date), asc(eventDates.id));
  const differing = await rowsOf<{ ticket_id: number; event_date_id: number; enabled: boolean; price: number | null }>(
    db,
    sql`select td.ticket_id, td.event_date_id, td.enabled, td.price from ticket_dates td join event_dates d on d.id = td.event_date_id
        where d.event_id = ${eventId} and (not td.enabled or td.price is not null)`,
  );
  return {
    dates,
    ticketDates: new Map(
      differing.map((r) => [
        `${r.ticket_id}:${r.event_date_id}`,
        { enabled: r.enabled, price: r.price === null ? null : Number(r.price) },
      ]),
    ),
  };
}

const chooseDate = (key: 'choose_date' | 'date_not_on_sale') =>
  new DomainError('VALIDATION_FAILED', { fields: { event_date_id: [{ key }] } });

/**
 * The date a buyer's order is for: the one named, or the event's only date. Refused on the field when
 * the event has several and none is named, or the named one is not the event's, not on sale, or over.
 */
export function dateOfOrder(c: Catalogue, dateId: number | null | undefined, now: Date): CatalogueDate {
  const open = c.dates.dates.filter((d) => d.status !== 'CANCELLED');
  const date = dateId ? c.dates.dates.find((d) => d.id === dateId) : open.length === 1 ? open[0] : undefined;
  if (!date) throw chooseDate('choose_date');
  if (date.status !== 'ON_SALE' || (date.end_date ?? date.start_date) <= now) throw chooseDate('date_not_on_sale');
  return date;
}

/**
 * The catalogue as it sells on one date: the date's times stand for the event's (sale windows and "the
 * event is over" apply per date), tickets not sold on it are hidden, and its own prices replace the
 * tickets' (a fixed price only; not a pass's).
 */
export function catalogueOnDate(c: Catalogue, date: CatalogueDate): Catalogue {
  return {
    ...c,
    event: { ...c.event, start_date: date.start_date, end_date: date.end_date },
    tickets: c.tickets.map((t) => {
      const own = c.dates.ticketDates.get(`${t.ticket.id}:${date.id}`);
      if (!own) return t;
      return {
        ...t,
        ticket: {
          ...t.ticket,
          is_hidden: t.ticket.is_hidden || !own.enabled,
          // A pass keeps its own price: it is for several dates (checkout/passes.ts).
          price: own.price !== null && t.ticket.type === 'PAID' && !t.ticket.is_pass ? own.price : t.ticket.price,
        },
      };
    }),
  };
}
