import { type createAttendeeBody, isLocale, type Locale, type UnitPrice } from '@admitone/shared';
import { count, eq } from 'drizzle-orm';
import type { z } from 'zod';

import type { Db, Tx } from '../../db/client.js';
import { attendees, orderItems, orders, tickets } from '../../db/schema/index.js';
import { DomainError } from '../../shared/errors.js';
import { hashToken, newToken } from '../../shared/tokens.js';
import type { EventRow } from '../checkout/catalogue.js';
import { organizerDateOf } from '../event-dates/date-choice.js';
import { takeNewUnit } from '../inventory/order-units.js';
import { newAttendeeShortId, newOrderNumber, newOrderShortId } from '../orders/ids.js';
import { recordOrderEvent } from '../orders/order-history.js';
import { type AttendeeContext, sendTicketByHand } from './attendee-actions.js';
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
  const dateId = await organizerDateOf(tx, event.id, input.event_date_id);
  const unit = {
    ticket_id: entry.ticket.id,
    tier_id: tier?.id ?? null,
    event_date_id: dateId,
    is_admission: entry.ticket.product_type === 'TICKET',
  };
  // The unit is taken through the stock module, then the rows that count it are written in the same step.
  return orNoStock(() =>
    takeNewUnit(tx, ctx.stock, event.id, unit, (sp) =>
      writeManualOrder(sp, ctx, event, input, fallbackLocale, entry, tier, unit),
    ),
  );
}

async function writeManualOrder(
  tx: Tx,
  ctx: AttendeeContext,
  event: EventRow,
  input: CreateAttendeeInput,
  fallbackLocale: Locale,
  entry: Awaited<ReturnType<typeof targetTicket>>['entry'],
  tier: Awaited<ReturnType<typeof targetTicket>>['tier'],
  stockUnit: { event_date_id: number; is_admission: boolean },
): Promise<{ attendeeId: number; mails: number[] }> {
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
  const [attendee] = await tx
    .insert(attendees)
    .values({
      account_id: event.account_id,
      event_id: event.id,
      order_id: order!.id,
      order_item_id: line!.id,
      ticket_id: entry.ticket.id,
      tier_id: tier?.id ?? null,
      event_date_id: stockUnit.event_date_id,
      is_admission: stockUnit.is_admission,
      short_id: newAttendeeShortId(),
      status: 'ACTIVE',
      first_name: input.first_name,
      last_name: input.last_name,
      email: input.email,
      locale,
      position: 0,
      created_at: ctx.now,
      updated_at: ctx.now,
    })
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
