import type { TicketWithParts } from '../tickets/tickets.repository.js';
import type { Catalogue } from './catalogue.js';
import type { CatalogueDate } from './catalogue-dates.js';

/**
 * Passes (docs/DOMAIN.md, "Passes"): a ticket marked `is_pass` admits once on every date it is sold on that is
 * still ahead. One pass takes a unit on each of those dates, all or nothing, through the same chain of counters as
 * any ticket (a date sold out, or marked so, stops the pass). Its price is the ticket's own (a date's price
 * override is for that date's tickets); priced by the dates that remain, it is that price times the share of its
 * dates not yet over.
 */

/** Whether the ticket is sold on the date (it is unless the organizer switched it off there). */
const soldOn = (c: Catalogue, ticketId: number, dateId: number) =>
  c.dates.ticketDates.get(`${ticketId}:${dateId}`)?.enabled ?? true;

const over = (d: CatalogueDate, now: Date) => (d.end_date ?? d.start_date) <= now;

/** The dates a pass is for: sold there and neither cancelled nor hidden from buyers. */
function passDatesOf(c: Catalogue, ticketId: number): CatalogueDate[] {
  return c.dates.dates.filter((d) => d.status !== 'CANCELLED' && d.status !== 'HIDDEN' && soldOn(c, ticketId, d.id));
}

/** The dates a pass bought now admits on: its dates not yet over, in time order (to pick from, for any N). */
export function passDatesAhead(c: Catalogue, ticketId: number, now: Date): CatalogueDate[] {
  return passDatesOf(c, ticketId).filter((d) => !over(d, now));
}

/**
 * The dates a pass takes a unit on when bought: all its dates ahead, or none for a pass whose holder picks N of
 * them later (each pick takes its own; self-service/pass-picks.ts).
 */
export function passDatesTaken(c: Catalogue, t: TicketWithParts['ticket'], now: Date): CatalogueDate[] {
  return t.pass_picks === null ? passDatesAhead(c, t.id, now) : [];
}

/** The price of a prorated pass bought now: rounded to the minor unit, never above the full price. */
export function proratedPrice(price: number, ahead: number, all: number): number {
  if (all <= 0 || ahead >= all) return price;
  return Math.round((price * ahead) / all);
}

/**
 * The pass as it sells now: its own price (`catalogueOnDate` keeps it), prorated where the organizer asked. Other
 * tickets are returned as they are.
 */
export function passAsSold(c: Catalogue, t: TicketWithParts, now: Date): TicketWithParts {
  if (!t.ticket.is_pass) return t;
  let price = t.ticket.price;
  if (t.ticket.pass_prorated && t.ticket.pass_picks === null && price !== null) {
    const all = passDatesOf(c, t.ticket.id);
    price = proratedPrice(price, all.filter((d) => !over(d, now)).length, all.length);
  }
  return { ...t, ticket: { ...t.ticket, price } };
}
