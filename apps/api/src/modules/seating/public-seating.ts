import type {
  PublicSeat,
  PublicSeatAvailabilityDto,
  PublicSeatingDto,
  PublicSeatingZoneDto,
  SeatingLayout,
} from '@admitone/shared';
import { eq, sql } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { seatingPlanVersions } from '../../db/schema/index.js';
import type { Clock } from '../../shared/clock.js';
import { rowsOf } from '../inventory/counters.js';
import { bestAvailable, type PlacedPlan } from './best-available.js';
import type { EventSeatingRef } from './seating-ref.js';
import { isStanding, type PlaceMap } from './seats.js';

/** A coordinate as buyers get it: a tenth of a pixel is finer than any screen shows a plan. */
const tenth = (n: number) => Math.round(n * 10) / 10;

/**
 * The plan as buyers get it (`PublicSeatingDto`): every seat with its place id, number, position on the plan,
 * category and features; the drawn areas; the standing areas with their place ids; and what each category sells as.
 */
export function publicSeatingOf(layout: SeatingLayout, places: PlaceMap, seating: EventSeatingRef): PublicSeatingDto {
  const categoryIndex = new Map(layout.categories.map((c, i) => [c.name, i]));
  const zones: PublicSeatingZoneDto[] = layout.zones.map((zone) => ({
    name: zone.name,
    position: zone.position,
    rows: zone.rows.map((row) => ({
      label: row.row_label || row.row_number,
      table: row.table ? { shape: row.table.shape, whole: row.table.whole } : null,
      seats: row.seats.flatMap((seat): PublicSeat[] => {
        const place = places.byGuid.get(seat.seat_guid);
        if (!place) return [];
        const out: PublicSeat = [
          place.id,
          seat.seat_number,
          tenth(place.x),
          tenth(place.y),
          categoryIndex.get(seat.category) ?? -1,
        ];
        if (seat.features?.length) out.push(seat.features);
        return [out];
      }),
    })),
    areas: zone.areas ?? [],
  }));
  const standing = places.all.filter(isStanding).map((p) => ({
    id: p.id,
    area_uuid: p.guid,
    name: p.row_label,
    category: categoryIndex.get(p.category) ?? -1,
    capacity: p.places,
  }));
  return {
    version_id: places.versionId,
    size: layout.size,
    focal_point: layout.focal_point ?? null,
    categories: layout.categories.map((c) => {
      const sells = seating.categories.get(c.name);
      return {
        name: c.name,
        color: c.color ?? null,
        ticket_id: sells?.ticket_id ?? null,
        tier_id: sells?.tier_id ?? null,
      };
    }),
    zones,
    standing,
  };
}

/** A published version's layout (never changes once published). */
export async function versionLayout(db: Executor, versionId: number): Promise<SeatingLayout | null> {
  const [row] = await db
    .select({ layout: seatingPlanVersions.layout })
    .from(seatingPlanVersions)
    .where(eq(seatingPlanVersions.id, versionId));
  return row?.layout ?? null;
}

/**
 * What cannot be chosen on a date: places with no room left, and those the organizer keeps off sale. A hold that ran
 * out still counts on the counter until the sweep gives it back; its places are shown free already (a buyer taking
 * one releases it first, as for tickets).
 */
export async function seatAvailability(
  db: Executor,
  places: PlaceMap,
  eventId: number,
  dateId: number,
  clock: Clock,
): Promise<PublicSeatAvailabilityDto> {
  const rows = await rowsOf<{ seat_id: number; taken: number; expired: number }>(
    db,
    sql`select sd.seat_id, sd.taken, coalesce(x.n, 0)::int as expired
        from seat_dates sd
        left join (
          select a.seat_id, count(*) as n from attendees a join orders o on o.id = a.order_id
          where a.event_date_id = ${dateId} and a.seat_id is not null and a.status = 'RESERVED'
            and o.status = 'RESERVED' and o.hold_released_at is null and o.reserved_until <= ${clock.now()}
          group by a.seat_id) x on x.seat_id = sd.seat_id
        where sd.event_date_id = ${dateId} and sd.taken > 0`,
  );
  // Kept off sale (held or killed): unavailable on every date.
  const held = await rowsOf<{ seat_id: number }>(
    db,
    sql`select seat_id from seat_hold_places where event_id = ${eventId}`,
  );
  const unavailable = new Set(held.map((r) => Number(r.seat_id)).filter((id) => places.byId.has(id)));
  const standing: PublicSeatAvailabilityDto['standing'] = [];
  for (const r of rows) {
    const place = places.byId.get(Number(r.seat_id));
    // Another version's place (the event moved on) is not the buyer's concern.
    if (!place) continue;
    const left = place.places - (Number(r.taken) - Number(r.expired));
    if (isStanding(place)) standing.push({ id: place.id, left: Math.max(0, left) });
    if (left <= 0) unavailable.add(place.id);
  }
  standing.sort((a, b) => a.id - b.id);
  return { date_id: dateId, unavailable: [...unavailable].sort((a, b) => a - b), standing };
}

/** The best `quantity` free seats of a category on a date (empty when it has not that many), not held. */
export function bestSeats(
  plan: PlacedPlan,
  places: PlaceMap,
  availability: PublicSeatAvailabilityDto,
  category: string,
  quantity: number,
): number[] {
  // Seats of a table sold whole are chosen on purpose, never handed out one by one.
  const taken = new Set([
    ...availability.unavailable.map((id) => places.byId.get(id)?.guid).filter((g) => g !== undefined),
    ...places.all.filter((p) => p.whole_table !== null).map((p) => p.guid),
  ]);
  const guids = bestAvailable(plan, category, quantity, taken) ?? [];
  return guids.map((g) => places.byGuid.get(g)!.id);
}
