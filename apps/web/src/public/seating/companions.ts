import type { SeatIndex, SeatInfo } from './seat-index';

/** The most companion seats a wheelchair space is booked with. */
export const MAX_COMPANIONS = 3;

export const isWheelchair = (seat: SeatInfo) => seat.features.includes('WHEELCHAIR');

/**
 * The companion seats beside a wheelchair space that can be chosen with it (none for another seat): the row's seats
 * marked COMPANION next to it on either side (a run of them, ended by any other seat), free, nearest first, at most
 * three.
 */
export function companionSeats(index: SeatIndex, space: SeatInfo, free: (seat: SeatInfo) => boolean): SeatInfo[] {
  if (!isWheelchair(space)) return [];
  const row = index.rows[space.row]!.seats.map((i) => index.seats[i]!);
  const found: Array<{ seat: SeatInfo; distance: number }> = [];
  for (const step of [-1, 1]) {
    for (let i = space.inRow + step; i >= 0 && i < row.length; i += step) {
      const seat = row[i]!;
      if (!seat.features.includes('COMPANION')) break;
      if (free(seat)) found.push({ seat, distance: Math.abs(i - space.inRow) });
    }
  }
  return found
    .sort((a, b) => a.distance - b.distance || a.seat.inRow - b.seat.inRow)
    .slice(0, MAX_COMPANIONS)
    .map((f) => f.seat)
    .sort((a, b) => a.inRow - b.inRow);
}
