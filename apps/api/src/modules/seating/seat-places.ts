import { personName, type SeatPlaceDto } from '@admitone/shared';
import { sql } from 'drizzle-orm';

import type { Db } from '../../db/client.js';
import { rowsOf } from '../inventory/counters.js';
import { seatOf } from './seat-labels.js';
import { loadSeatingRef } from './seating-ref.js';
import { placeMapOf } from './seats.js';

/**
 * Every place of the event's plan on a date, for the organizer: free, sold (paid, free or awaiting payment), in a
 * checkout, held or killed, with who sits there. Null when the event is not seated.
 */
export async function seatPlacesOn(db: Db, eventId: number, dateId: number): Promise<SeatPlaceDto[] | null> {
  const seating = await loadSeatingRef(db, eventId);
  if (!seating) return null;
  const places = await placeMapOf(db, seating.versionId);
  const holds = await rowsOf<{ seat_id: number; name: string; kind: 'HOLD' | 'KILL' }>(
    db,
    sql`select hp.seat_id, h.name, h.kind from seat_hold_places hp join seat_holds h on h.id = hp.hold_id
        where hp.event_id = ${eventId}`,
  );
  const people = await rowsOf<{
    id: number;
    seat_id: number;
    short_id: string;
    first_name: string | null;
    last_name: string | null;
    status: string;
    order_id: number;
    order_number: string;
  }>(
    db,
    sql`select a.id, a.seat_id, a.short_id, a.first_name, a.last_name, a.status, a.order_id, o.order_number
        from attendees a join orders o on o.id = a.order_id
        where a.event_id = ${eventId} and a.event_date_id = ${dateId} and a.seat_id is not null
          and a.status in ('RESERVED', 'AWAITING_PAYMENT', 'ACTIVE')
        order by a.id`,
  );
  const holdOf = new Map(holds.map((h) => [Number(h.seat_id), h]));
  const sitting = new Map<number, typeof people>();
  for (const p of people) sitting.set(Number(p.seat_id), [...(sitting.get(Number(p.seat_id)) ?? []), p]);
  return places.all.map((place) => {
    const hold = holdOf.get(place.id);
    const here = sitting.get(place.id) ?? [];
    const state: SeatPlaceDto['state'] = here.some((p) => p.status !== 'RESERVED')
      ? 'SOLD'
      : here.length
        ? 'RESERVED'
        : hold
          ? hold.kind === 'KILL'
            ? 'KILLED'
            : 'HELD'
          : 'FREE';
    return {
      id: place.id,
      seat: seatOf(place),
      category: place.category,
      state,
      hold: hold?.name ?? null,
      attendees: here.map((p) => ({
        id: Number(p.id),
        short_id: p.short_id,
        name: personName({ first_name: p.first_name ?? '', last_name: p.last_name ?? '' }),
        order_id: Number(p.order_id),
        order_number: p.order_number,
      })),
    };
  });
}
