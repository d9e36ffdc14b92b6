import type { SeatFeature, SeatingLayout } from '@admitone/shared';
import { asc, eq, sql } from 'drizzle-orm';

import type { Executor, Tx } from '../../db/client.js';
import { seatingSeats } from '../../db/schema/index.js';
import { rowsOf } from '../inventory/counters.js';

/** A place a version sells: a seat, or a standing area of `places`. */
export interface Place {
  id: number;
  guid: string;
  zone: string;
  row_label: string;
  seat_number: string;
  category: string;
  places: number;
  features: SeatFeature[];
  /** The seats of a table sold whole share it. */
  whole_table: string | null;
  x: number;
  y: number;
  position: number;
}

type NewPlace = Omit<Place, 'id'>;

/** A standing area's place (its row is the area's name; it has no seat number). */
export const isStanding = (p: Pick<Place, 'seat_number'>) => p.seat_number === '';

/**
 * Every place of a layout, in its order: each zone's seats row by row, then its standing areas. A seat is where its
 * zone, row and own positions add up to; a standing area is named by its uuid (else its zone and index) and sits at
 * its position.
 */
export function placesOf(layout: SeatingLayout): NewPlace[] {
  const out: NewPlace[] = [];
  layout.zones.forEach((zone, z) => {
    zone.rows.forEach((row, r) => {
      const ox = zone.position.x + (row.position?.x ?? 0);
      const oy = zone.position.y + (row.position?.y ?? 0);
      const whole = row.table?.whole ? (row.uuid ?? `${z}:${r}`) : null;
      for (const seat of row.seats)
        out.push({
          guid: seat.seat_guid,
          zone: zone.name,
          row_label: row.row_label || row.row_number,
          seat_number: seat.seat_number,
          category: seat.category,
          places: 1,
          features: seat.features ?? [],
          whole_table: whole,
          x: ox + seat.position.x,
          y: oy + seat.position.y,
          position: out.length,
        });
    });
    (zone.areas ?? []).forEach((area, a) => {
      if (!area.standing) return;
      out.push({
        guid: area.uuid ?? `standing:${z}:${a}`,
        zone: zone.name,
        row_label: area.standing.name,
        seat_number: '',
        category: area.standing.category,
        places: area.standing.capacity,
        features: [],
        whole_table: null,
        x: zone.position.x + (area.position?.x ?? 0),
        y: zone.position.y + (area.position?.y ?? 0),
        position: out.length,
      });
    });
  });
  return out;
}

const BATCH = 2_000;

/**
 * Makes the places of a published version once (publishing, or an event seated by a version from before places were
 * kept): the version's row is locked, so two at once make them once.
 */
export async function ensurePlaces(tx: Tx, versionId: number, layout: SeatingLayout): Promise<void> {
  const [made] = await rowsOf<{ made: boolean }>(
    tx,
    sql`select exists (select 1 from seating_seats where version_id = v.id) as made
        from seating_plan_versions v where v.id = ${versionId} for update of v`,
  );
  if (!made || made.made) return;
  const places = placesOf(layout);
  for (let i = 0; i < places.length; i += BATCH)
    await tx.insert(seatingSeats).values(places.slice(i, i + BATCH).map((p) => ({ ...p, version_id: versionId })));
}

/** A version's places by id and by guid (a version never changes: kept in memory once read). */
export interface PlaceMap {
  versionId: number;
  byId: ReadonlyMap<number, Place>;
  byGuid: ReadonlyMap<string, Place>;
  /** In the layout's order. */
  all: readonly Place[];
}

const CACHED = 16;
/** Per database (ids are unique in one, not across the test suite's many). */
const caches = new WeakMap<Executor, Map<number, Promise<PlaceMap>>>();

/**
 * The places of a version, read once per process and database (the few most recent versions are kept). Inside a
 * transaction, pass it as `tx`: a miss is then read through it and not kept (the embedded database has one
 * connection, so a read outside the transaction would wait for it forever; and what a transaction read may roll
 * back).
 */
export function placeMapOf(db: Executor, versionId: number, tx?: Executor): Promise<PlaceMap> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const hit = cache.get(versionId);
  if (hit) {
    cache.delete(versionId);
    cache.set(versionId, hit);
    return hit;
  }
  const loading = (tx ?? db)
    .select()
    .from(seatingSeats)
    .where(eq(seatingSeats.version_id, versionId))
    .orderBy(asc(seatingSeats.position))
    .then((rows) => {
      const all = rows.map(({ version_id: _v, ...p }) => ({ ...p, features: p.features as SeatFeature[] }));
      return {
        versionId,
        byId: new Map(all.map((p) => [p.id, p])),
        byGuid: new Map(all.map((p) => [p.guid, p])),
        all,
      };
    });
  if (tx) return loading;
  // A version without places yet (being made) is not kept: the next read tries again.
  cache.set(versionId, loading);
  const forget = () => cache.delete(versionId);
  loading.then((m) => m.all.length || forget(), forget);
  while (cache.size > CACHED) cache.delete(cache.keys().next().value!);
  return loading;
}
