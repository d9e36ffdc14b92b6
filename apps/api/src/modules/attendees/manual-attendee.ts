import { type createAttendeeBody, isLocale, type Locale, type UnitPrice } from '@admitone/shared';
import { count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';

import type { Db, Tx } from '../../db/client.js';
import { attendees, orderItems, orders, tickets } from '../../db/schema/index.js';
import { DomainError } from '../../shared/errors.js';
import { hashToken, newToken } from '../../shared/tokens.js';
import type { EventRow } from '../checkout/catalogue.js';
import { organizerDateOf } from '../event-dates/date-choice.js';
import { rowsOf } from '../inventory/counters.js';
import { takeNewUnit } from '../inventory/order-units.js';
import { newAttendeeShortId, newOrderNumber, newOrderShortId } from '../orders/ids.js';
import { recordOrderEvent } from '../orders/order-history.js';
import { placeLabel } from '../seating/seat-picks.js';
import { type AttendeeContext, sendTicketByHand } from './attendee-actions.js';
import { onSeat, placeForTicket } from './attendee-seat.js';
import { orNoStock, targetTicket } from './attendee-stock.js';

export type CreateAttendeeInput = z.output<typeof createAttendeeBody>;

/**
 * Adds an attendee by hand (a guest, a sale at the door): a completed manual order of one ticket,
 * taking stock like any sale. What was paid is recorded as it was given; a manual order is never
 * refunded through the payment provider. Returns the attendee id and outbox ids (the ticket mail, if
 * asked for: it needs the organizer's address confirmed and room in the account's mail budget).
 */
export async function createManualAttendee(
  tx: Tx,
  ctx: AttendeeContext,
  event: EventRow,
  input: CreateAttendeeInput,
  fallbackLocale: Locale,
): Promise<{ attendeeId: number; mails: number[] }> {
  const [existing] = await tx.select({ n: count() }).from(tickets).where(eq(tickets.event_id, event.id));
  if (!existing?.n) throw new DomainError('TICKET_REQUIRED');
  const { entry, tier } = await targetTicket(tx, event, input.ticket_id, input.tier_id);
  // A pass admits on each of its dates ahead (the date chosen does not matter); one picked later is the buyer's.
  if (entry.ticket.is_pass && entry.ticket.pass_picks !== null)
    throw new DomainError('VALIDATION_FAILED', { fields: { ticket_id: [{ key: 'pass_picks_by_hand' }] } });
  const dateIds = entry.ticket.is_pass
    ? await passDatesByHand(tx, event.id, entry.ticket.id, ctx.now)
    : [await organizerDateOf(tx, event.id, input.event_date_id)];
  if (!dateIds.length) throw new DomainError('VALIDATION_FAILED', { fields: { ticket_id: [{ key: 'not_on_sale' }] } });
  // A ticket sold by seat is given the place named (a held one too: the house's to give; a killed one never), or none
  // yet (the organizer seats the guest later from the attendee).
  const seat = await placeForTicket(tx, tx, event.id, entry.ticket.id, tier?.id ?? null, input.seat_id, false);
  const units = dateIds.map((dateId) => ({
    ticket_id: entry.ticket.id,
    tier_id: tier?.id ?? null,
    event_date_id: dateId,
    is_admission: entry.ticket.product_type === 'TICKET',
    seat_id: seat?.place.id ?? null,
  }));
  // The units are taken through the stock module, then the rows that count them are written in the same step.
  try {
    return await orNoStock(() =>
      takeNewUnit(tx, ctx.stock, event.id, units, (sp) =>
        writeManualOrder(sp, ctx, event, input, fallbackLocale, entry, tier, units),
      ),
    );
  } catch (err) {
    // A seat taken (or killed) is named on its field rather than "no tickets left".
    if (seat && err instanceof DomainError && err.code === 'NO_TICKETS_AVAILABLE')
      throw onSeat('seat_taken', { seat: placeLabel(seat.place) });
    throw err;
  }
}

/** A pass's dates when the organizer adds its holder: sold there, neither cancelled nor hidden, not over. */
async function passDatesByHand(tx: Tx, eventId: number, ticketId: number, now: Date): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    tx,
    sql`select d.id from event_dates d join ticket_dates td on td.event_date_id = d.id and td.ticket_id = ${ticketId}
        where d.event_id = ${eventId} and td.enabled and d.status not in ('CANCELLED', 'HIDDEN')
          and coalesce(d.end_date, d.start_date) > ${now}
        order by d.start_date, d.id`,
  );
  return rows.map((r) => Number(r.id));
}

