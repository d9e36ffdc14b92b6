import { describe, expect, it } from 'vitest';

import { theatre } from '../seating-fixtures';
import { layoutProblems, problemFields } from './layout-checks';

describe('layoutProblems', () => {
  it('finds nothing wrong in a good plan', () => {
    expect(layoutProblems(theatre)).toEqual([]);
  });

  it('finds what publishing refuses, on the fields the API names', () => {
    const plan = structuredClone(theatre);
    plan.categories.push({ name: 'Stalls', color: '#000000' });
    const ground = plan.zones[0]!;
    ground.rows[1]!.seats[2]!.seat_number = '2';
    ground.rows[1]!.seats[1]!.category = '';
    plan.zones[1]!.rows[0]!.seats[1]!.seat_guid = 'ground-A-1';
    plan.zones[1]!.areas![0]!.standing!.category = 'Gallery';
    // The same row and number in another zone is another seat.
    plan.zones[1]!.rows[0]!.row_number = 'A';
    expect(layoutProblems(plan)).toEqual([
      { path: 'categories.2.name', key: 'seating_category_duplicate' },
      { path: 'zones.0.rows.1.seats.1.category', key: 'seating_category_unknown' },
      { path: 'zones.0.rows.1.seats.2.seat_number', key: 'seating_label_duplicate' },
      { path: 'zones.1.rows.0.seats.1.seat_guid', key: 'seating_seat_duplicate' },
      { path: 'zones.1.areas.0.standing.category', key: 'seating_category_unknown' },
    ]);
  });

  it('finds an empty plan, and words problems as field errors', () => {
    const empty = { ...theatre, zones: [] };
    const problems = layoutProblems(empty);
    expect(problems).toEqual([{ path: 'zones', key: 'seating_plan_empty' }]);
    expect(problemFields(problems, (key) => `says ${key}`)).toEqual({ 'layout.zones': ['says seating_plan_empty'] });
  });

  it('finds a zone reaching outside the plan, once, as the API does', () => {
    const plan = structuredClone(theatre);
    plan.zones[1]!.position = { x: plan.size.width, y: 0 };
    expect(layoutProblems(plan)).toEqual([{ path: 'zones.1', key: 'seating_outside_plan' }]);
    expect(layoutProblems({ ...plan, size: { width: plan.size.width * 3, height: plan.size.height } })).toEqual([]);
  });
});
