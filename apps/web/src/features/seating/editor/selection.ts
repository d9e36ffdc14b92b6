import { areaBox } from './areas';
import {
  add,
  type Area,
  at,
  type Box,
  boxAround,
  type Layout,
  type Point,
  type Row,
  type Seat,
  SEAT_RADIUS,
  type Zone,
} from './layout-types';

/** What is selected: seats by their seat_guid, areas by their uuid. */
export interface Selection {
  seats: ReadonlySet<string>;
  areas: ReadonlySet<string>;
}

export const NOTHING: Selection = { seats: new Set(), areas: new Set() };

export const isEmpty = (sel: Selection): boolean => !sel.seats.size && !sel.areas.size;

/** What one click picks: a block (a zone's rows, or a table), the seat's row, or the seat alone. */
export type PickMode = 'block' | 'row' | 'seat';

/** A thing to select at once: a zone's rows (a block), a table, or an area; by index in the layout. */
export type Unit =
  | { kind: 'block'; zone: number }
  | { kind: 'table'; zone: number; row: number }
  | { kind: 'area'; zone: number; area: number };

/** Gives every zone, row and area an id (imported plans may lack them): the editor selects areas by theirs. */
export function withIds(layout: Layout, newId: () => string): Layout {
  const missing = layout.zones.some(
    (z) => !z.uuid || z.rows.some((r) => !r.uuid) || (z.areas ?? []).some((a) => !a.uuid),
  );
  if (!missing) return layout;
  return {
    ...layout,
    zones: layout.zones.map((z) => ({
      ...z,
      uuid: z.uuid ?? newId(),
      rows: z.rows.map((r) => (r.uuid ? r : { ...r, uuid: newId() })),
      areas: z.areas?.map((a) => (a.uuid ? a : { ...a, uuid: newId() })),
    })),
  };
}

/** Where a row's origin is on the plan. */
export const rowOrigin = (zone: Zone, row: Row): Point => add(zone.position, at(row.position));

const rowSeatIds = (row: Row) => row.seats.map((s) => s.seat_guid);

/** The units of a layout in reading order: each zone's block of rows, its tables, then its areas. */
export function unitsOf(layout: Layout): Unit[] {
  const units: Unit[] = [];
  layout.zones.forEach((zone, z) => {
    if (zone.rows.some((r) => !r.table && r.seats.length)) units.push({ kind: 'block', zone: z });
    zone.rows.forEach((row, r) => {
      if (row.table) units.push({ kind: 'table', zone: z, row: r });
    });
    (zone.areas ?? []).forEach((_, a) => units.push({ kind: 'area', zone: z, area: a }));
  });
  return units;
}

/** A unit's seats and areas. */
export function unitSelection(layout: Layout, unit: Unit): Selection {
  const zone = layout.zones[unit.zone];
  if (!zone) return NOTHING;
  if (unit.kind === 'area') {
    const id = zone.areas?.[unit.area]?.uuid;
    return { seats: new Set(), areas: new Set(id ? [id] : []) };
  }
  const rows = unit.kind === 'table' ? [zone.rows[unit.row]!] : zone.rows.filter((r) => !r.table);
  return { seats: new Set(rows.flatMap(rowSeatIds)), areas: new Set() };
}

/** The units the selection touches (for aligning them), each once. */
export function unitsIn(layout: Layout, sel: Selection): Unit[] {
  return unitsOf(layout).filter((unit) => {
    const members = unitSelection(layout, unit);
    return [...members.seats].some((id) => sel.seats.has(id)) || [...members.areas].some((id) => sel.areas.has(id));
  });
}

/** The part of the selection within a unit. */
export function within(sel: Selection, unit: Selection): Selection {
  return {
    seats: new Set([...unit.seats].filter((id) => sel.seats.has(id))),
    areas: new Set([...unit.areas].filter((id) => sel.areas.has(id))),
  };
}

/** What a click on a seat or an area picks, by the pick mode. */
export function pick(layout: Layout, hit: { seat: string } | { area: string }, mode: PickMode): Selection {
  if ('area' in hit) return { seats: new Set(), areas: new Set([hit.area]) };
  if (mode === 'seat') return { seats: new Set([hit.seat]), areas: new Set() };
  for (const zone of layout.zones)
    for (const row of zone.rows) {
      if (!row.seats.some((s) => s.seat_guid === hit.seat)) continue;
      const rows = mode === 'row' || row.table ? [row] : zone.rows.filter((r) => !r.table);
      return { seats: new Set(rows.flatMap(rowSeatIds)), areas: new Set() };
    }
  return NOTHING;
}

