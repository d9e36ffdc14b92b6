import type { SeatFeature } from '@admitone/shared';

import { frontCentre } from './areas';
import {
  add,
  type Area,
  at,
  type Layout,
  type Point,
  rotatePoint,
  round,
  type Row,
  type Seat,
  sub,
  type Zone,
} from './layout-types';
import { rowLabels, type RowNumbering, seatLabels, type SeatNumbering } from './numbering';
import { nextTableNumber } from './placement';
import { type Selection, selectionBox } from './selection';

/**
 * Changes to the selected seats and areas, each a new layout that shares every untouched zone, row and seat with
 * the old one (so only what changed is drawn again). A returned null removes the thing.
 */
interface Edit {
  /** A row all of whose seats are selected (else its seats one by one). */
  row?: (row: Row, zone: Zone) => Row | null;
  seat?: (seat: Seat, row: Row, zone: Zone) => Seat | null;
  area?: (area: Area, zone: Zone) => Area | null;
}

function editRow(row: Row, zone: Zone, sel: Selection, edit: Edit): Row | null {
  const chosen = row.seats.filter((s) => sel.seats.has(s.seat_guid)).length;
  if (!chosen) return row;
  if (chosen === row.seats.length && edit.row) return edit.row(row, zone);
  if (!edit.seat) return row;
  const seats = row.seats.flatMap((s) => (sel.seats.has(s.seat_guid) ? (edit.seat!(s, row, zone) ?? []) : [s]));
  return seats.length ? { ...row, seats } : null;
}

function editZone(zone: Zone, sel: Selection, edit: Edit): Zone | null {
  let changed = false;
  const rows = zone.rows.flatMap((row) => {
    const next = editRow(row, zone, sel, edit);
    if (next !== row) changed = true;
    return next ?? [];
  });
  const areas = zone.areas?.flatMap((area) => {
    if (!area.uuid || !sel.areas.has(area.uuid) || !edit.area) return [area];
    changed = true;
    return edit.area(area, zone) ?? [];
  });
  if (!changed) return zone;
  if (!rows.length && !areas?.length) return null;
  return { ...zone, rows, areas };
}

export function editSelection(layout: Layout, sel: Selection, edit: Edit): Layout {
  let changed = false;
  const zones = layout.zones.flatMap((zone) => {
    const next = editZone(zone, sel, edit);
    if (next !== zone) changed = true;
    return next ?? [];
  });
  return changed ? { ...layout, zones } : layout;
}

const near = (a: Point, b: Point) => Math.abs(a.x - b.x) < 0.5 && Math.abs(a.y - b.y) < 0.5;

/** The stage among the selected areas whose front is the focal point, if any (it moves with it). */
function selectedFocus(layout: Layout, sel: Selection): boolean {
  const focus = layout.focal_point;
  if (!focus) return false;
  return layout.zones.some((zone) =>
    (zone.areas ?? []).some(
      (a) => a.uuid && sel.areas.has(a.uuid) && a.rectangle && near(add(zone.position, frontCentre(a)), focus),
    ),
  );
}

const moved = (p: Point | undefined, d: Point): Point => ({ x: round(at(p).x + d.x), y: round(at(p).y + d.y) });

/** Moves the selection by `d` pixels (the focal point too when it is the front of a selected stage). */
export function moveSelection(layout: Layout, sel: Selection, d: Point): Layout {
  if (!d.x && !d.y) return layout;
  const next = editSelection(layout, sel, {
    row: (row) => ({ ...row, position: moved(row.position, d) }),
    seat: (seat) => ({ ...seat, position: moved(seat.position, d) }),
    area: (area) => ({ ...area, position: moved(area.position, d) }),
  });
  return selectedFocus(layout, sel) ? { ...next, focal_point: moved(layout.focal_point, d) } : next;
}

export const deleteSelection = (layout: Layout, sel: Selection): Layout =>
  editSelection(layout, sel, { row: () => null, seat: () => null, area: () => null });

