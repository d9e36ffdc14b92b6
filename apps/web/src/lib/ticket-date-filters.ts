import { readIds } from './url-list-state';

/** The ticket and date filters an event's order and attendee lists share, kept in the address. */
export interface TicketDateFilters {
  /** Rows with any of these tickets (`ticket=3,5`). */
  tickets: number[];
  /** Rows for this date of the event (events with several dates; `date=40`). */
  date: number | null;
}

/** The address parameters the two filters are kept in. */
export const TICKET_DATE_KEYS = ['ticket', 'date'] as const;

/** The two filters as the API's lists name them. */
export type TicketDateApiFilters = { ticket_id: string; event_date_id: string };

/** Reads the two filters; unknown values count as none. */
export const readTicketDateFilters = (search: URLSearchParams): TicketDateFilters => ({
  tickets: readIds(search.get('ticket')),
  date: readIds(search.get('date'))[0] ?? null,
});

/** Writes the two filters, leaving out the ones that are not set. */
export function writeTicketDateFilters(params: URLSearchParams, state: TicketDateFilters): void {
  if (state.tickets.length) params.set('ticket', state.tickets.join(','));
  if (state.date !== null) params.set('date', String(state.date));
}

/** The two filters as the API names them (an unset one is null or empty). */
export const ticketDateApiFilters = (state: TicketDateFilters) => ({
  ticket_id: state.tickets.join(','),
  event_date_id: state.date === null ? null : String(state.date),
});
