import type { reserveOrderBody } from '@admitone/shared';
import type { z } from 'zod';

import { DomainError, type FieldIssues } from '../../shared/errors.js';
import type { EventSeatingRef } from './seating-ref.js';
import type { Place, PlaceMap } from './seats.js';

type Items = z.output<typeof reserveOrderBody>['items'];

/** A place a buyer named: on which line of the body (`item`) and where in its list (`index`). */
export interface PickedPlace {
  item: number;
  index: number;
  place: Place;
}

/** The places a reservation takes, by the ticket and tier they sell as (`lineKey`), in the body's order. */
export interface SeatPicks {
  all: PickedPlace[];
  byLine: Map<string, Place[]>;
}

/** The key of a line's ticket and tier. */
export const lineKey = (ticketId: number, tierId: number | null) => `${ticketId}:${tierId ?? ''}`;

/** How a place reads to a buyer: section, row, seat. */
export const placeLabel = (p: Pick<Place, 'zone' | 'row_label' | 'seat_number'>) =>
  [p.zone, p.row_label, p.seat_number].filter(Boolean).join(' ');

/**
 * Checks the places a buyer named against the event's seating, each problem on its field: a seated ticket names one
 * place per unit (`items.{i}.seats`), an unseated one none; each place is on the version the event sells, of a
 * category sold as that line's ticket and tier, named once (a standing area may be named for several units), and a
 * table sold whole is taken with every seat at it. Whether the places are free is decided under the locks.
 */
export function checkSeatPicks(seating: EventSeatingRef | null, places: PlaceMap | null, items: Items): SeatPicks {
  const issues: FieldIssues = {};
  const add = (path: string, issue: FieldIssues[string][number]) => (issues[path] ??= []).push(issue);
  const all: PickedPlace[] = [];
  const byLine = new Map<string, Place[]>();
  const seen = new Set<number>();
  items.forEach((item, i) => {
    const seated = !!seating?.seatedTickets.has(item.ticket_id);
    if (!seated) {
      if (item.seats.length) add(`items.${i}.seats`, { key: 'seats_not_seated' });
      return;
    }
    if (item.quantity === 0) return;
    if (!item.seats.length) return add(`items.${i}.seats`, { key: 'seats_required' });
    if (item.seats.length !== item.quantity)
      return add(`items.${i}.seats`, { key: 'seats_count', values: { count: item.quantity } });
    item.seats.forEach((id, j) => {
      const at = `items.${i}.seats.${j}`;
      const place = places?.byId.get(id);
      if (!place) return add(at, { key: 'seat_unknown' });
      const sells = seating!.categories.get(place.category);
      if (!sells || sells.ticket_id !== item.ticket_id || (sells.tier_id ?? null) !== (item.tier_id ?? null))
        return add(at, { key: 'seat_wrong_ticket' });
      if (place.places === 1 && seen.has(id)) return add(at, { key: 'seat_twice' });
      seen.add(id);
      all.push({ item: i, index: j, place });
      const key = lineKey(item.ticket_id, item.tier_id);
      byLine.set(key, [...(byLine.get(key) ?? []), place]);
    });
  });
  // A table sold whole: every seat at it, or none.
  const tables = new Set(all.map((p) => p.place.whole_table).filter((t): t is string => t !== null));
  for (const table of tables) {
    const at = places!.all.filter((p) => p.whole_table === table);
    if (at.every((p) => seen.has(p.id))) continue;
    const first = all.find((p) => p.place.whole_table === table)!;
    add(`items.${first.item}.seats.${first.index}`, { key: 'seat_table_whole' });
  }
  if (Object.keys(issues).length) throw new DomainError('VALIDATION_FAILED', { fields: issues });
  return { all, byLine };
}

/** Buyers told which of the places they named were taken meanwhile (nothing was held). */
export function seatsTaken(picks: SeatPicks, lost: ReadonlySet<number>): DomainError {
  const fields: FieldIssues = {};
  const named = new Set<number>();
  // Each place once (a standing area named for several units: on its first).
  for (const p of picks.all)
    if (lost.has(p.place.id) && !named.has(p.place.id)) {
      named.add(p.place.id);
      fields[`items.${p.item}.seats.${p.index}`] = [{ key: 'seat_taken', values: { seat: placeLabel(p.place) } }];
    }
  return new DomainError('SEATS_TAKEN', { fields });
}
