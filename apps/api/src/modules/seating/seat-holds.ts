import type { SeatHoldBody, SeatHoldDto } from '@admitone/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';

import type { Db, Executor, Tx } from '../../db/client.js';
import { seatHoldPlaces, seatHolds } from '../../db/schema/index.js';
import { DomainError, type FieldIssues, notFound } from '../../shared/errors.js';
import { rowsOf } from '../inventory/counters.js';
import { placeLabel } from './seat-picks.js';
import { lockSeatedTickets } from './seat-repin.js';
import { loadSeatingRef } from './seating-ref.js';
import { placeMapOf } from './seats.js';

type Body = Omit<SeatHoldBody, 'kind'> & { kind: NonNullable<SeatHoldBody['kind']> };

/** The event's holds with their places, oldest first. */
export async function listSeatHolds(db: Executor, eventId: number): Promise<SeatHoldDto[]> {
  const holds = await db.select().from(seatHolds).where(eq(seatHolds.event_id, eventId)).orderBy(asc(seatHolds.id));
  if (!holds.length) return [];
  const places = await db
    .select({ hold_id: seatHoldPlaces.hold_id, seat_id: seatHoldPlaces.seat_id })
    .from(seatHoldPlaces)
    .where(
      inArray(
        seatHoldPlaces.hold_id,
        holds.map((h) => h.id),
      ),
    )
    .orderBy(asc(seatHoldPlaces.seat_id));
  return holds.map((h) => ({
    id: h.id,
    name: h.name,
    kind: h.kind,
    seats: places.filter((p) => p.hold_id === h.id).map((p) => p.seat_id),
    created_at: h.created_at.toISOString(),
  }));
}

/**
 * Keeps places off sale (a new hold, or `holdId`'s places replaced): each on the event's plan, not sold or in a
 * checkout on any date, in no other hold of the event; each problem on its field. The event's row is locked, then
 * its seated tickets (sales under way finish first, and checkouts planned before plan again and see the hold).
 */
export async function saveSeatHold(
  db: Db,
  eventId: number,
  body: Body,
  now: Date,
  holdId: number | null = null,
): Promise<SeatHoldDto> {
  const id = await db.transaction(async (tx) => {
    await tx.execute(sql`select id from events where id = ${eventId} for no key update`);
    const seating = await loadSeatingRef(tx, eventId);
    if (!seating) throw new DomainError('VALIDATION_FAILED', { fields: { seats: [{ key: 'event_not_seated' }] } });
    if (holdId !== null) {
      const [own] = await tx
        .select({ id: seatHolds.id })
        .from(seatHolds)
        .where(and(eq(seatHolds.id, holdId), eq(seatHolds.event_id, eventId)))
        .for('update');
      if (!own) throw notFound();
    }
    await lockSeatedTickets(tx, eventId, [...seating.seatedTickets]);
    const places = await placeMapOf(db, seating.versionId, tx);
    await checkPlaces(tx, eventId, holdId, body.seats, places);
    let kept = holdId;
    if (kept === null) {
      const [made] = await tx
        .insert(seatHolds)
        .values({ event_id: eventId, name: body.name, kind: body.kind, created_at: now })
        .returning({ id: seatHolds.id });
      kept = made!.id;
    } else {
      await tx.update(seatHolds).set({ name: body.name, kind: body.kind }).where(eq(seatHolds.id, kept));
      await tx.delete(seatHoldPlaces).where(eq(seatHoldPlaces.hold_id, kept));
    }
    const seats = [...new Set(body.seats)];
    await tx.insert(seatHoldPlaces).values(seats.map((seat_id) => ({ event_id: eventId, seat_id, hold_id: kept! })));
    return kept;
  });
  return (await listSeatHolds(db, eventId)).find((h) => h.id === id)!;
}

/** Each place: on the plan, free on every date, in no other hold. */
async function checkPlaces(
  tx: Tx,
  eventId: number,
  holdId: number | null,
  seats: readonly number[],
  places: Awaited<ReturnType<typeof placeMapOf>>,
) {
  const fields: FieldIssues = {};
  const known = seats.filter((id) => places.byId.has(id));
  seats.forEach((id, i) => {
    if (!places.byId.has(id)) fields[`seats.${i}`] = [{ key: 'seat_unknown' }];
  });
  const list = known.length
    ? sql.join(
        known.map((id) => sql`${id}`),
        sql`, `,
      )
    : sql`null`;
  const taken = await rowsOf<{ seat_id: number }>(
    tx,
    sql`select distinct seat_id from seat_dates
        where seat_id in (${list}) and taken > 0 and event_date_id in (select id from event_dates where event_id = ${eventId})`,
  );
  const held = await rowsOf<{ seat_id: number; name: string }>(
    tx,
    sql`select hp.seat_id, h.name from seat_hold_places hp join seat_holds h on h.id = hp.hold_id
        where hp.event_id = ${eventId} and hp.seat_id in (${list}) and h.id <> ${holdId ?? -1}`,
  );
  const takenIds = new Set(taken.map((r) => Number(r.seat_id)));
  const heldBy = new Map(held.map((r) => [Number(r.seat_id), r.name]));
  seats.forEach((id, i) => {
    const place = places.byId.get(id);
    if (!place) return;
    if (takenIds.has(id)) fields[`seats.${i}`] = [{ key: 'seat_not_free', values: { seat: placeLabel(place) } }];
    else if (heldBy.has(id))
      fields[`seats.${i}`] = [{ key: 'seat_already_held', values: { seat: placeLabel(place), hold: heldBy.get(id)! } }];
  });
  if (Object.keys(fields).length) throw new DomainError('VALIDATION_FAILED', { fields });
}

/** Gives a hold's places back to sale. */
export async function releaseSeatHold(db: Executor, eventId: number, holdId: number): Promise<void> {
  const gone = await db
    .delete(seatHolds)
    .where(and(eq(seatHolds.id, holdId), eq(seatHolds.event_id, eventId)))
    .returning({ id: seatHolds.id });
  if (!gone.length) throw notFound();
}
