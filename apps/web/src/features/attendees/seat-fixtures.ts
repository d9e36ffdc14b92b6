import type { EventSeatingDto, SeatPlaceDto } from '@admitone/shared';

/** A small seated event for the attendee tests (issue #40): "Stalls" sells as ticket 3, "Balcony" as ticket 4. */
export const seatingFixture: EventSeatingDto = {
  plan: { id: 1, name: 'Small hall', version: 1, latest_version: 1 },
  categories: [
    { category: 'Stalls', color: null, seats: 4, standing: 0, ticket_id: 3, tier_id: null },
    { category: 'Balcony', color: null, seats: 1, standing: 0, ticket_id: 4, tier_id: null },
  ],
};

const place = (
  id: number,
  section: string,
  row: string,
  seat: string,
  category: string,
  state: SeatPlaceDto['state'] = 'FREE',
  hold: string | null = null,
): SeatPlaceDto => ({ id, seat: { section, row, seat }, category, state, hold, attendees: [] });

/** Out of order on purpose: the lists sort them (row B 10 after row B 2). */
export const placesFixture: SeatPlaceDto[] = [
  place(105, 'Stalls', 'B', '10', 'Stalls'),
  place(101, 'Stalls', 'A', '1', 'Stalls', 'SOLD'),
  place(104, 'Stalls', 'B', '2', 'Stalls', 'HELD', 'House'),
  place(102, 'Stalls', 'A', '2', 'Stalls'),
  place(103, 'Stalls', 'A', '3', 'Stalls', 'KILLED', 'Pillar'),
  place(201, 'Balcony', '1', '1', 'Balcony'),
];

/** What ticket 3 is offered of them: free and held seats in order, the held one named with its hold. */
export const STALLS_OFFERED = [
  'Stalls, row A, seat 2',
  'Stalls, row B, seat 2 (held: House)',
  'Stalls, row B, seat 10',
];
