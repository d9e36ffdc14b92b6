import type { SeatDto } from '@admitone/shared';
import { inArray } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { seatingSeats } from '../../db/schema/index.js';
import type { Place } from './seats.js';

/** Where a place is, as attendees and organizers read it. */
export const seatOf = (p: Pick<Place, 'zone' | 'row_label' | 'seat_number'>): SeatDto => ({
  section: p.zone,
  row: p.row_label,
  seat: p.seat_number,
});

/** The places of these ids as attendees read them (ids without a place are left out). */
export async function seatsById(db: Executor, ids: ReadonlyArray<number | null>): Promise<Map<number, SeatDto>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (!wanted.length) return new Map();
  const rows = await db
    .select({
      id: seatingSeats.id,
      zone: seatingSeats.zone,
      row_label: seatingSeats.row_label,
      seat_number: seatingSeats.seat_number,
    })
    .from(seatingSeats)
    .where(inArray(seatingSeats.id, wanted));
  return new Map(rows.map((r) => [r.id, seatOf(r)]));
}