/** Turns the selection by `degrees` about its middle. */
export function rotateSelection(layout: Layout, sel: Selection, degrees: number): Layout {
  const box = selectionBox(layout, sel);
  if (!box || !degrees) return layout;
  const c = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const turn = (p: Point) => rotatePoint(p, degrees, c);
  const next = editSelection(layout, sel, {
    row: (row, zone) => ({
      ...row,
      position: sub(turn(add(zone.position, at(row.position))), zone.position),
      seats: row.seats.map((s) => ({ ...s, position: rotatePoint(s.position, degrees) })),
    }),
    seat: (seat, row, zone) => {
      const origin = add(zone.position, at(row.position));
      return { ...seat, position: sub(turn(add(origin, seat.position)), origin) };
    },
    area: (area, zone) => ({
      ...area,
      position: sub(turn(add(zone.position, at(area.position))), zone.position),
      rotation: round(((((area.rotation ?? 0) + degrees) % 360) + 360) % 360),
    }),
  });
  return selectedFocus(layout, sel) ? { ...next, focal_point: turn(layout.focal_point!) } : next;
}

/** The selected seats and standing areas sell as `category`. */
export const setCategory = (layout: Layout, sel: Selection, category: string): Layout =>
  editSelection(layout, sel, {
    seat: (seat) => (seat.category === category ? seat : { ...seat, category }),
    area: (area) => (area.standing ? { ...area, standing: { ...area.standing, category } } : area),
  });

/** Gives the selected seats a feature, or takes it away. */
export const setFeature = (layout: Layout, sel: Selection, feature: SeatFeature, on: boolean): Layout =>
  editSelection(layout, sel, {
    seat: (seat) => {
      const has = seat.features?.includes(feature) ?? false;
      if (has === on) return seat;
      const features = on ? [...(seat.features ?? []), feature] : (seat.features ?? []).filter((f) => f !== feature);
      return { ...seat, features };
    },
  });

/** Every row the selection touches, with its zone's index. */
function touchedRows(layout: Layout, sel: Selection): Map<number, Set<number>> {
  const touched = new Map<number, Set<number>>();
  layout.zones.forEach((zone, z) =>
    zone.rows.forEach((row, r) => {
      if (row.seats.some((s) => sel.seats.has(s.seat_guid))) touched.set(z, (touched.get(z) ?? new Set()).add(r));
    }),
  );
  return touched;
}

/** Maps the rows the selection touches, by zone, with their order among them. */
function mapTouchedRows(layout: Layout, sel: Selection, map: (row: Row, index: number, count: number) => Row) {
  const touched = touchedRows(layout, sel);
  if (!touched.size) return layout;
  return {
    ...layout,
    zones: layout.zones.map((zone, z) => {
      const rows = touched.get(z);
      if (!rows) return zone;
      const order = [...rows];
      return { ...zone, rows: zone.rows.map((row, r) => (rows.has(r) ? map(row, order.indexOf(r), rows.size) : row)) };
    }),
  };
}

/**
 * Numbers again the rows the selection touches, front to back in each zone, and their seats in their order (left
 * to right as drawn). `rows` left out keeps the rows' labels.
 */
export function renumber(layout: Layout, sel: Selection, seats: SeatNumbering, rows?: RowNumbering): Layout {
  const labels = new Map<number, string[]>();
  return mapTouchedRows(layout, sel, (row, index, count) => {
    if (rows && !labels.has(count)) labels.set(count, rowLabels(count, rows));
    const numbers = seatLabels(row.seats.length, seats);
    return {
      ...row,
      row_number: rows ? labels.get(count)![index]! : row.row_number,
      seats: row.seats.map((s, i) => ({ ...s, seat_number: numbers[i]! })),
    };
  });
}

/** The selected tables are sold whole (every seat together) or by the seat. */
export const setTableWhole = (layout: Layout, sel: Selection, whole: boolean): Layout =>
  mapTouchedRows(layout, sel, (row) => (row.table ? { ...row, table: { ...row.table, whole } } : row));

/** The layout with one zone changed (by its index). */
export const updateZone = (layout: Layout, z: number, update: (zone: Zone) => Zone): Layout => ({
  ...layout,
  zones: layout.zones.map((zone, i) => (i === z ? update(zone) : zone)),
});

