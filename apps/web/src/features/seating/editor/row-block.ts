import { rowOnArc, seatOffsets } from './curve';
import { boxAround, type Point, rotatePoint, round, SEAT_RADIUS, type Zone } from './layout-types';
import { rowLabels, type RowNumbering, seatLabels, type SeatNumbering } from './numbering';

/** What the organizer asks for when adding a block of rows. */
export interface RowBlockSpec {
  /** The section's name (the zone buyers read beside row and seat). */
  name: string;
  rows: number;
  seatsPerRow: number;
  /** Centre to centre, in plan pixels. */
  seatSpacing: number;
  rowSpacing: number;
  /** 0: straight rows; otherwise the front row's radius (smaller bends more). */
  curve: number;
  /** Degrees clockwise. */
  rotation: number;
  /** Aisles after these seats (1-based), each `aisleWidth` wide. */
  aislesAfter: number[];
  aisleWidth: number;
  rowNumbering: RowNumbering;
  seatNumbering: SeatNumbering;
  /** Where the row's label is drawn. */
  labels: 'start' | 'end' | 'both';
  category: string;
}

export const DEFAULT_ROW_BLOCK: Omit<RowBlockSpec, 'name' | 'category' | 'rowNumbering' | 'seatNumbering'> = {
  rows: 5,
  seatsPerRow: 10,
  seatSpacing: 26,
  rowSpacing: 32,
  curve: 0,
  rotation: 0,
  aislesAfter: [],
  aisleWidth: 26,
  labels: 'both',
};

/** How far the drawing reaches past a seat's centre: its radius and a row label's room. */
const MARGIN = SEAT_RADIUS * 3;

/**
 * A block of rows as one zone, centred on `centre`: each row bent on the curve and the whole turned by the
 * rotation, rows labelled front to back and seats numbered left to right (or right to left) as asked, every seat
 * with a new id. Rows sit at the zone's corner; seats carry their place in the zone.
 */
export function rowBlock(spec: RowBlockSpec, centre: Point, newId: () => string): Zone {
  const offsets = seatOffsets(spec.seatsPerRow, spec.seatSpacing, spec.aislesAfter, spec.aisleWidth);
  const labels = rowLabels(spec.rows, spec.rowNumbering);
  const numbers = seatLabels(spec.seatsPerRow, spec.seatNumbering);
  const rows = labels.map((label, r) =>
    rowOnArc(offsets, r * spec.rowSpacing, spec.curve).map((p) => ({ label, point: rotatePoint(p, spec.rotation) })),
  );
  const box = boxAround(
    rows.flat().map((s) => s.point),
    MARGIN,
  ) ?? { x: 0, y: 0, width: 0, height: 0 };
  return {
    name: spec.name,
    uuid: newId(),
    position: { x: round(centre.x - box.width / 2), y: round(centre.y - box.height / 2) },
    rows: rows.map((seats, r) => ({
      row_number: labels[r]!,
      row_number_position: spec.labels,
      uuid: newId(),
      position: { x: 0, y: 0 },
      seats: seats.map(({ point }, s) => ({
        seat_guid: newId(),
        seat_number: numbers[s]!,
        position: { x: round(point.x - box.x), y: round(point.y - box.y) },
        category: spec.category,
      })),
    })),
    areas: [],
  };
}
