import { type Point, rotatePoint, round, type Row, SEAT_RADIUS } from './layout-types';

/** A table's seats around it; `whole`: sold as one (a buyer takes every seat of it). */
export interface TableSpec {
  label: string;
  /** Round: seats around it; long: seats on each of its two long sides. */
  shape: 'round' | 'long';
  seats: number;
  whole: boolean;
  category: string;
}

/** Room between a table's edge and a seat's edge. */
const GAP = 4;
const SPACING = SEAT_RADIUS * 2.6;

/** The table a row of seats is drawn around, in the row's own pixels (a rotated long table keeps its angle). */
export type TableShape =
  | { shape: 'round'; centre: Point; radius: number }
  | { shape: 'long'; centre: Point; width: number; height: number; rotation: number };

/** A round table's radius for `seats` seats around it (at least a small one for two or three). */
export const roundTableRadius = (seats: number): number =>
  Math.max(SEAT_RADIUS * 2, (seats * SPACING) / (2 * Math.PI) - SEAT_RADIUS - GAP);

/** A long table's seats per side (the first side gets the odd one). */
const perSide = (seats: number): [number, number] => [Math.ceil(seats / 2), Math.floor(seats / 2)];

/** Seats of a table around the row's origin: clockwise from the top for a round one, then its number. */
function tableSeats(spec: TableSpec): Point[] {
  if (spec.shape === 'round') {
    const distance = roundTableRadius(spec.seats) + GAP + SEAT_RADIUS;
    return Array.from({ length: spec.seats }, (_, i) => rotatePoint({ x: 0, y: -distance }, (360 * i) / spec.seats));
  }
  const [top, bottom] = perSide(spec.seats);
  const halfDepth = SEAT_RADIUS * 1.5 + GAP + SEAT_RADIUS;
  const along = (count: number, i: number) => round((i - (count - 1) / 2) * SPACING);
  // Along the top left to right, then back along the bottom right to left: clockwise round the table.
  return [
    ...Array.from({ length: top }, (_, i) => ({ x: along(top, i), y: -halfDepth })),
    ...Array.from({ length: bottom }, (_, i) => ({ x: along(bottom, bottom - 1 - i), y: halfDepth })),
  ];
}

/** A table as a row of its own centred on `centre` (in its zone), its seats numbered 1.. clockwise. */
export function table(spec: TableSpec, centre: Point, newId: () => string): Row {
  return {
    row_number: spec.label,
    uuid: newId(),
    position: { x: round(centre.x), y: round(centre.y) },
    table: { shape: spec.shape, whole: spec.whole },
    seats: tableSeats(spec).map((position, i) => ({
      seat_guid: newId(),
      seat_number: String(i + 1),
      position,
      category: spec.category,
    })),
  };
}

/** The table to draw under a table row's seats, from where its seats are (none for a row that is no table). */
export function tableShape(row: Row): TableShape | undefined {
  if (!row.table || !row.seats.length) return undefined;
  const points = row.seats.map((s) => s.position);
  const centre = {
    x: points.reduce((sum, p) => sum + p.x, 0) / points.length,
    y: points.reduce((sum, p) => sum + p.y, 0) / points.length,
  };
  if (row.table.shape === 'round') {
    const distance = points.reduce((sum, p) => sum + Math.hypot(p.x - centre.x, p.y - centre.y), 0) / points.length;
    return { shape: 'round', centre, radius: Math.max(SEAT_RADIUS, distance - SEAT_RADIUS - GAP) };
  }
  const [top] = perSide(points.length);
  const first = points[0]!;
  const last = points[top - 1]!;
  const rotation = top > 1 ? (Math.atan2(last.y - first.y, last.x - first.x) * 180) / Math.PI : 0;
  const length = Math.hypot(last.x - first.x, last.y - first.y);
  return { shape: 'long', centre, width: length + SPACING, height: SEAT_RADIUS * 3, rotation };
}

/**
 * `count` tables in a grid of `columns`, `gap` pixels between neighbours' seats, centred on `centre`, labelled
 * from `firstLabel` on (a number, or the label itself when there is one table).
 */
export function tableGrid(
  spec: Omit<TableSpec, 'label'>,
  count: number,
  columns: number,
  firstNumber: number,
  centre: Point,
  newId: () => string,
): Row[] {
  const one = tableSeats({ ...spec, label: '' });
  const reach = Math.max(...one.map((p) => Math.max(Math.abs(p.x), Math.abs(p.y)))) + SEAT_RADIUS;
  const width = spec.shape === 'long' ? Math.max(...one.map((p) => Math.abs(p.x))) + SEAT_RADIUS : reach;
  const cols = Math.max(1, Math.min(columns, count));
  const lines = Math.ceil(count / cols);
  const stepX = 2 * width + SPACING * 2;
  const stepY = 2 * reach + SPACING * 2;
  return Array.from({ length: count }, (_, i) => {
    const col = i % cols;
    const line = Math.floor(i / cols);
    const at = {
      x: centre.x + (col - (cols - 1) / 2) * stepX,
      y: centre.y + (line - (lines - 1) / 2) * stepY,
    };
    return table({ ...spec, label: String(firstNumber + i) }, at, newId);
  });
}
