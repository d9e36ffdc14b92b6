import { describe, expect, it } from 'vitest';

import { theatre } from '../seating-fixtures';
import { alignOffsets, alignSelection } from './align';
import {
  deleteSelection,
  duplicateSelection,
  moveSelection,
  renumber,
  rotateSelection,
  setCategory,
  setFeature,
  setTableWhole,
} from './edits';
import { layoutProblems } from './layout-checks';
import { placeTables } from './placement';
import {
  NOTHING,
  pick,
  selectAll,
  type Selection,
  selectionBox,
  selectionInBox,
  toggle,
  unitsOf,
  withIds,
} from './selection';
import { table } from './tables';

const counter = () => {
  let n = 0;
  return () => `id-${++n}`;
};
const plan = withIds(theatre, counter());
const seats = (...ids: string[]): Selection => ({ seats: new Set(ids), areas: new Set() });
const ground = seats('ground-A-1', 'ground-A-2', 'ground-A-3', 'ground-B-1', 'ground-B-2', 'ground-B-3');

describe('selection', () => {
  it('gives areas, rows and zones ids once', () => {
    expect(plan.zones[1]!.areas![0]!.uuid).toBeTruthy();
    expect(withIds(plan, counter())).toBe(plan);
  });

  it('picks a block, a row or a seat; toggles with shift', () => {
    expect(pick(plan, { seat: 'ground-B-2' }, 'block')).toEqual(ground);
    expect(pick(plan, { seat: 'ground-B-2' }, 'row')).toEqual(seats('ground-B-1', 'ground-B-2', 'ground-B-3'));
    expect(pick(plan, { seat: 'ground-B-2' }, 'seat')).toEqual(seats('ground-B-2'));
    const one = toggle(NOTHING, seats('balcony-1-1'));
    expect(toggle(one, seats('balcony-1-1'))).toEqual(NOTHING);
  });

  it('selects what a marquee covers, and lists the units', () => {
    // Ground floor at (100, 200): row A's seats at x 125, 150, 175.
    expect(selectionInBox(plan, { x: 110, y: 190, width: 50, height: 20 })).toEqual(seats('ground-A-1', 'ground-A-2'));
    expect(selectAll(plan).seats.size).toBe(8);
    expect(selectAll(plan).areas.size).toBe(2);
    expect(unitsOf(plan).map((u) => u.kind)).toEqual(['block', 'area', 'block', 'area']);
    expect(selectionBox(plan, seats('ground-A-1'))).toEqual({ x: 115, y: 190, width: 20, height: 20 });
  });
});

