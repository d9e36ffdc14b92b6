import { type Point, round } from './layout-types';

/**
 * Distances of a row's seats from its first seat: `spacing` apart, and an aisle of `aisleWidth` after each seat
 * named in `aislesAfter` (1-based: 4 leaves a gap between the 4th and 5th seats).
 */
export function seatOffsets(
  count: number,
  spacing: number,
  aislesAfter: readonly number[],
  aisleWidth: number,
): number[] {
  const gaps = [...new Set(aislesAfter)].filter((a) => a >= 1 && a < count).sort((a, b) => a - b);
  let gap = 0;
  let extra = 0;
  return Array.from({ length: count }, (_, i) => {
    while (gap < gaps.length && gaps[gap]! <= i) {
      extra += aisleWidth;
      gap++;
    }
    return i * spacing + extra;
  });
}

/**
 * A row's seats at `offsets` along it, centred on x = 0 at depth `depth` behind the front row. Straight when
 * `radius` is 0; otherwise on an arc about a centre `radius` in front of the front row (toward the stage), the
 * row `radius + depth` from it, so rows behind each other stay parallel and face the same point. The offsets are
 * kept as lengths along the arc, so seats keep their spacing.
 */
export function rowOnArc(offsets: readonly number[], depth: number, radius: number): Point[] {
  if (!offsets.length) return [];
  const middle = (offsets[0]! + offsets.at(-1)!) / 2;
  if (!radius) return offsets.map((o) => ({ x: round(o - middle), y: round(depth) }));
  const r = radius + depth;
  return offsets.map((o) => {
    const angle = (o - middle) / r;
    return { x: round(r * Math.sin(angle)), y: round(r * Math.cos(angle) - radius) };
  });
}
