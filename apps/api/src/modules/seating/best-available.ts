import type { SeatFeature, SeatingLayout } from '@admitone/shared';

/** A seat where it is on the plan (zone + row + seat positions added up), in its row's order. */
export interface PlacedSeat {
  guid: string;
  category: string;
  features: readonly SeatFeature[];
  x: number;
  y: number;
  /** Its row (zone and row index), and its place in the row's order. */
  row: number;
  index: number;
  /**
   * An aisle or a gap lies between it and the seat before it in its row: more than 1.6 times the row's usual spacing
   * (the median).
   */
  apart: boolean;
}

/** A plan's seats, row by row, placed; and the point buyers look at (the layout's, else the top centre). */
export interface PlacedPlan {
  rows: PlacedSeat[][];
  focal: { x: number; y: number };
}

/** Places every seat of a layout once (a version's layout never changes: keep the result). */
export function placeSeats(layout: SeatingLayout): PlacedPlan {
  const rows: PlacedSeat[][] = [];
  for (const zone of layout.zones)
    for (const row of zone.rows) {
      const ox = zone.position.x + (row.position?.x ?? 0);
      const oy = zone.position.y + (row.position?.y ?? 0);
      const r = rows.length;
      const placed = row.seats.map((s, index) => ({
        guid: s.seat_guid,
        category: s.category,
        features: s.features ?? [],
        x: ox + s.position.x,
        y: oy + s.position.y,
        row: r,
        index,
        apart: false,
      }));
      const gaps = placed.slice(1).map((s, i) => Math.hypot(s.x - placed[i]!.x, s.y - placed[i]!.y));
      const usual = gaps.length ? [...gaps].sort((a, b) => a - b)[Math.floor(gaps.length / 2)]! : 0;
      gaps.forEach((gap, i) => (placed[i + 1]!.apart = usual > 0 && gap > usual * 1.6));
      rows.push(placed);
    }
  return { rows, focal: layout.focal_point ?? { x: layout.size.width / 2, y: 0 } };
}

/** A run of seats side by side in one row, all free. */
type Run = PlacedSeat[];

/**
 * The free seats of a category, as runs: seats next to each other in a row's order with no taken seat and no aisle
 * between them. Wheelchair spaces and companion seats are left out: they are chosen on purpose, not handed out.
 */
function freeRuns(plan: PlacedPlan, category: string, taken: ReadonlySet<string>): Run[] {
  const runs: Run[] = [];
  for (const row of plan.rows) {
    let run: Run = [];
    for (const seat of row) {
      const open =
        seat.category === category &&
        !taken.has(seat.guid) &&
        !seat.features.includes('WHEELCHAIR') &&
        !seat.features.includes('COMPANION');
      if (!open || seat.apart) {
        if (run.length) runs.push(run);
        run = [];
      }
      if (open) run.push(seat);
    }
    if (run.length) runs.push(run);
  }
  return runs;
}

/**
 * The best window of `n` seats side by side in the runs (leaving no single seat free beside it in its run, unless
 * `orphans`): the one whose centre is nearest the focal point; on a tie, the earlier in the plan's order, so the same
 * state gives the same seats. Null when no run is long enough.
 */
function bestWindow(runs: readonly Run[], n: number, focal: { x: number; y: number }, orphans: boolean) {
  let best: { run: Run; at: number; distance: number } | null = null;
  for (const run of runs) {
    if (run.length < n) continue;
    // A sliding sum of the window's positions.
    let x = 0;
    let y = 0;
    for (let i = 0; i < run.length; i++) {
      x += run[i]!.x;
      y += run[i]!.y;
      if (i >= n) {
        x -= run[i - n]!.x;
        y -= run[i - n]!.y;
      }
      const at = i - n + 1;
      if (at < 0) continue;
      if (!orphans && (at === 1 || run.length - (at + n) === 1)) continue;
      const distance = Math.hypot(x / n - focal.x, y / n - focal.y);
      if (!best || distance < best.distance - 1e-9) best = { run, at, distance };
    }
  }
  return best && { seats: best.run.slice(best.at, best.at + n), distance: best.distance };
}

/**
 * The best `count` free seats of a category, as a box office would choose them: side by side in one row leaving no
 * single seat free beside them, nearest the focal point; else side by side leaving one; else in as few pieces as
 * possible, each piece as large as the runs allow and nearest the focal point. Never turns a party away while the
 * category has enough free seats; null when it has not. Deterministic for a given plan and `taken`.
 */
export function bestAvailable(
  plan: PlacedPlan,
  category: string,
  count: number,
  taken: ReadonlySet<string>,
): string[] | null {
  let runs = freeRuns(plan, category, taken);
  if (runs.reduce((n, r) => n + r.length, 0) < count) return null;
  const whole = bestWindow(runs, count, plan.focal, false) ?? bestWindow(runs, count, plan.focal, true);
  if (whole) return whole.seats.map((s) => s.guid);
  // In pieces: the largest side-by-side piece the runs allow each time, the best of that size, until all are placed.
  const chosen: string[] = [];
  let left = count;
  while (left > 0) {
    const size = Math.min(left, Math.max(...runs.map((r) => r.length)));
    const piece = bestWindow(runs, size, plan.focal, true)!;
    chosen.push(...piece.seats.map((s) => s.guid));
    left -= size;
    const used = new Set(piece.seats.map((s) => s.guid));
    runs = runs.flatMap((r) => splitAround(r, used));
  }
  return chosen;
}

/** A run without the seats just chosen: the parts before and after them. */
function splitAround(run: Run, used: ReadonlySet<string>): Run[] {
  const parts: Run[] = [];
  let part: Run = [];
  for (const s of run) {
    if (used.has(s.guid)) {
      if (part.length) parts.push(part);
      part = [];
    } else part.push(s);
  }
  if (part.length) parts.push(part);
  return parts;
}
