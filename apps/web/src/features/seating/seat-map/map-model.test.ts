import { describe, expect, it } from 'vitest';

import { theatre } from '../seating-fixtures';
import { buildSeatMap, compareSeats, nextSeat, seatAtPoint, seatsInBox } from './map-model';
import { placesOnDate } from './seat-map-fixtures';

describe('buildSeatMap', () => {
  it('places each answer where the layout draws it and counts the seats by state', () => {
    const model = buildSeatMap(theatre, placesOnDate());
    expect(model.seats).toHaveLength(8);
    // Ground floor at (100, 200), row B 30 lower, seat 2 at x 50.
    expect(model.byId.get(105)).toMatchObject({ x: 150, y: 230, r: 10, state: 'HELD', hold: 'Press' });
    expect(model.byId.get(108)).toMatchObject({ x: 150, y: 400, r: 8 });
    expect(model.byId.get(109)).toMatchObject({ standing: true, x: 500, y: 450 });
    expect(model.counts).toEqual({ FREE: 3, SOLD: 1, RESERVED: 1, HELD: 2, KILLED: 1 });
  });

  it('matches by section, row and seat when the answer comes in another order', () => {
    const model = buildSeatMap(theatre, [...placesOnDate()].reverse());
    expect(model.byId.get(101)).toMatchObject({ x: 125, y: 200 });
    expect(model.byId.get(107)).toMatchObject({ x: 125, y: 400 });
  });
});

describe('seat order and geometry', () => {
  it('sorts section, row and seat with numbers in their natural order', () => {
    const seat = (section: string, row: string, n: string) => ({ seat: { section, row, seat: n } });
    const seats = [seat('B', '10', '1'), seat('B', '2', '10'), seat('A', '9', '1'), seat('B', '2', '9')];
    expect([...seats].sort(compareSeats).map((s) => Object.values(s.seat).join('-'))).toEqual([
      'A-9-1',
      'B-2-9',
      'B-2-10',
      'B-10-1',
    ]);
  });

  it('moves by arrow to the next seat of the row, then to the row behind, and finds seats by point and box', () => {
    const model = buildSeatMap(theatre, placesOnDate());
    const a1 = model.byId.get(101)!;
    expect(nextSeat(model.seats, a1, 'right')?.id).toBe(102);
    expect(nextSeat(model.seats, a1, 'down')?.id).toBe(104);
    expect(nextSeat(model.seats, a1, 'left')).toBeNull();
    expect(seatAtPoint(model.seats, 152, 231)?.id).toBe(105);
    expect(seatAtPoint(model.seats, 300, 300)).toBeNull();
    expect(seatsInBox(model.seats, { x1: 140, y1: 190, x2: 180, y2: 240 }).map((s) => s.id)).toEqual([
      102, 103, 105, 106,
    ]);
  });
});
