import type { SeatingLayout, SeatPlaceDto } from '@admitone/shared';

import { DEFAULT_SEAT_RADIUS } from '../components/SeatingPlanView';

export type SeatState = SeatPlaceDto['state'];
/** The states in the order the legend, the counts and the filters name them. */
export const SEAT_STATES: readonly SeatState[] = ['FREE', 'SOLD', 'RESERVED', 'HELD', 'KILLED'];

/** A place of the plan on a date, where it is drawn (standing areas: no seat number, drawn by their area). */
export interface MapPlace extends SeatPlaceDto {
  x: number;
  y: number;
  r: number;
  standing: boolean;
}

export interface SeatMapModel {
  /** Every place, in the plan's order. */
  places: MapPlace[];
  /** The seats alone (what is drawn, chosen and held). */
  seats: MapPlace[];
  byId: Map<number, MapPlace>;
  counts: Record<SeatState, number>;
}

interface Drawn {
  key: string;
  x: number;
  y: number;
  r: number;
  standing: boolean;
}

const keyOf = (section: string, row: string, seat: string) => `${section}\u0000${row}\u0000${seat}`;

/** The layout's places in the server's order (each zone's seats row by row, then its standing areas). */
function drawnPlaces(layout: SeatingLayout): Drawn[] {
  const out: Drawn[] = [];
  for (const zone of layout.zones) {
    for (const row of zone.rows) {
      const ox = zone.position.x + (row.position?.x ?? 0);
      const oy = zone.position.y + (row.position?.y ?? 0);
      for (const seat of row.seats)
        out.push({
          key: keyOf(zone.name, row.row_label || row.row_number, seat.seat_number),
          x: ox + seat.position.x,
          y: oy + seat.position.y,
          r: seat.radius ?? DEFAULT_SEAT_RADIUS,
          standing: false,
        });
    }
    for (const area of zone.areas ?? [])
      if (area.standing)
        out.push({
          key: keyOf(zone.name, area.standing.name, ''),
          x: zone.position.x + (area.position?.x ?? 0),
          y: zone.position.y + (area.position?.y ?? 0),
          r: 0,
          standing: true,
        });
  }
  return out;
}

/**
 * The places answer (authoritative: ids and states) placed on the pinned version's drawing. Both list the places in
 * the same order, so each is matched by its index when its section, row and seat agree, else by those labels.
 */
export function buildSeatMap(layout: SeatingLayout, answer: readonly SeatPlaceDto[]): SeatMapModel {
  const drawn = drawnPlaces(layout);
  const byKey = new Map(drawn.map((d) => [d.key, d] as const));
  const counts = Object.fromEntries(SEAT_STATES.map((s) => [s, 0])) as Record<SeatState, number>;
  const places: MapPlace[] = [];
  answer.forEach((place, i) => {
    const key = keyOf(place.seat.section, place.seat.row, place.seat.seat);
    const at = drawn[i]?.key === key ? drawn[i] : byKey.get(key);
    const standing = place.seat.seat === '';
    places.push({ ...place, x: at?.x ?? 0, y: at?.y ?? 0, r: at?.r ?? DEFAULT_SEAT_RADIUS, standing });
    if (!standing) counts[place.state]++;
  });
  const seats = places.filter((p) => !p.standing);
  return { places, seats, byId: new Map(places.map((p) => [p.id, p])), counts };
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Section, then row, then seat, numbers in their natural order (row 2 before row 10). */
export function compareSeats(a: Pick<SeatPlaceDto, 'seat'>, b: Pick<SeatPlaceDto, 'seat'>): number {
  return (
    collator.compare(a.seat.section, b.seat.section) ||
    collator.compare(a.seat.row, b.seat.row) ||
    collator.compare(a.seat.seat, b.seat.seat)
  );
}

/** Seats that may be kept off sale or given back (not sold, not in a checkout). */
export const canHold = (place: Pick<MapPlace, 'state' | 'standing'>) =>
  !place.standing && place.state !== 'SOLD' && place.state !== 'RESERVED';

export type Direction = 'up' | 'down' | 'left' | 'right';

/**
 * The seat an arrow key moves to: the nearest lying that way (within 60° of it), a step sideways counting twice a
 * step ahead, so the next seat of the row wins over a nearer one diagonally. null at the plan's edge.
 */
export function nextSeat(seats: readonly MapPlace[], from: MapPlace, direction: Direction): MapPlace | null {
  const [ax, ay] =
    direction === 'left' ? [-1, 0] : direction === 'right' ? [1, 0] : direction === 'up' ? [0, -1] : [0, 1];
  let best: MapPlace | null = null;
  let bestScore = Infinity;
  for (const seat of seats) {
    const dx = seat.x - from.x;
    const dy = seat.y - from.y;
    const ahead = dx * ax + dy * ay;
    if (ahead <= from.r * 0.25) continue;
    const aside = Math.abs(dx * ay - dy * ax);
    if (aside > ahead * 1.8) continue;
    const score = ahead + 2 * aside;
    if (score < bestScore) [best, bestScore] = [seat, score];
  }
  return best;
}

/** The seat under a point of the plan (within its radius and a little more), nearest first. */
export function seatAtPoint(seats: readonly MapPlace[], x: number, y: number): MapPlace | null {
  let best: MapPlace | null = null;
  let bestDistance = Infinity;
  for (const seat of seats) {
    const d = Math.hypot(seat.x - x, seat.y - y);
    if (d <= seat.r * 1.25 && d < bestDistance) [best, bestDistance] = [seat, d];
  }
  return best;
}

/** The seats whose centres lie in a box of the plan. */
export function seatsInBox(
  seats: readonly MapPlace[],
  box: { x1: number; y1: number; x2: number; y2: number },
): MapPlace[] {
  const [left, right] = [Math.min(box.x1, box.x2), Math.max(box.x1, box.x2)];
  const [top, bottom] = [Math.min(box.y1, box.y2), Math.max(box.y1, box.y2)];
  return seats.filter((s) => s.x >= left && s.x <= right && s.y >= top && s.y <= bottom);
}
