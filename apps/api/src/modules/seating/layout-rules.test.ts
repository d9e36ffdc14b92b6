import { EMPTY_SEATING_LAYOUT, SEATING_MAX_SEATS, type SeatingLayout } from '@admitone/shared';
import { describe, expect, it } from 'vitest';

import { countsOf, layoutProblems } from './layout-rules.js';

const rowOf = (zone: string, row: string, seats: number, category = 'Stalls') => ({
  row_number: row,
  seats: Array.from({ length: seats }, (_, i) => ({
    seat_guid: `${zone}-${row}-${i + 1}`,
    seat_number: String(i + 1),
    position: { x: i * 20, y: 0 },
    category,
  })),
});

const layout = (rows: ReturnType<typeof rowOf>[]): SeatingLayout => ({
  ...EMPTY_SEATING_LAYOUT,
  categories: [{ name: 'Stalls' }],
  zones: [{ name: 'Hall', position: { x: 0, y: 0 }, rows }],
});

describe('layoutProblems', () => {
  it('finds none in a plan whose seats all have a category, an id and a number of their own', () => {
    expect(layoutProblems(layout([rowOf('h', 'A', 10), rowOf('h', 'B', 10)]))).toEqual([]);
  });

  it('lets two zones number their rows and seats alike (a zone tells them apart)', () => {
    const plan = layout([rowOf('h', 'A', 2)]);
    plan.zones.push({ name: 'Balcony', position: { x: 0, y: 300 }, rows: [rowOf('b', 'A', 2)] });
    expect(layoutProblems(plan)).toEqual([]);
  });

  it(`refuses more than ${SEATING_MAX_SEATS} seats`, () => {
    const rows = Array.from({ length: 126 }, (_, r) => rowOf('h', `R${r}`, 200));
    const plan = { ...layout(rows), size: { width: 4000, height: 800 } };
    expect(countsOf(plan).seats).toBe(25_200);
    expect(layoutProblems(plan)).toEqual([
      { path: 'zones', key: 'seating_too_many_seats', values: { max: SEATING_MAX_SEATS } },
    ]);
  });

  it('refuses a section with a seat or a standing area outside the plan (buyers could not see it), once', () => {
    const plan = layout([rowOf('h', 'A', 10)]);
    plan.zones.push({ name: 'Balcony', position: { x: 900, y: 700 }, rows: [rowOf('b', 'A', 10)] });
    plan.zones.push({
      name: 'Lawn',
      position: { x: 0, y: 0 },
      rows: [],
      areas: [
        {
          shape: 'rectangle',
          position: { x: 20, y: 820 },
          standing: { name: 'Lawn', capacity: 50, category: 'Stalls' },
        },
      ],
    });
    expect(layoutProblems(plan)).toEqual([
      { path: 'zones.1', key: 'seating_outside_plan' },
      { path: 'zones.2', key: 'seating_outside_plan' },
    ]);
    // On the edge is inside; a larger plan takes them in.
    expect(layoutProblems({ ...plan, size: { width: 1080, height: 820 } })).toEqual([]);
  });
});
