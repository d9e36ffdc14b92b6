import { frontCentre } from './areas';
import { add, type Area, type Layout, type Point, type Row, type Zone } from './layout-types';
import type { Selection } from './selection';

/** Putting new things into a layout: each returns the layout and the new thing selected. */
export interface Placed {
  layout: Layout;
  selection: Selection;
}

/** Colours given to new categories in turn. */
export const CATEGORY_COLOURS = [
  '#7048e8',
  '#f59f00',
  '#12b886',
  '#1c7ed6',
  '#e64980',
  '#fd7e14',
  '#2f9e44',
  '#868e96',
];

/** The layout with a category of that name (added with the next colour when it has none). */
export function withCategory(layout: Layout, name: string): Layout {
  const trimmed = name.trim();
  if (!trimmed || layout.categories.some((c) => c.name === trimmed)) return layout;
  const color = CATEGORY_COLOURS[layout.categories.length % CATEGORY_COLOURS.length];
  return { ...layout, categories: [...layout.categories, { name: trimmed, color }] };
}

const seatsOf = (rows: readonly Row[]) => new Set(rows.flatMap((r) => r.seats.map((s) => s.seat_guid)));

/** A block of rows as a zone of its own. */
export function placeBlock(layout: Layout, zone: Zone): Placed {
  return {
    layout: { ...layout, zones: [...layout.zones, zone] },
    selection: { seats: seatsOf(zone.rows), areas: new Set() },
  };
}

/** The zone holding tables (every row of it a table), if the plan has one. */
const tablesZone = (layout: Layout) => layout.zones.findIndex((z) => z.rows.length > 0 && z.rows.every((r) => r.table));

/** The number after the highest numbered table of the plan's tables zone (1 for the first). */
export function nextTableNumber(layout: Layout): number {
  const zone = layout.zones[tablesZone(layout)];
  const numbers = (zone?.rows ?? []).map((r) => Number.parseInt(r.row_number, 10)).filter(Number.isFinite);
  return numbers.length ? Math.max(...numbers) + 1 : 1;
}

/**
 * Tables (rows placed by their centres on the plan) into the plan's tables zone, or a new one named `zoneName` at
 * the plan's corner.
 */
export function placeTables(layout: Layout, tables: readonly Row[], zoneName: string): Placed {
  const index = tablesZone(layout);
  const zone: Zone = layout.zones[index] ?? { name: zoneName, position: { x: 0, y: 0 }, rows: [], areas: [] };
  const rows = tables.map((row) => ({ ...row, position: add(row.position ?? { x: 0, y: 0 }, neg(zone.position)) }));
  const next = { ...zone, rows: [...zone.rows, ...rows] };
  const zones = index < 0 ? [...layout.zones, next] : layout.zones.map((z, i) => (i === index ? next : z));
  return { layout: { ...layout, zones }, selection: { seats: seatsOf(rows), areas: new Set() } };
}

const neg = (p: Point): Point => ({ x: -p.x, y: -p.y });

/**
 * An area placed on the plan into the plan's zone for areas (the first without rows), or a new one named
 * `zoneName` at the plan's corner. A stage (`focus`) makes its front the plan's focal point.
 */
export function placeArea(layout: Layout, area: Area, zoneName: string, focus = false): Placed {
  const index = layout.zones.findIndex((z) => !z.rows.length);
  const zone: Zone = layout.zones[index] ?? { name: zoneName, position: { x: 0, y: 0 }, rows: [], areas: [] };
  const placed = { ...area, position: add(area.position ?? { x: 0, y: 0 }, neg(zone.position)) };
  const next = { ...zone, areas: [...(zone.areas ?? []), placed] };
  const zones = index < 0 ? [...layout.zones, next] : layout.zones.map((z, i) => (i === index ? next : z));
  const focal_point = focus ? add(zone.position, frontCentre(placed)) : layout.focal_point;
  return {
    layout: { ...layout, zones, focal_point },
    selection: { seats: new Set(), areas: new Set(area.uuid ? [area.uuid] : []) },
  };
}
