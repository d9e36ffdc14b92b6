import { sql } from 'drizzle-orm';

import type { Db, Tx } from '../../db/client.js';
import { attendees } from '../../db/schema/index.js';
import { DomainError } from '../../shared/errors.js';
import { unitOf } from '../inventory/changes.js';
import { StockShortage } from '../inventory/counters.js';
import { moveUnit } from '../inventory/order-units.js';
import { recordOrderEvent } from '../orders/order-history.js';
import { placeLabel } from '../seating/seat-picks.js';
import { loadSeatingRef } from '../seating/seating-ref.js';
import { placeMapOf } from '../seating/seats.js';
import { type AttendeeContext, lockAttendee, sendTicketByHand } from './attendee-actions.js';

type SeatIssue = 'seat_unknown' | 'seat_wrong_ticket' | 'seat_taken' | 'seats_required' | 'seats_not_seated';
export const onSeat = (key: SeatIssue, values?: Record<string, string>) =>
  new DomainError('VALIDATION_FAILED', { fields: { seat_id: [values ? { key, values } : { key }] } });

/**
 * The place an organizer names for a unit of this ticket and tier: on the event's plan and sold as them, each
 * problem on `seat_id`. A ticket sold by seat needs one (`seats_required`) unless not `required` (null: no place
 * yet); one that is not takes none.
 */
export async function placeForTicket(
  tx: Tx,
  db: Db | Tx,
  eventId: number,
  ticketId: number,
  tierId: number | null,
  seatId: number | null | undefined,
  required = true,
) {
  const seating = await loadSeatingRef(tx, eventId);
  if (!seating?.seatedTickets.has(ticketId)) {
    if (seatId) throw onSeat('seats_not_seated');
    return null;
  }
  if (!seatId) {
    if (required) throw onSeat('seats_required');
    return null;
  }
  const places = await placeMapOf(db, seating.versionId, tx);
  const place = places.byId.get(seatId);
  if (!place) throw onSeat('seat_unknown');
  const sells = seating.categories.get(place.category);
  if (!sells || sells.ticket_id !== ticketId || (sells.tier_id ?? null) !== tierId) throw onSeat('seat_wrong_ticket');
  return { place, places };
}

/**
 * Moves an attendee to another place of the event's plan (or seats one who had none) for its date: the place must sell
 * as the attendee's ticket and tier; it is taken through the stock module (a hold does not stop the organizer, a
 * killed seat does) and the old one given back in the same change. The ticket mail goes out again when asked.
 */
export async function moveAttendeeSeat(
  tx: Tx,
  db: Db,
  ctx: AttendeeContext,
  eventId: number,
  attendeeId: number,
  seatId: number,
  sendTicket: boolean,
): Promise<number[]> {
  const { a } = await lockAttendee(tx, eventId, attendeeId);
  if (a.status === 'CANCELLED') throw new DomainError('ATTENDEE_ALREADY_CANCELLED');
  const { place, places } = (await placeForTicket(tx, db, eventId, a.ticket_id, a.tier_id, seatId))!;
  if (a.seat_id === seatId) return [];
  const from = a.seat_id === null ? null : places.byId.get(a.seat_id);
  try {
    await moveUnit(tx, ctx.stock, eventId, unitOf(a), { ...unitOf(a), seat_id: seatId });
  } catch (err) {
    if (err instanceof StockShortage) throw onSeat('seat_taken', { seat: placeLabel(place) });
    throw err;
  }
  await tx
    .update(attendees)
    .set({ seat_id: seatId, updated_at: ctx.now })
    .where(sql`id = ${a.id}`);
  await recordOrderEvent(tx, a.order_id, {
    kind: 'ATTENDEE_MOVED',
    userId: ctx.userId,
    data: { attendee_id: a.id, from: from ? placeLabel(from) : '—', to: placeLabel(place) },
    at: ctx.now,
  });
  return sendTicket && a.email && a.status === 'ACTIVE' ? sendTicketByHand(tx, ctx, a.order_id, a.id) : [];
}
