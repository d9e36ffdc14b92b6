import { describe, expect, it } from 'vitest';

import { frontCentre, stage, standingArea, textLabel } from './areas';
import { table, tableGrid, tableShape } from './tables';

const counter = () => {
  let n = 0;
  return () => `id-${++n}`;
};

describe('tables', () => {
  it('puts a round table’s seats on a circle, numbered clockwise from the top', () => {
    const row = table(
      { label: '7', shape: 'round', seats: 8, whole: true, category: 'Gala' },
      { x: 200, y: 100 },
      counter(),
    );
    expect(row).toMatchObject({
      row_number: '7',
      position: { x: 200, y: 100 },
      table: { shape: 'round', whole: true },
    });
    expect(row.seats.map((s) => s.seat_number)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
    const distances = row.seats.map((s) => Math.hypot(s.position.x, s.position.y));
    for (const d of distances) expect(d).toBeCloseTo(distances[0]!, 1);
    expect(row.seats[0]!.position.x).toBeCloseTo(0);
    expect(row.seats[0]!.position.y).toBeLessThan(0);
    expect(row.seats[2]!.position.x).toBeGreaterThan(0);
    const shape = tableShape(row);
    expect(shape?.shape).toBe('round');
    expect(shape?.shape === 'round' && shape.radius).toBeLessThan(distances[0]! - 10);
  });

  it('seats a long table on both sides, clockwise', () => {
    const row = table(
      { label: 'Top', shape: 'long', seats: 5, whole: false, category: 'Gala' },
      { x: 0, y: 0 },
      counter(),
    );
    const top = row.seats.slice(0, 3);
    const bottom = row.seats.slice(3);
    expect(top.every((s) => s.position.y < 0) && bottom.every((s) => s.position.y > 0)).toBe(true);
    expect(top[0]!.position.x).toBeLessThan(top[2]!.position.x);
    expect(bottom[0]!.position.x).toBeGreaterThan(bottom[1]!.position.x);
    expect(tableShape(row)).toMatchObject({ shape: 'long', rotation: 0 });
    expect(tableShape({ ...row, table: undefined })).toBeUndefined();
  });

  it('lays out a grid of numbered tables that do not overlap', () => {
    const rows = tableGrid(
      { shape: 'round', seats: 10, whole: false, category: 'Gala' },
      5,
      3,
      4,
      { x: 0, y: 0 },
      counter(),
    );
    expect(rows.map((r) => r.row_number)).toEqual(['4', '5', '6', '7', '8']);
    const [a, b, , d] = rows.map((r) => r.position!);
    const reach = Math.max(...rows[0]!.seats.map((s) => Math.hypot(s.position.x, s.position.y))) + 10;
    expect(b!.x - a!.x).toBeGreaterThan(2 * reach);
    expect(d!.y - a!.y).toBeGreaterThan(2 * reach);
    expect(new Set(rows.flatMap((r) => r.seats.map((s) => s.seat_guid))).size).toBe(50);
  });
});

describe('areas', () => {
  it('makes standing areas, text labels and a stage whose front centre is the focal point', () => {
    expect(
      standingArea(
        { name: 'Pit', capacity: 200, category: 'Floor', width: 300, height: 100 },
        { x: 5, y: 6 },
        counter(),
      ),
    ).toEqual({
      uuid: 'id-1',
      shape: 'rectangle',
      position: { x: 5, y: 6 },
      rectangle: { width: 300, height: 100 },
      standing: { name: 'Pit', capacity: 200, category: 'Floor' },
    });
    expect(textLabel('Exit', 14, { x: 1, y: 2 }, counter())).toMatchObject({
      shape: 'text',
      text: { text: 'Exit', size: 14 },
    });
    const s = stage('Stage', 400, 80, { x: 100, y: 20 }, counter());
    expect(s.text).toMatchObject({ text: 'Stage', position: { x: 200, y: 40 } });
    expect(frontCentre(s)).toEqual({ x: 300, y: 100 });
    expect(frontCentre({ ...s, rotation: 180 })).toEqual({ x: -100, y: -60 });
  });
});
