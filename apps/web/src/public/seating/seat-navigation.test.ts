import { describe, expect, it } from 'vitest';

import { indexSeating, seatAt } from './seat-index';
import { directionOf, firstFocus, nearestInDirection } from './seat-navigation';
import { generatedPlan, smallPlan } from './seating-fixtures';

const index = indexSeating(smallPlan());
const seat = (id: number) => index.seats[index.byId.get(id)!]!;
const label = (s: ReturnType<typeof seat> | null) => (s ? `${index.rows[s.row]!.label}${s.number}` : null);

describe('indexSeating', () => {
  it('lists every seat once in plan order, with rows, sections and a radius under half the gap', () => {
    expect(index.seats).toHaveLength(18);
    expect(index.rows.map((r) => r.label)).toEqual(['A', 'B', 'T1', 'C']);
    expect(index.zones[0]).toMatchObject({ name: 'Stalls', seatCount: 16, box: { x: 100, y: 100, width: 330 } });
    expect(index.radius).toBe(10);
    expect(index.standingById.get(201)?.name).toBe('Floor');
  });

  it('finds the seat under a point, within a little more than its radius', () => {
    expect(seatAt(index, 131, 102)?.id).toBe(102);
    expect(seatAt(index, 115, 115)).toBeNull();
    expect(seatAt(index, 430, 131)?.id).toBe(124);
  });

  it('indexes a 20,000-seat arena quickly', () => {
    const started = performance.now();
    const big = indexSeating(generatedPlan(20_000));
    expect(big.seats).toHaveLength(20_000);
    expect(performance.now() - started).toBeLessThan(500);
    const s = big.seats[12_345]!;
    expect(seatAt(big, s.x + 2, s.y - 2)?.id).toBe(s.id);
  });
});

describe('nearestInDirection', () => {
  it('moves along the row, between rows and stops at the edges', () => {
    expect(label(nearestInDirection(index, seat(101), 'right'))).toBe('A2');
    expect(label(nearestInDirection(index, seat(101), 'left'))).toBeNull();
    expect(label(nearestInDirection(index, seat(103), 'down'))).toBe('B3');
    expect(label(nearestInDirection(index, seat(113), 'up'))).toBe('A3');
    expect(label(nearestInDirection(index, seat(101), 'up'))).toBeNull();
  });

  it('prefers the next seat of the row to a diagonal one, and crosses gaps to the next section', () => {
    expect(label(nearestInDirection(index, seat(106), 'right'))).toBe('T11');
    expect(label(nearestInDirection(index, seat(111), 'down'))).toBe('C1');
  });

  it('reads arrow keys only', () => {
    expect(directionOf('ArrowUp')).toBe('up');
    expect(directionOf('Enter')).toBeNull();
  });

  it('starts on the first chosen seat, else the first free one', () => {
    expect(
      firstFocus(
        index,
        (s) => s.id === 112,
        () => true,
      )?.id,
    ).toBe(112);
    expect(
      firstFocus(
        index,
        () => false,
        (s) => s.id > 102,
      )?.id,
    ).toBe(103);
  });
});
