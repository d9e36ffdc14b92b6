import type { PublicSeatingDto, SeatFeature } from '@admitone/shared';

/** The plan as the picker works with it: every seat once, flat, with where it is and what it belongs to. */

export interface SeatInfo {
  /** The place id reservations name. */
  id: number;
  /** Index in `SeatIndex.seats` (plan order: zone, row, seat). */
  index: number;
  zone: number;
  /** Index in `SeatIndex.rows`. */
  row: number;
  /** Position within its row. */
  inRow: number;
  number: string;
  x: number;
  y: number;
  /** Index in the plan's categories (-1: none). */
  category: number;
  features: readonly SeatFeature[];
}

export interface RowInfo {
  zone: number;
  label: string;
  /** The row is the seats of a table. */
  table: boolean;
  /** A table sold whole: choosing one of its seats takes them all. */
  whole: boolean;
  seats: number[];
}

export interface ZoneInfo {
  name: string;
  /** The box around its seats (plan pixels); null when it has none. */
  box: { x: number; y: number; width: number; height: number } | null;
  seatCount: number;
}

export interface StandingInfo {
  id: number;
  name: string;
  category: number;
  capacity: number;
}

export interface SeatIndex {
  seats: SeatInfo[];
  rows: RowInfo[];
  zones: ZoneInfo[];
  standing: StandingInfo[];
  /** Place id -> seat index (seats only; standing areas are in `standingById`). */
  byId: Map<number, number>;
  standingById: Map<number, StandingInfo>;
  /** The radius seats are drawn with (plan pixels): under half the usual gap between neighbours. */
  radius: number;
  /** Seats by grid cell (`radius * 4` wide) for finding the seat under a point. */
  grid: Map<number, number[]>;
  cell: number;
}

const DEFAULT_RADIUS = 10;
const NO_FEATURES: readonly SeatFeature[] = [];

/** The median of some numbers (0 for none). */
function median(values: number[]): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const cellKey = (cx: number, cy: number) => cx * 100_003 + cy;

/** Builds the picker's index of a plan (once per version: a 20,000-seat arena takes a few milliseconds). */
export function indexSeating(plan: PublicSeatingDto): SeatIndex {
  const seats: SeatInfo[] = [];
  const rows: RowInfo[] = [];
  const zones: ZoneInfo[] = [];
  const gaps: number[] = [];
  plan.zones.forEach((zone, z) => {
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    let count = 0;
    for (const row of zone.rows) {
      const r = rows.length;
      const info: RowInfo = {
        zone: z,
        label: row.label,
        table: row.table !== null,
        whole: Boolean(row.table?.whole),
        seats: [],
      };
      rows.push(info);
      row.seats.forEach(([id, number, x, y, category, features], inRow) => {
        const index = seats.length;
        seats.push({ id, index, zone: z, row: r, inRow, number, x, y, category, features: features ?? NO_FEATURES });
        info.seats.push(index);
        if (inRow > 0 && gaps.length < 2000) {
          const prev = seats[index - 1]!;
          gaps.push(Math.hypot(prev.x - x, prev.y - y));
        }
        minX = Math.min(minX, x);
        minY = Math.min(minY, y);
        maxX = Math.max(maxX, x);
        maxY = Math.max(maxY, y);
        count++;
      });
    }
    zones.push({
      name: zone.name,
      box: count ? { x: minX, y: minY, width: maxX - minX, height: maxY - minY } : null,
      seatCount: count,
    });
  });
  const gap = median(gaps.filter((g) => g > 0));
  const radius = gap ? Math.min(DEFAULT_RADIUS, gap * 0.42) : DEFAULT_RADIUS;
  const cell = radius * 4;
  const grid = new Map<number, number[]>();
  const byId = new Map<number, number>();
  for (const seat of seats) {
    byId.set(seat.id, seat.index);
    const key = cellKey(Math.floor(seat.x / cell), Math.floor(seat.y / cell));
    const list = grid.get(key);
    if (list) list.push(seat.index);
    else grid.set(key, [seat.index]);
  }
  const standing = plan.standing.map((s) => ({ id: s.id, name: s.name, category: s.category, capacity: s.capacity }));
  return {
    seats,
    rows,
    zones,
    standing,
    byId,
    standingById: new Map(standing.map((s) => [s.id, s])),
    radius,
    grid,
    cell,
  };
}

/** The seat drawn under a point of the plan (within a little more than its radius, the nearest), or null. */
export function seatAt(index: SeatIndex, x: number, y: number, slack = 1.4): SeatInfo | null {
  const cx = Math.floor(x / index.cell);
  const cy = Math.floor(y / index.cell);
  const reach = index.radius * slack;
  let best: SeatInfo | null = null;
  let bestDistance = reach;
  for (let dx = -1; dx <= 1; dx++) {
    for (let dy = -1; dy <= 1; dy++) {
      for (const i of index.grid.get(cellKey(cx + dx, cy + dy)) ?? []) {
        const seat = index.seats[i]!;
        const d = Math.hypot(seat.x - x, seat.y - y);
        if (d <= bestDistance) {
          best = seat;
          bestDistance = d;
        }
      }
    }
  }
  return best;
}
