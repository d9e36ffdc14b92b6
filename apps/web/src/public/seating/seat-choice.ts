import type { SeatIndex, SeatInfo } from './seat-index';

/** What the buyer chose on the plan: place id -> how many (1 for a seat; a standing area's places). */
export type Places = Readonly<Record<number, number>>;

export const noPlaces: Places = {};

/** The place ids chosen, a standing area's once per place (as a reservation names them). */
export const placeIds = (places: Places): number[] =>
  Object.entries(places).flatMap(([id, count]) => Array<number>(count).fill(Number(id)));

/** How many places are chosen in all. */
export const placeCount = (places: Places): number => Object.values(places).reduce((sum, n) => sum + n, 0);

/** The seats a tap on `seat` takes or gives back together: every seat of a table sold whole, else the seat. */
export const seatGroup = (index: SeatIndex, seat: SeatInfo): SeatInfo[] =>
  index.rows[seat.row]!.whole ? index.rows[seat.row]!.seats.map((i) => index.seats[i]!) : [seat];

/**
 * The choice after a tap on a seat: a chosen one is given back (with its whole table), a free one taken (with its
 * whole table, when every seat of it is free). Unchanged when the seat (or one of its table) cannot be chosen.
 */
export function toggleSeat(places: Places, index: SeatIndex, seat: SeatInfo, free: (s: SeatInfo) => boolean): Places {
  const group = seatGroup(index, seat);
  const next: Record<number, number> = { ...places };
  if (places[seat.id]) {
    for (const s of group) delete next[s.id];
    return next;
  }
  if (!group.every(free)) return places;
  for (const s of group) next[s.id] = 1;
  return next;
}

/** The choice with a standing area's places set to `count` (0: none). */
export function withStanding(places: Places, id: number, count: number): Places {
  const next: Record<number, number> = { ...places };
  if (count > 0) next[id] = count;
  else delete next[id];
  return next;
}

/** The choice with the seats of `category` replaced by `seatIds` (best available for a category). */
export function withCategorySeats(places: Places, index: SeatIndex, category: number, seatIds: number[]): Places {
  const next: Record<number, number> = {};
  for (const [id, count] of Object.entries(places)) {
    const i = index.byId.get(Number(id));
    if (i === undefined || index.seats[i]!.category !== category) next[Number(id)] = count;
  }
  for (const id of seatIds) next[id] = 1;
  return next;
}

/** The choice without the places named (a standing area's id once per place lost). */
export function withoutPlaces(places: Places, lost: number[]): Places {
  const next: Record<number, number> = { ...places };
  for (const id of lost) {
    const left = (next[id] ?? 0) - 1;
    if (left > 0) next[id] = left;
    else delete next[id];
  }
  return next;
}
