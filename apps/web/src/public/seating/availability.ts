import type { PublicSeatAvailabilityDto } from '@admitone/shared';

import type { Places } from './seat-choice';
import type { SeatIndex } from './seat-index';

/** What is free on the date, as the picker asks it: places taken, and the places left in each standing area. */
export interface Availability {
  unavailable: ReadonlySet<number>;
  standingLeft: ReadonlyMap<number, number>;
}

export const allFree: Availability = { unavailable: new Set(), standingLeft: new Map() };

/** The answer of `GET .../seating/availability` as sets to look places up in. */
export const availabilityOf = (answer: PublicSeatAvailabilityDto): Availability => ({
  unavailable: new Set(answer.unavailable),
  standingLeft: new Map(answer.standing.map((s) => [s.id, s.left])),
});

/** Places left in a standing area (its capacity when nothing is taken). */
export function standingLeft(availability: Availability, index: SeatIndex, id: number): number {
  if (availability.unavailable.has(id)) return 0;
  return availability.standingLeft.get(id) ?? index.standingById.get(id)?.capacity ?? 0;
}

/**
 * The choice kept after new availability: seats taken by someone else are dropped, a standing area keeps no more
 * than is left. `lost`: the place ids dropped (a standing area's once per place).
 */
export function keepAvailable(places: Places, availability: Availability, index: SeatIndex) {
  const lost: number[] = [];
  let next: Record<number, number> | null = null;
  for (const [key, count] of Object.entries(places)) {
    const id = Number(key);
    const left = index.standingById.has(id)
      ? standingLeft(availability, index, id)
      : availability.unavailable.has(id)
        ? 0
        : count;
    if (left >= count) continue;
    next ??= { ...places };
    lost.push(...Array<number>(count - left).fill(id));
    if (left > 0) next[id] = left;
    else delete next[id];
  }
  return { places: next ?? places, lost };
}
