import type { SeatingLayout } from '@admitone/shared';
import { stringify } from 'csv-stringify/sync';

import { neutraliseFormula } from '../exports/export-sheet.js';

/**
 * The layout as pretix's seating-plan JSON: the same zones, rows, seats, areas and categories, without our fields
 * (seat features, standing areas, tables, the focal point, the background), which pretix's schema does not allow. A
 * standing area stays as its shape.
 */
export function toPretix(layout: SeatingLayout): unknown {
  return {
    name: layout.name,
    size: layout.size,
    categories: layout.categories,
    zones: layout.zones.map((zone) => ({
      ...zone,
      rows: zone.rows.map(({ table: _table, ...row }) => ({
        ...row,
        seats: row.seats.map(({ features: _features, ...seat }) => seat),
      })),
      ...(zone.areas ? { areas: zone.areas.map(({ standing: _standing, ...area }) => area) } : {}),
    })),
  };
}

/**
 * Every seat as a line of `section,row,seat,category` (the zone's name, the row's label or number, the seat's
 * number, its category), in the plan's order, with the seat's id and features after them; then each standing
 * area with its capacity in the seat column.
 */
export function toSeatCsv(layout: SeatingLayout): string {
  const lines: string[][] = [['section', 'row', 'seat', 'category', 'seat_id', 'features']];
  for (const zone of layout.zones) {
    for (const row of zone.rows)
      for (const seat of row.seats)
        lines.push([
          zone.name,
          row.row_label || row.row_number,
          seat.seat_number,
          seat.category,
          seat.seat_guid,
          (seat.features ?? []).join(' '),
        ]);
    for (const area of zone.areas ?? [])
      if (area.standing)
        lines.push([
          zone.name,
          area.standing.name,
          String(area.standing.capacity),
          area.standing.category,
          '',
          'STANDING',
        ]);
  }
  return stringify(lines.map((l) => l.map(neutraliseFormula)));
}
