import type { FieldErrors, PublicEventDto, PublicSeatingDto, PublicTicketDto } from '@admitone/shared';

import { emptySelection, lineKey, unitTotal } from '../selector/selection';
import type { Places } from './seat-choice';
import type { SeatIndex } from './seat-index';

/** What a category of the plan sells as on the chosen date: a ticket (a tier of it), its line key and unit price. */
export interface CategoryLine {
  key: string;
  ticket: PublicTicketDto;
  tierId: number | null;
  /** What one place costs the buyer (minor units), as the selector totals it. */
  price: number;
}

/** Colours for categories the plan gives none (distinct on white, and never grey: grey is "taken"). */
const PALETTE = ['#7048e8', '#1c7ed6', '#0ca678', '#f08c00', '#e64980', '#1098ad', '#74b816', '#ae3ec9'];

/** A category's colour: the plan's, else one of the palette by its place in the list. */
export const categoryColour = (plan: PublicSeatingDto, category: number): string =>
  plan.categories[category]?.color || PALETTE[Math.max(0, category) % PALETTE.length]!;

/**
 * Each category's line (by index; null: not sold on this date: no ticket, a ticket not sold by seat, not listed
 * for the date, or not on sale now).
 */
export function categoryLines(plan: PublicSeatingDto, event: PublicEventDto): Array<CategoryLine | null> {
  const seated = new Set(event.seated_ticket_ids);
  return plan.categories.map((category) => {
    if (category.ticket_id === null || !seated.has(category.ticket_id)) return null;
    const ticket = event.tickets.find((t) => t.id === category.ticket_id);
    if (!ticket) return null;
    if (ticket.type === 'TIERED') {
      const tier = ticket.tiers.find((t) => t.id === category.tier_id);
      if (!tier || tier.sale_state !== 'ON_SALE') return null;
      return {
        key: lineKey(ticket.id, tier.id),
        ticket,
        tierId: tier.id,
        price: unitTotal(event, ticket, tier.id, emptySelection()),
      };
    }
    if (ticket.sale_state !== 'ON_SALE') return null;
    return { key: lineKey(ticket.id), ticket, tierId: null, price: unitTotal(event, ticket, null, emptySelection()) };
  });
}

/** The category a place (a seat or a standing area) belongs to, or -1. */
export function placeCategory(index: SeatIndex, id: number): number {
  const seat = index.byId.get(id);
  if (seat !== undefined) return index.seats[seat]!.category;
  return index.standingById.get(id)?.category ?? -1;
}

/**
 * The places chosen grouped by the line they are sold as (line key -> place ids, a standing area's once per place),
 * in plan order; places of categories not on sale are left out.
 */
export function seatsByLine(places: Places, index: SeatIndex, lines: Array<CategoryLine | null>) {
  const out: Record<string, number[]> = {};
  for (const [key, count] of Object.entries(places)) {
    const id = Number(key);
    const line = lines[placeCategory(index, id)];
    if (!line || count <= 0) continue;
    (out[line.key] ??= []).push(...Array<number>(count).fill(id));
  }
  return out;
}

/** A place lost to another buyer, as a refused reservation names it (`items.{i}.seats.{j}`). */
export interface LostPlace {
  id: number;
  message: string;
}

/**
 * The places a `SEATS_TAKEN` answer names, from the request's items (`items.{i}.seats.{j}` is the j-th place of the
 * i-th item sent).
 */
export function lostPlaces(fieldErrors: FieldErrors, items: Array<{ seats?: number[] }>): LostPlace[] {
  const lost: LostPlace[] = [];
  for (const [path, messages] of Object.entries(fieldErrors)) {
    const match = /^items\.(\d+)\.seats\.(\d+)$/.exec(path);
    if (!match) continue;
    const id = items[Number(match[1])]?.seats?.[Number(match[2])];
    if (id !== undefined) lost.push({ id, message: messages.join(' ') });
  }
  return lost;
}
