import type { EventSeatingDto, SeatPlaceDto } from '@admitone/shared';

type Categories = EventSeatingDto['categories'];

/** The ticket is sold by seat: a category of the event's plan sells as it. */
export const isSeatedTicket = (categories: Categories | undefined, ticketId: number | null) =>
  ticketId !== null && !!categories?.some((c) => c.ticket_id === ticketId);

/**
 * The places an organizer may give a ticket and tier (issue #40): those of a category sold as exactly them, free or
 * held (the house's to give), in section, row and seat order.
 */
export function fittingSeats(
  places: readonly SeatPlaceDto[],
  categories: Categories,
  ticketId: number,
  tierId: number | null,
): SeatPlaceDto[] {
  const fits = new Set(
    categories.filter((c) => c.ticket_id === ticketId && (c.tier_id ?? null) === tierId).map((c) => c.category),
  );
  return places.filter((p) => fits.has(p.category) && (p.state === 'FREE' || p.state === 'HELD')).sort(byPlace);
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
const byPlace = ({ seat: a }: SeatPlaceDto, { seat: b }: SeatPlaceDto) =>
  collator.compare(a.section, b.section) || collator.compare(a.row, b.row) || collator.compare(a.seat, b.seat);