/** Adds or removes (when all of it is selected already) what was picked: a shift-click. */
export function toggle(sel: Selection, picked: Selection): Selection {
  const all = [...picked.seats].every((id) => sel.seats.has(id)) && [...picked.areas].every((id) => sel.areas.has(id));
  const seats = new Set(sel.seats);
  const areas = new Set(sel.areas);
  for (const id of picked.seats)
    if (all) seats.delete(id);
    else seats.add(id);
  for (const id of picked.areas)
    if (all) areas.delete(id);
    else areas.add(id);
  return { seats, areas };
}

export const union = (a: Selection, b: Selection): Selection => ({
  seats: new Set([...a.seats, ...b.seats]),
  areas: new Set([...a.areas, ...b.areas]),
});

const inside = (p: Point, box: Box) =>
  p.x >= box.x && p.x <= box.x + box.width && p.y >= box.y && p.y <= box.y + box.height;

/** The seats whose centres and the areas whose middles lie in a box (a marquee). */
export function selectionInBox(layout: Layout, box: Box): Selection {
  const seats = new Set<string>();
  const areas = new Set<string>();
  for (const zone of layout.zones) {
    for (const row of zone.rows) {
      const origin = rowOrigin(zone, row);
      for (const seat of row.seats) if (inside(add(origin, seat.position), box)) seats.add(seat.seat_guid);
    }
    for (const area of zone.areas ?? []) {
      const b = areaBox(area);
      const middle = { x: zone.position.x + b.x + b.width / 2, y: zone.position.y + b.y + b.height / 2 };
      if (area.uuid && inside(middle, box)) areas.add(area.uuid);
    }
  }
  return { seats, areas };
}

/** Everything in the plan. */
export function selectAll(layout: Layout): Selection {
  const huge = Number.MAX_SAFE_INTEGER;
  return selectionInBox(layout, { x: -huge, y: -huge, width: 2 * huge, height: 2 * huge });
}

/** The box around the selected seats (with their radius) and areas, on the plan. */
export function selectionBox(layout: Layout, sel: Selection): Box | undefined {
  const points: Point[] = [];
  for (const zone of layout.zones) {
    for (const row of zone.rows) {
      const origin = rowOrigin(zone, row);
      for (const seat of row.seats) {
        if (!sel.seats.has(seat.seat_guid)) continue;
        const r = seat.radius ?? SEAT_RADIUS;
        const c = add(origin, seat.position);
        points.push({ x: c.x - r, y: c.y - r }, { x: c.x + r, y: c.y + r });
      }
    }
    for (const area of zone.areas ?? []) {
      if (!area.uuid || !sel.areas.has(area.uuid)) continue;
      const b = areaBox(area);
      points.push(add(zone.position, b), add(zone.position, { x: b.x + b.width, y: b.y + b.height }));
    }
  }
  return boxAround(points);
}

/** The whole plan's drawing (the plan's size, grown to what lies outside it). */
export function layoutBox(layout: Layout): Box {
  const all = selectionBox(layout, selectAll(layout));
  const size = { x: 0, y: 0, width: layout.size.width, height: layout.size.height };
  if (!all) return size;
  const points = [all, { x: all.x + all.width, y: all.y + all.height }, size, { x: size.width, y: size.height }];
  return boxAround(points)!;
}

/** What the selection holds, found in the layout: seats, the rows they are in (by zone and row), areas. */
export interface Selected {
  seats: Seat[];
  rows: Array<{ zone: number; row: number; value: Row }>;
  areas: Array<{ zone: number; area: number; value: Area }>;
}

export function selectedIn(layout: Layout, sel: Selection): Selected {
  const found: Selected = { seats: [], rows: [], areas: [] };
  layout.zones.forEach((zone, z) => {
    zone.rows.forEach((row, r) => {
      const seats = sel.seats.size ? row.seats.filter((s) => sel.seats.has(s.seat_guid)) : [];
      if (!seats.length) return;
      found.seats.push(...seats);
      found.rows.push({ zone: z, row: r, value: row });
    });
    (zone.areas ?? []).forEach((area, a) => {
      if (area.uuid && sel.areas.has(area.uuid)) found.areas.push({ zone: z, area: a, value: area });
    });
  });
  return found;
}
