import type { SeatingLayout } from '@admitone/shared';

/** The parts of a seating layout the editor works on (the shared contract's shapes). */
export type Layout = SeatingLayout;
export type Zone = Layout['zones'][number];
export type Row = Zone['rows'][number];
export type Seat = Row['seats'][number];
export type Area = NonNullable<Zone['areas']>[number];

export interface Point {
  x: number;
  y: number;
}

/** An axis-aligned box in the plan's pixels. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A seat's radius when the plan gives none (pretix's default). */
export const SEAT_RADIUS = 10;

export const add = (a: Point, b: Point): Point => ({ x: a.x + b.x, y: a.y + b.y });
export const sub = (a: Point, b: Point): Point => ({ x: a.x - b.x, y: a.y - b.y });
const ORIGIN: Point = { x: 0, y: 0 };
export const at = (p: Point | undefined): Point => p ?? ORIGIN;

/** The smallest box around the points, each grown by `pad` (none for no points). */
export function boxAround(points: readonly Point[], pad = 0): Box | undefined {
  if (!points.length) return undefined;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const p of points) {
    minX = Math.min(minX, p.x);
    minY = Math.min(minY, p.y);
    maxX = Math.max(maxX, p.x);
    maxY = Math.max(maxY, p.y);
  }
  return { x: minX - pad, y: minY - pad, width: maxX - minX + 2 * pad, height: maxY - minY + 2 * pad };
}

/** The box around boxes. */
export function unionBox(boxes: readonly Box[]): Box | undefined {
  return boxAround(boxes.flatMap((b) => [b, { x: b.x + b.width, y: b.y + b.height }]));
}

/** A point turned by `degrees` (clockwise on screen) about `centre`. */
export function rotatePoint(p: Point, degrees: number, centre: Point = ORIGIN): Point {
  if (!degrees) return p;
  const a = (degrees * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  const dx = p.x - centre.x;
  const dy = p.y - centre.y;
  return { x: round(centre.x + dx * cos - dy * sin), y: round(centre.y + dx * sin + dy * cos) };
}

/** Plan pixels to two decimals: files stay small and sums stay exact enough. */
export const round = (n: number): number => Math.round(n * 100) / 100;
