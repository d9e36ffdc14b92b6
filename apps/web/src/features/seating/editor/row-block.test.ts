import { describe, expect, it } from 'vitest';

import { rowOnArc, seatOffsets } from './curve';
import { DEFAULT_ROW_NUMBERING, DEFAULT_SEAT_NUMBERING } from './numbering';
import { DEFAULT_ROW_BLOCK, rowBlock, type RowBlockSpec } from './row-block';

const counter = () => {
  let n = 0;
  return () => `id-${++n}`;
};

const spec = (over: Partial<RowBlockSpec> = {}): RowBlockSpec => ({
  ...DEFAULT_ROW_BLOCK,
  name: 'Stalls',
  category: 'Stalls',
  rowNumbering: DEFAULT_ROW_NUMBERING,
  seatNumbering: DEFAULT_SEAT_NUMBERING,
  ...over,
});

describe('seat offsets and arcs', () => {
  it('leave an aisle after the chosen seats', () => {
    expect(seatOffsets(6, 10, [2, 4], 25)).toEqual([0, 10, 45, 55, 90, 100]);
    expect(seatOffsets(3, 10, [0, 3, 9], 25)).toEqual([0, 10, 20]);
  });

  it('centre a straight row, and bend a curved one toward the stage keeping its spacing', () => {
    expect(rowOnArc([0, 10, 20], 30, 0)).toEqual([
      { x: -10, y: 30 },
      { x: 0, y: 30 },
      { x: 10, y: 30 },
    ]);
    const [left, middle, right] = rowOnArc([0, 100, 200], 0, 200);
    expect(middle).toEqual({ x: 0, y: 0 });
    expect(left!.y).toBeLessThan(0);
    expect(right!.x).toBeCloseTo(-left!.x);
    expect(Math.hypot(right!.x, right!.y + 200)).toBeCloseTo(200, 1);
    expect(Math.hypot(middle!.x - right!.x, middle!.y - right!.y)).toBeCloseTo(2 * 200 * Math.sin(0.25), 1);
  });
});

describe('rowBlock', () => {
  it('makes a zone of rows front to back, seats numbered, each with a new id, centred on the point', () => {
    const zone = rowBlock(spec({ rows: 3, seatsPerRow: 4 }), { x: 500, y: 400 }, counter());
    expect(zone.name).toBe('Stalls');
    expect(zone.rows.map((r) => r.row_number)).toEqual(['A', 'B', 'C']);
    expect(zone.rows[0]!.seats.map((s) => s.seat_number)).toEqual(['1', '2', '3', '4']);
    const ids = zone.rows.flatMap((r) => r.seats.map((s) => s.seat_guid));
    expect(new Set(ids).size).toBe(12);
    expect(zone.rows.every((r) => r.seats.every((s) => s.category === 'Stalls'))).toBe(true);
    const xs = zone.rows[0]!.seats.map((s) => s.position.x);
    expect(xs[1]! - xs[0]!).toBe(26);
    expect(zone.rows[1]!.seats[0]!.position.y - zone.rows[0]!.seats[0]!.position.y).toBe(32);
    // The block's middle is the point asked for.
    const seats = zone.rows.flatMap((r) => r.seats);
    const midX = zone.position.x + (Math.min(...seats.map((s) => s.position.x)) + Math.max(...xs)) / 2;
    expect(midX).toBeCloseTo(500);
  });

  it('numbers right to left, rows in numbers, and turns the block', () => {
    const zone = rowBlock(
      spec({
        rows: 2,
        seatsPerRow: 3,
        rotation: 90,
        rowNumbering: { style: 'numbers', start: '1', step: 1, prefix: '' },
        seatNumbering: { ...DEFAULT_SEAT_NUMBERING, direction: 'rtl' },
      }),
      { x: 0, y: 0 },
      counter(),
    );
    expect(zone.rows.map((r) => r.row_number)).toEqual(['1', '2']);
    const row = zone.rows[0]!.seats;
    expect(row.map((s) => s.seat_number)).toEqual(['3', '2', '1']);
    // Turned a quarter: the row runs down the plan, the rows side by side.
    expect(row[0]!.position.x).toBe(row[2]!.position.x);
    expect(row[1]!.position.y - row[0]!.position.y).toBe(26);
  });

  it('curves its rows', () => {
    const zone = rowBlock(spec({ rows: 1, seatsPerRow: 9, curve: 150 }), { x: 0, y: 0 }, counter());
    const ys = zone.rows[0]!.seats.map((s) => s.position.y);
    expect(ys[0]).toBeLessThan(ys[4]!);
    expect(ys[0]).toBeCloseTo(ys[8]!);
  });
});
