import { describe, expect, it } from 'vitest';

import { theatre } from '../seating-fixtures';
import { stage, standingArea } from './areas';
import { nextTableNumber, placeArea, placeBlock, placeTables, withCategory } from './placement';
import { table } from './tables';

const counter = () => {
  let n = 0;
  return () => `new-${++n}`;
};

describe('placement', () => {
  it('adds a category once, with the next colour', () => {
    const plan = withCategory(theatre, ' Gallery ');
    expect(plan.categories.at(-1)).toEqual({ name: 'Gallery', color: '#12b886' });
    expect(withCategory(plan, 'Gallery')).toBe(plan);
    expect(withCategory(plan, ' ')).toBe(plan);
  });

  it('adds a block as a zone and selects its seats', () => {
    const zone = {
      name: 'Box',
      position: { x: 0, y: 0 },
      rows: [
        { row_number: 'A', seats: [{ seat_guid: 'x', seat_number: '1', position: { x: 0, y: 0 }, category: '' }] },
      ],
    };
    const placed = placeBlock(theatre, zone);
    expect(placed.layout.zones).toHaveLength(3);
    expect([...placed.selection.seats]).toEqual(['x']);
  });

  it('gathers tables in one zone, numbered on', () => {
    const ids = counter();
    const spec = { shape: 'round' as const, seats: 6, whole: false, category: 'Gala' };
    const first = placeTables(theatre, [table({ ...spec, label: '1' }, { x: 300, y: 300 }, ids)], 'Tables');
    expect(first.layout.zones.at(-1)).toMatchObject({ name: 'Tables', position: { x: 0, y: 0 } });
    expect(nextTableNumber(first.layout)).toBe(2);
    const second = placeTables(first.layout, [table({ ...spec, label: '2' }, { x: 500, y: 300 }, ids)], 'Tables');
    expect(second.layout.zones).toHaveLength(3);
    expect(second.layout.zones[2]!.rows.map((r) => [r.row_number, r.position])).toEqual([
      ['1', { x: 300, y: 300 }],
      ['2', { x: 500, y: 300 }],
    ]);
    expect(second.selection.seats.size).toBe(6);
    expect(nextTableNumber(theatre)).toBe(1);
  });

  it('puts areas in a zone without rows; a stage sets the focal point at its front', () => {
    const ids = counter();
    const pit = placeArea(
      theatre,
      standingArea({ name: 'Pit', capacity: 50, category: 'Stalls', width: 100, height: 50 }, { x: 10, y: 10 }, ids),
      'Areas',
    );
    expect(pit.layout.zones).toHaveLength(3);
    expect(pit.layout.zones[2]!.areas).toHaveLength(1);
    const withStage = placeArea(pit.layout, stage('Stage', 200, 60, { x: 100, y: 0 }, ids), 'Areas', true);
    expect(withStage.layout.zones[2]!.areas).toHaveLength(2);
    expect(withStage.layout.focal_point).toEqual({ x: 200, y: 60 });
    expect([...withStage.selection.areas]).toEqual(['new-2']);
  });
});