async function writeManualOrder(
  tx: Tx,
  ctx: AttendeeContext,
  event: EventRow,
  input: CreateAttendeeInput,
  fallbackLocale: Locale,
  entry: Awaited<ReturnType<typeof targetTicket>>['entry'],
  tier: Awaited<ReturnType<typeof targetTicket>>['tier'],
  stockUnits: ReadonlyArray<{ event_date_id: number; is_admission: boolean; seat_id: number | null }>,
): Promise<{ attendeeId: number; mails: number[] }> {
  const stockUnit = stockUnits[0]!;
  const locale = isLocale(input.locale) ? input.locale : fallbackLocale;
  const paid = input.amount_paid;
  const unit: UnitPrice = {
    base: paid,
    discount: 0,
    price: paid,
    fees: [],
    taxes: [],
    fee_total: 0,
    tax_total: 0,
    total: paid,
  };
  const [order] = await tx
    .insert(orders)
    .values({
      account_id: event.account_id,
      event_id: event.id,
      short_id: newOrderShortId(),
      order_number: newOrderNumber(),
      checkout_token_hash: hashToken(newToken()),
      status: 'COMPLETED',
      payment_status: paid > 0 ? 'PAYMENT_RECEIVED' : 'NO_PAYMENT_REQUIRED',
      payment_provider: 'MANUAL',
      currency: event.currency,
      subtotal: paid,
      total: paid,
      first_name: input.first_name,
      last_name: input.last_name,
      email: input.email,
      locale,
      is_manually_created: true,
      completed_at: ctx.now,
      created_at: ctx.now,
      updated_at: ctx.now,
    })
    .returning({ id: orders.id });
  const [line] = await tx
    .insert(orderItems)
    .values({
      order_id: order!.id,
      ticket_id: entry.ticket.id,
      tier_id: tier?.id ?? null,
      event_date_id: stockUnit.event_date_id,
      ticket_name: entry.ticket.name,
      tier_label: tier?.label ?? null,
      quantity: 1,
      unit,
      total: paid,
    })
    .returning({ id: orderItems.id });
  // One row per unit: a pass's, one per date, share the first row's code as their group.
  const codes = stockUnits.map(() => newAttendeeShortId());
  const [attendee] = await tx
    .insert(attendees)
    .values(
      stockUnits.map((u, i) => ({
        account_id: event.account_id,
        event_id: event.id,
        order_id: order!.id,
        order_item_id: line!.id,
        ticket_id: entry.ticket.id,
        tier_id: tier?.id ?? null,
        event_date_id: u.event_date_id,
        is_admission: u.is_admission,
        seat_id: u.seat_id,
        short_id: codes[i]!,
        pass_group: entry.ticket.is_pass ? codes[0]! : null,
        status: 'ACTIVE' as const,
        first_name: input.first_name,
        last_name: input.last_name,
        email: input.email,
        locale,
        position: i,
        created_at: ctx.now,
        updated_at: ctx.now,
      })),
    )
    .returning({ id: attendees.id });
  await recordOrderEvent(tx, order!.id, {
    kind: 'MANUALLY_CREATED',
    userId: ctx.userId,
    data: { amount_paid: paid, attendee_id: attendee!.id },
    at: ctx.now,
  });
  // The ticket mail goes to the address the organizer typed: the team-mail rules apply (none without a mail).
  const mails = input.send_ticket ? await sendTicketByHand(tx, ctx, order!.id, attendee!.id) : [];
  return { attendeeId: attendee!.id, mails };
}

/** `createManualAttendee` in its own transaction (the organizer's "Add attendee"). */
export async function addAttendeeByHand(
  db: Db,
  ctx: AttendeeContext,
  event: EventRow,
  input: CreateAttendeeInput,
  fallbackLocale: Locale,
): Promise<{ attendeeId: number; mails: number[] }> {
  return db.transaction((tx) => createManualAttendee(tx, ctx, event, input, fallbackLocale));
}