describe('edits', () => {
  it('moves whole rows by their position and single seats by theirs, sharing the rest', () => {
    const moved = moveSelection(plan, seats('ground-A-1', 'ground-A-2', 'ground-A-3', 'ground-B-1'), { x: 5, y: -2 });
    expect(moved.zones[0]!.rows[0]!.position).toEqual({ x: 5, y: -2 });
    expect(moved.zones[0]!.rows[0]!.seats).toBe(plan.zones[0]!.rows[0]!.seats);
    expect(moved.zones[0]!.rows[1]!.seats[0]!.position).toEqual({ x: 30, y: -2 });
    expect(moved.zones[0]!.rows[1]!.seats[1]).toBe(plan.zones[0]!.rows[1]!.seats[1]);
    expect(moved.zones[1]).toBe(plan.zones[1]);
    expect(moveSelection(plan, NOTHING, { x: 1, y: 1 })).toBe(plan);
  });

  it('moves the focal point with the stage whose front it is', () => {
    const stage = plan.zones[0]!.areas![0]!;
    const withFocus = { ...plan, focal_point: { x: 100 + 150 - 7.85, y: 50 + 60 } };
    const areas: Selection = { seats: new Set(), areas: new Set([stage.uuid!]) };
    // The stage is turned 5°: its front centre is not below its middle; only an exact front moves the point.
    expect(moveSelection(withFocus, areas, { x: 10, y: 0 }).focal_point).toEqual(withFocus.focal_point);
    const flat = { ...withFocus, focal_point: { x: 250, y: 110 } };
    flat.zones = [{ ...plan.zones[0]!, areas: [{ ...stage, rotation: 0 }] }, plan.zones[1]!];
    expect(moveSelection(flat, areas, { x: 10, y: 0 }).focal_point).toEqual({ x: 260, y: 110 });
  });

  it('deletes seats, then empty rows and zones', () => {
    const gone = deleteSelection(plan, seats('balcony-1-1', 'balcony-1-2', 'ground-A-1'));
    expect(gone.zones[0]!.rows[0]!.seats.map((s) => s.seat_number)).toEqual(['2', '3']);
    expect(gone.zones[1]!.rows).toEqual([]);
    const areas = new Set(plan.zones[1]!.areas!.map((a) => a.uuid!));
    expect(deleteSelection(gone, { seats: new Set(), areas }).zones).toHaveLength(1);
  });

  it('turns a selection about its middle', () => {
    const turned = rotateSelection(plan, seats('ground-A-1', 'ground-A-2', 'ground-A-3'), 90);
    const row = turned.zones[0]!.rows[0]!;
    const { x, y } = row.position!;
    const points = row.seats.map((s) => ({ x: 100 + x + s.position.x, y: 200 + y + s.position.y }));
    expect(points).toEqual([
      { x: 150, y: 175 },
      { x: 150, y: 200 },
      { x: 150, y: 225 },
    ]);
    expect(rotateSelection(plan, seats('ground-A-1'), 0)).toBe(plan);
  });

  it('sets categories, features, tables sold whole, and renumbers rows and seats', () => {
    const pit = plan.zones[1]!.areas![0]!.uuid!;
    const cat = setCategory(plan, { seats: new Set(['ground-A-1']), areas: new Set([pit]) }, 'Balcony');
    expect(cat.zones[0]!.rows[0]!.seats[0]!.category).toBe('Balcony');
    expect(cat.zones[1]!.areas![0]!.standing!.category).toBe('Balcony');
    const wheel = setFeature(plan, seats('ground-A-1'), 'WHEELCHAIR', true);
    expect(wheel.zones[0]!.rows[0]!.seats[0]!.features).toEqual(['WHEELCHAIR']);
    expect(setFeature(wheel, seats('ground-A-1'), 'WHEELCHAIR', false).zones[0]!.rows[0]!.seats[0]!.features).toEqual(
      [],
    );
    const renumbered = renumber(
      plan,
      ground,
      { start: 2, step: 2, prefix: '', direction: 'rtl' },
      {
        style: 'numbers',
        start: '5',
        step: 1,
        prefix: '',
      },
    );
    expect(renumbered.zones[0]!.rows.map((r) => r.row_number)).toEqual(['5', '6']);
    expect(renumbered.zones[0]!.rows[0]!.seats.map((s) => s.seat_number)).toEqual(['6', '4', '2']);
    expect(renumbered.zones[1]).toBe(plan.zones[1]);
    const tabled = {
      ...plan,
      zones: [
        { ...plan.zones[1]!, rows: [{ ...plan.zones[1]!.rows[0]!, table: { shape: 'round' as const, whole: false } }] },
      ],
    };
    expect(setTableWhole(tabled, seats('balcony-1-1'), true).zones[0]!.rows[0]!.table).toEqual({
      shape: 'round',
      whole: true,
    });
  });
});

