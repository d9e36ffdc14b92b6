import { isLocale, type PublicTicketPageDto, type TicketState } from '@admitone/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { attendees, eventDates, events, orderItems, orders, retiredTicketCodes } from '../../db/schema/index.js';
import { DomainError, notFound } from '../../shared/errors.js';
import type { FileStorage } from '../../storage/storage.js';
import { orderDateColumns, toOrderDateDto } from '../event-dates/order-dates.js';
import { ticketIcs } from '../order-documents/ticket-ics.js';
import { orderEventView, toAttendeeDto } from '../orders/order-view.js';
import { signedTicketCode } from '../orders/ticket-signature.js';
import { seatsById } from '../seating/seat-labels.js';

/**
 * A ticket by its attendee's short id. That id is also what the QR code holds, so anyone who has seen
 * the code may ask: the answer is scoped to this one attendee (name, ticket, price, QR, the event) and
 * never names the order's other attendees, its buyer, the attendee's e-mail, or the order's short id or
 * secret (the whole order needs the secret, see docs/SECURITY.md). The QR code is given only for a
 * ticket that admits: active (paid or free), not cancelled, not awaiting payment. The old link of a ticket
 * that was passed on answers 410 TICKET_PASSED_ON.
 */
export async function publicTicketView(
  db: Executor,
  storage: FileStorage,
  eventId: number,
  shortId: string,
): Promise<PublicTicketPageDto> {
  const [row] = await db
    .select({ attendee: attendees, order: orders, item: orderItems, event: events, date: orderDateColumns })
    .from(attendees)
    .innerJoin(orders, eq(orders.id, attendees.order_id))
    .innerJoin(orderItems, eq(orderItems.id, attendees.order_item_id))
    .innerJoin(events, eq(events.id, attendees.event_id))
    .innerJoin(eventDates, eq(eventDates.id, attendees.event_date_id))
    .where(and(eq(attendees.event_id, eventId), eq(attendees.short_id, shortId), eq(attendees.is_admission, true)))
    .limit(1);
  if (!row) {
    // The old link of a ticket passed on says so (410), rather than "not found".
    const [retired] = await db
      .select({ code: retiredTicketCodes.code })
      .from(retiredTicketCodes)
      .where(and(eq(retiredTicketCodes.event_id, eventId), eq(retiredTicketCodes.code, shortId)))
      .limit(1);
    throw retired ? new DomainError('TICKET_PASSED_ON') : notFound();
  }
  // Tickets of checkouts that never finished are not tickets.
  if (['RESERVED', 'ABANDONED'].includes(row.order.status)) throw notFound();
  const valid = row.attendee.status === 'ACTIVE' && row.order.status === 'COMPLETED';
  const checkedIn = valid && row.attendee.checked_in_at !== null;
  const unpaid = row.attendee.status === 'AWAITING_PAYMENT' || row.order.status === 'AWAITING_PAYMENT';
  const state: TicketState = valid
    ? checkedIn
      ? 'CHECKED_IN'
      : 'VALID'
    : unpaid && row.attendee.status !== 'CANCELLED'
      ? 'AWAITING_PAYMENT'
      : 'CANCELLED';
  const seat = (await seatsById(db, [row.attendee.seat_id])).get(row.attendee.seat_id ?? -1) ?? null;
  const { email: _email, ...attendee } = toAttendeeDto(row.attendee, row.item, null, seat);
  return {
    attendee,
    order_number: row.order.order_number,
    order_status: row.order.status,
    ticket_state: state,
    checked_in_at: checkedIn ? row.attendee.checked_in_at!.toISOString() : null,
    qr_code: valid ? await signedTicketCode(db, eventId, row.attendee.short_id) : null,
    unit: row.item.unit,
    event: await orderEventView(
      db,
      storage,
      row.event,
      row.order.status,
      false,
      isLocale(row.order.locale) ? row.order.locale : null,
    ),
    date: toOrderDateDto(row.date),
    pass_dates: row.attendee.pass_group ? await passDatesOf(db, row.attendee.pass_group) : null,
  };
}

/** Every date of a pass (of its tickets that still stand), in time order. */
async function passDatesOf(db: Executor, passGroup: string) {
  const rows = await db
    .select(orderDateColumns)
    .from(attendees)
    .innerJoin(eventDates, eq(eventDates.id, attendees.event_date_id))
    .where(and(eq(attendees.pass_group, passGroup), inArray(attendees.status, ['ACTIVE', 'AWAITING_PAYMENT'])))
    .orderBy(asc(eventDates.start_date), asc(eventDates.id));
  return rows.map(toOrderDateDto);
}

/**
 * The ticket's calendar file (the one its mail attaches), for the ticket page's "Add to calendar": at the
 * times and venue of the ticket's date.
 */
export function ticketCalendarFile(ticket: PublicTicketPageDto, appUrl: string, now: Date): string {
  const { event, attendee, date } = ticket;
  return ticketIcs(
    {
      event: {
        title: event.title,
        start_date: date.start_date,
        end_date: date.end_date,
        date_label: date.label,
        timezone: event.timezone,
        is_online: event.is_online,
        location: date.location ?? event.location,
        organizer_name: event.organizer_name,
        support_email: event.support_email,
        url: `${appUrl}/event/${event.id}/${event.slug}`,
      },
      attendee: {
        short_id: attendee.short_id,
        first_name: attendee.first_name ?? '',
        last_name: attendee.last_name ?? '',
        email: '',
        ticket_name: attendee.ticket_name,
        tier_label: attendee.tier_label,
      },
      order: { order_number: ticket.order_number, currency: event.currency },
      price: ticket.unit?.total ?? 0,
      ticket_url: `${appUrl}/ticket/${event.id}/${attendee.short_id}`,
    },
    now,
  );
}
