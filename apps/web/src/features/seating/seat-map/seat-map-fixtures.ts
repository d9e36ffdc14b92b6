import type { SeatHoldDto, SeatPlaceDto } from '@admitone/shared';

/**
 * The places of `theatre` (seating-fixtures.ts) on a date, in the plan's order (test data): Ground floor rows A and B
 * (Stalls), Balcony row 1, then the Pit standing area; ids from 101. A2 is sold, A3 in a checkout, B1 and B2 held for
 * Press, Balcony 1-2 killed.
 */
export function theatrePlaces(over: Partial<Record<number, Partial<SeatPlaceDto>>> = {}): SeatPlaceDto[] {
  const seat = (id: number, section: string, row: string, n: string, category: string): SeatPlaceDto => ({
    id,
    seat: { section, row, seat: n },
    category,
    state: 'FREE',
    hold: null,
    attendees: [],
    ...over[id],
  });
  return [
    seat(101, 'Ground floor', 'A', '1', 'Stalls'),
    seat(102, 'Ground floor', 'A', '2', 'Stalls'),
    seat(103, 'Ground floor', 'A', '3', 'Stalls'),
    seat(104, 'Ground floor', 'B', '1', 'Stalls'),
    seat(105, 'Ground floor', 'B', '2', 'Stalls'),
    seat(106, 'Ground floor', 'B', '3', 'Stalls'),
    seat(107, 'Balcony', '1', '1', 'Balcony'),
    seat(108, 'Balcony', '1', '2', 'Balcony'),
    seat(109, 'Balcony', 'Pit', '', 'Balcony'),
  ];
}

const person = (id: number, name: string, order: number) => ({
  id,
  short_id: `T${id}`,
  name,
  order_id: order,
  order_number: `O-${order}`,
});

export const pressHold: SeatHoldDto = {
  id: 31,
  name: 'Press',
  kind: 'HOLD',
  seats: [104, 105],
  created_at: '2026-11-03T10:00:00.000Z',
};
export const killed: SeatHoldDto = {
  id: 32,
  name: 'Camera',
  kind: 'KILL',
  seats: [108],
  created_at: '2026-11-03T10:00:00.000Z',
};

/** The date's places with a sale, a checkout, a hold, a killed seat and two people standing. */
export const placesOnDate = () =>
  theatrePlaces({
    102: { state: 'SOLD', attendees: [person(501, 'Ada Lovelace', 77)] },
    103: { state: 'RESERVED', attendees: [person(502, 'Grace Hopper', 78)] },
    104: { state: 'HELD', hold: 'Press' },
    105: { state: 'HELD', hold: 'Press' },
    108: { state: 'KILLED', hold: 'Camera' },
    109: { state: 'SOLD', attendees: [person(503, 'Alan Turing', 79), person(504, 'Edsger Dijkstra', 79)] },
  });