describe('align', () => {
  it('lines boxes up by an edge or their middle', () => {
    const boxes = [
      { x: 0, y: 0, width: 10, height: 10 },
      { x: 30, y: 5, width: 20, height: 30 },
    ];
    expect(alignOffsets(boxes, 'left')).toEqual([
      { x: 0, y: 0 },
      { x: -30, y: 0 },
    ]);
    expect(alignOffsets(boxes, 'right')).toEqual([
      { x: 40, y: 0 },
      { x: 0, y: 0 },
    ]);
    expect(alignOffsets(boxes, 'centre')).toEqual([
      { x: 20, y: 0 },
      { x: -15, y: 0 },
    ]);
    expect(alignOffsets(boxes, 'bottom')).toEqual([
      { x: 0, y: 25 },
      { x: 0, y: 0 },
    ]);
  });

  it('aligns the selected blocks by their left edges', () => {
    const both = { seats: new Set([...ground.seats, 'balcony-1-1', 'balcony-1-2']), areas: new Set<string>() };
    const aligned = alignSelection(plan, both, 'left');
    expect(selectionBox(aligned, seats('balcony-1-1'))!.x).toBe(selectionBox(aligned, seats('ground-A-1'))!.x);
    expect(alignSelection(plan, seats('ground-A-1'), 'left')).toBe(plan);
  });
});

describe('duplicate', () => {
  const fresh = (prefix: string) => {
    let n = 0;
    return () => `${prefix}-${++n}`;
  };

  it('copies a block into a zone of its own, 20 px right and down, with new ids, and selects the copy', () => {
    const { layout, selection } = duplicateSelection(plan, ground, fresh('copy'));
    expect(layout.zones.slice(0, 2)).toEqual(plan.zones);
    const copy = layout.zones[2]!;
    expect(copy).toMatchObject({ name: 'Ground floor', position: { x: 120, y: 220 }, areas: [] });
    expect(copy.uuid).not.toBe(plan.zones[0]!.uuid);
    expect(copy.rows.map((r) => r.row_number)).toEqual(['A', 'B']);
    expect(copy.rows[1]!.position).toEqual({ x: 0, y: 30 });
    expect(copy.rows[0]!.seats.map((s) => [s.seat_number, s.position, s.category])).toEqual(
      plan.zones[0]!.rows[0]!.seats.map((s) => [s.seat_number, s.position, s.category]),
    );
    const guids = copy.rows.flatMap((r) => r.seats.map((s) => s.seat_guid));
    expect(new Set(guids).size).toBe(6);
    expect(guids.some((g) => g.startsWith('ground-'))).toBe(false);
    expect(selection).toEqual({ seats: new Set(guids), areas: new Set() });
    expect(layoutProblems(layout)).toEqual([]);
  });

  it('copies part of a row, areas in their zone, and numbers a copied table on', () => {
    const area = plan.zones[1]!.areas![0]!;
    const sel: Selection = { seats: new Set(['balcony-1-2']), areas: new Set([area.uuid!]) };
    const { layout, selection } = duplicateSelection(plan, sel, fresh('copy'));
    const pit = layout.zones[1]!.areas![1]!;
    expect(pit).toMatchObject({ position: { x: 420, y: 70 }, standing: area.standing });
    expect(pit.uuid).not.toBe(area.uuid);
    expect(layout.zones[2]!.rows).toEqual([
      expect.objectContaining({ row_number: '1', seats: [expect.objectContaining({ seat_number: '2', radius: 8 })] }),
    ]);
    expect(selection.areas).toEqual(new Set([pit.uuid]));

    const spec = { label: '4', shape: 'round' as const, seats: 2, whole: false, category: 'Stalls' };
    const tables = placeTables(plan, [table(spec, { x: 0, y: 0 }, fresh('table'))], 'Tables');
    const tableSeats = new Set(tables.layout.zones[2]!.rows[0]!.seats.map((s) => s.seat_guid));
    const twice = duplicateSelection(tables.layout, { seats: tableSeats, areas: new Set() }, fresh('copy'));
    const zone = twice.layout.zones[2]!;
    expect(twice.layout.zones).toHaveLength(3);
    expect(zone.rows.map((r) => r.row_number)).toEqual(['4', '5']);
    expect(zone.rows[1]!.position).toEqual({ x: 20, y: 20 });
    expect(duplicateSelection(plan, NOTHING, fresh('copy')).layout).toBe(plan);
  });
});