/** The layout with one row changed (by its zone's and its index). */
export const updateRow = (layout: Layout, z: number, r: number, update: (row: Row) => Row): Layout =>
  updateZone(layout, z, (zone) => ({ ...zone, rows: zone.rows.map((row, i) => (i === r ? update(row) : row)) }));

/** The layout with one area changed (by its zone's and its index). */
export const updateArea = (layout: Layout, z: number, a: number, update: (area: Area) => Area): Layout =>
  updateZone(layout, z, (zone) => ({ ...zone, areas: zone.areas?.map((area, i) => (i === a ? update(area) : area)) }));

/**
 * Renames a category and what sells as it (seats, standing areas). Another category of the new name keeps its
 * own; the plan's checks then name the two.
 */
export function renameCategory(layout: Layout, index: number, name: string): Layout {
  const old = layout.categories[index]?.name;
  if (old === undefined || old === name) return layout;
  const rename = (category: string) => (category === old ? name : category);
  return {
    ...layout,
    categories: layout.categories.map((c, i) => (i === index ? { ...c, name } : c)),
    zones: layout.zones.map((zone) => ({
      ...zone,
      rows: zone.rows.map((row) =>
        row.seats.some((s) => s.category === old)
          ? { ...row, seats: row.seats.map((s) => (s.category === old ? { ...s, category: rename(s.category) } : s)) }
          : row,
      ),
      areas: zone.areas?.map((area) =>
        area.standing?.category === old ? { ...area, standing: { ...area.standing, category: name } } : area,
      ),
    })),
  };
}

/** How far a copy lands from what it copies, right and down (pixels). */
export const DUPLICATE_OFFSET = 20;

/**
 * Copies the selection, each copy `DUPLICATE_OFFSET` pixels right and down of its original, with new seat_guids and
 * uuids, and selects the copies. The selected rows of a block go into a new zone (a copy of theirs, same name),
 * so their labels stay unique without renumbering; a table is copied into its own zone with the next table
 * number(s); an area into its zone. Nothing already drawn changes.
 */
export function duplicateSelection(
  layout: Layout,
  sel: Selection,
  newId: () => string,
): { layout: Layout; selection: Selection } {
  const seats = new Set<string>();
  const areas = new Set<string>();
  const d = { x: DUPLICATE_OFFSET, y: DUPLICATE_OFFSET };
  let tableNumber = nextTableNumber(layout);
  const copyRow = (row: Row, shift: Point): Row | null => {
    const chosen = row.seats.filter((s) => sel.seats.has(s.seat_guid));
    if (!chosen.length) return null;
    const copied = chosen.map((s) => {
      const seat_guid = newId();
      seats.add(seat_guid);
      return { ...s, seat_guid };
    });
    return { ...row, uuid: newId(), position: moved(row.position, shift), seats: copied };
  };
  const added: Zone[] = [];
  const zones = layout.zones.map((zone) => {
    const tables: Row[] = [];
    const blockRows: Row[] = [];
    for (const row of zone.rows) {
      const copy = copyRow(row, row.table ? d : { x: 0, y: 0 });
      if (!copy) continue;
      if (row.table) {
        // A numbered table takes the next number; a named one keeps its name.
        const numbered = Number.isFinite(Number.parseInt(row.row_number, 10));
        tables.push(numbered ? { ...copy, row_number: String(tableNumber++) } : copy);
      } else blockRows.push(copy);
    }
    const areaCopies = (zone.areas ?? []).flatMap((area) => {
      if (!area.uuid || !sel.areas.has(area.uuid)) return [];
      const uuid = newId();
      areas.add(uuid);
      return [{ ...area, uuid, position: moved(area.position, d) }];
    });
    if (blockRows.length)
      added.push({ ...zone, uuid: newId(), position: moved(zone.position, d), rows: blockRows, areas: [] });
    if (!tables.length && !areaCopies.length) return zone;
    return { ...zone, rows: [...zone.rows, ...tables], areas: [...(zone.areas ?? []), ...areaCopies] };
  });
  if (!seats.size && !areas.size) return { layout, selection: sel };
  return { layout: { ...layout, zones: [...zones, ...added] }, selection: { seats, areas } };
}
