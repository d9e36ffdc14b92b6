import type { SeatingLayout } from '@admitone/shared';
import { describe, expect, it } from 'vitest';

import { bestAvailable, placeSeats } from './best-available.js';

/** A hall of rows A, B, C… of `seats` seats 20 px apart, rows 30 px apart, the stage at the top centre. */
function hall(rows: number, seats: number, extra: (row: string, n: number) => object = () => ({})): SeatingLayout {
  return {
    name: 'Hall',
    size: { width: seats * 20, height: rows * 30 + 60 },
    categories: [{ name: 'Stalls' }, { name: 'Box' }],
    zones: [
      {
        name: 'Stalls',
        position: { x: 10, y: 60 },
        rows: Array.from({ length: rows }, (_, r) => {
          const row = String.fromCharCode(65 + r);
          return {
            row_number: row,
            position: { x: 0, y: r * 30 },
            seats: Array.from({ length: seats }, (_, i) => ({
              seat_guid: `${row}${i + 1}`,
              seat_number: String(i + 1),
              position: { x: i * 20, y: 0 },
              category: 'Stalls',
              ...extra(row, i + 1),
            })),
          };
        }),
      },
    ],
  };
}

const taken = (...guids: string[]) => new Set(guids);
const range = (row: string, from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `${row}${from + i}`);

describe('bestAvailable', () => {
  const plan = placeSeats(hall(3, 10));

  it('takes seats side by side in the row nearest the stage, in its middle', () => {
    expect(bestAvailable(plan, 'Stalls', 4, taken())).toEqual(['A4', 'A5', 'A6', 'A7']);
    expect(bestAvailable(plan, 'Stalls', 1, taken())).toEqual(['A5']);
  });

  it('leaves no single seat free beside a party when another row can seat it whole', () => {
    const aFull = taken(...range('A', 6, 10));
    // A1-A5 would seat four only by leaving one seat alone: row B seats them without.
    expect(bestAvailable(plan, 'Stalls', 4, aFull)).toEqual(['B4', 'B5', 'B6', 'B7']);
    // With B and C gone too, it leaves one rather than turning the party away (the nearer window).
    const onlyA = taken(...range('A', 6, 10), ...range('B', 1, 10), ...range('C', 1, 10));
    expect(bestAvailable(plan, 'Stalls', 4, onlyA)).toEqual(['A2', 'A3', 'A4', 'A5']);
  });

  it('splits a party into as few pieces as the free seats allow, the largest first, never turning it away', () => {
    const scattered = taken(...range('A', 3, 4), ...range('A', 7, 10), ...range('B', 1, 8), ...range('C', 1, 10));
    // Free: A1-A2, A5-A6, B9-B10. Four seats: two pairs, the one nearest the stage first.
    expect(bestAvailable(plan, 'Stalls', 4, scattered)).toEqual(['A5', 'A6', 'A1', 'A2']);
    expect(bestAvailable(plan, 'Stalls', 7, scattered)).toBeNull();
  });

  it('does not count an aisle as side by side, nor hand out wheelchair spaces and companion seats', () => {
    const aisle = hall(1, 10, () => ({}));
    // A gap of three seats' width after seat 5: seats 6-10 sit across the aisle.
    aisle.zones[0]!.rows[0]!.seats.forEach((s, i) => (s.position.x = i < 5 ? i * 20 : i * 20 + 60));
    expect(bestAvailable(placeSeats(aisle), 'Stalls', 6, taken())).toEqual(['A1', 'A2', 'A3', 'A4', 'A5', 'A6']);
    const access = placeSeats(
      hall(1, 6, (_, n) => (n === 3 ? { features: ['WHEELCHAIR'] } : n === 4 ? { features: ['COMPANION'] } : {})),
    );
    expect(bestAvailable(access, 'Stalls', 2, taken())).toEqual(['A1', 'A2']);
    expect(bestAvailable(access, 'Stalls', 5, taken())).toBeNull();
  });

  it('looks at the focal point when the plan has one, and at the category asked for only', () => {
    const layout = hall(3, 10, (row) => (row === 'C' ? { category: 'Box' } : {}));
    expect(bestAvailable(placeSeats(layout), 'Box', 2, taken())).toEqual(['C5', 'C6']);
    const rear = placeSeats({ ...layout, focal_point: { x: 210, y: 400 } });
    expect(bestAvailable(rear, 'Stalls', 2, taken())).toEqual(['B9', 'B10']);
  });
});
