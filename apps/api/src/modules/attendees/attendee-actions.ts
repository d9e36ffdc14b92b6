import type { editAttendeeBody } from '@admitone/shared';
import { personName } from '@admitone/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';

import type { Db, Tx } from '../../db/client.js';
import { attendees, orderItems, orders, questionAnswers } from '../../db/schema/index.js';
import { requireConfirmedSender, spendMailBudget } from '../../mail/team-mail.js';
import { DomainError, type FieldIssues, notFound } from '../../shared/errors.js';
import { answerFilesOf } from '../checkout/answer-files.js';
import { dropUnusedAnswerFiles, orderFileRows } from '../checkout/answer-files.repository.js';
import { attendeeQuestionsFor, checkAnswers } from '../checkout/answers.js';
import type { EventRow } from '../checkout/catalogue.js';
import { unitOf } from '../inventory/changes.js';
import { moveUnit, releaseAttendeeUnit, retakeAttendeeUnit } from '../inventory/order-units.js';
import { recordOrderEvent } from '../orders/order-history.js';
import { enqueueOrderMails } from '../orders/order-mails.js';
import type { OrderContext } from '../orders/order-status.js';
import { checkoutQuestions } from '../orders/order-view.js';
import { orNoStock, targetTicket } from './attendee-stock.js';

/**
 * One change to an attendee (edit, move, cancel, reactivate, resend) in one transaction; returns the outbox ids to
 * deliver after commit.
 */
export async function changeAttendee(db: Db, change: (tx: Tx) => Promise<number[] | void>): Promise<number[]> {
  return (await db.transaction(change)) ?? [];
}

export type EditAttendeeInput = z.output<typeof editAttendeeBody>;
export type AttendeeContext = OrderContext & {
  /** The organizer acting, in the account of the event. */
  userId: number;
  accountId: number;
  /** MAIL_BUDGET_PER_HOUR: ticket mails sent from the admin go to addresses the organizer typed or chose. */
  mailBudgetPerHour: number;
};

/**
 * Writes the ticket mail of one attendee, sent by an organizer (added by hand, or resent): mail to an
 * address typed in by the team, so it needs the organizer's address confirmed and counts against the
 * account's hourly mail budget (mail/team-mail.ts). In the caller's transaction; returns the outbox ids.
 */
export async function sendTicketByHand(
  tx: Tx,
  ctx: AttendeeContext,
  orderId: number,
  attendeeId: number,
): Promise<number[]> {
  await requireConfirmedSender(tx, ctx.userId);
  const mails = await enqueueOrderMails(tx, ctx, orderId, { ticket: attendeeId });
  await spendMailBudget(
    tx,
    ctx.mailBudgetPerHour,
    { accountId: ctx.accountId, userId: ctx.userId, kind: 'TICKET', mails: mails.length },
    ctx.now,
  );
  return mails;
}

/** Orders whose admissions the organizer may still change. */
const LIVE_ORDER = ['COMPLETED', 'AWAITING_PAYMENT', 'PARTIALLY_REFUNDED'];

/** Locks an attendee of the event (and reads its order); holds in progress are not the organizer's. */
export async function lockAttendee(tx: Tx, eventId: number, attendeeId: number) {
  const [row] = await tx
    .select({ a: attendees, order_status: orders.status })
    .from(attendees)
    .innerJoin(orders, eq(orders.id, attendees.order_id))
    .where(and(eq(attendees.event_id, eventId), eq(attendees.id, attendeeId)))
    .for('update', { of: attendees });
  if (!row || !['ACTIVE', 'AWAITING_PAYMENT', 'CANCELLED'].includes(row.a.status)) throw notFound();
  return row;
}

/**
 * Moves an admission to another ticket (or tier) when that ticket's stock allows: a new order line
 * of one unit at the price paid is split off the old line, so the order's totals stay what was paid.
 */
async function moveAttendee(
  tx: Tx,
  ctx: AttendeeContext,
  event: EventRow,
  a: typeof attendees.$inferSelect,
  ticketId: number,
  tierId: number | null,
) {
  const { entry, tier } = await targetTicket(tx, event, ticketId, tierId);
  // The unit moves through the stock module: the new ticket's counters take it, the old ones give it back.
  await orNoStock(() =>
    moveUnit(
      tx,
      ctx.stock,
      event.id,
      // Its place (if any) stays: the same seat under another ticket.
      unitOf(a),
      { ...unitOf(a), ticket_id: ticketId, tier_id: tier?.id ?? null },
    ),
  );
  const [old] = await tx.select().from(orderItems).where(eq(orderItems.id, a.order_item_id));
  const [line] = await tx
    .insert(orderItems)
    .values({
      order_id: a.order_id,
      ticket_id: ticketId,
      tier_id: tier?.id ?? null,
      event_date_id: a.event_date_id,
      ticket_name: entry.ticket.name,
      tier_label: tier?.label ?? null,
      quantity: 1,
      unit: old!.unit,
      total: old!.unit.total,
    })
    .returning({ id: orderItems.id });
  await tx
    .update(attendees)
    .set({ ticket_id: ticketId, tier_id: tier?.id ?? null, order_item_id: line!.id, updated_at: ctx.now })
    .where(eq(attendees.id, a.id));
  if (old!.quantity <= 1) await tx.delete(orderItems).where(eq(orderItems.id, old!.id));
  else
    await tx
      .update(orderItems)
      .set({ quantity: sql`${orderItems.quantity} - 1`, total: sql`${orderItems.total} - ${old!.unit.total}` })
      .where(eq(orderItems.id, old!.id));
  await recordOrderEvent(tx, a.order_id, {
    kind: 'ATTENDEE_MOVED',
    userId: ctx.userId,
    data: {
      attendee_id: a.id,
      from: old!.tier_label ? `${old!.ticket_name} (${old!.tier_label})` : old!.ticket_name,
      to: tier ? `${entry.ticket.name} (${tier.label})` : entry.ticket.name,
    },
    at: ctx.now,
  });
}

/** Corrects an attendee's name, e-mail and answers, and moves it to another ticket if asked (and stock allows). */
export async function editAttendee(
  tx: Tx,
  ctx: AttendeeContext,
  event: EventRow,
  attendeeId: number,
  input: EditAttendeeInput,
): Promise<void> {
  const { a } = await lockAttendee(tx, event.id, attendeeId);
  const targetTicket = input.ticket_id ?? a.ticket_id;
  const targetTier = input.ticket_id !== undefined || input.tier_id !== undefined ? (input.tier_id ?? null) : a.tier_id;
  const moving = targetTicket !== a.ticket_id || targetTier !== a.tier_id;
  if (moving && a.status === 'CANCELLED') throw new DomainError('ATTENDEE_ALREADY_CANCELLED');

  if (input.answers) {
    const issues: FieldIssues = {};
    const rows = checkAnswers(
      attendeeQuestionsFor(await checkoutQuestions(tx, event.id), targetTicket),
      input.answers,
      'answers.',
      issues,
      answerFilesOf(await orderFileRows(tx, a.order_id), a.id, false),
    );
    if (Object.keys(issues).length) throw new DomainError('VALIDATION_FAILED', { fields: issues });
    await tx.delete(questionAnswers).where(eq(questionAnswers.attendee_id, a.id));
    if (rows.length)
      await tx.insert(questionAnswers).values(rows.map((r) => ({ order_id: a.order_id, attendee_id: a.id, ...r })));
    await dropUnusedAnswerFiles(tx, a.order_id);
  }
  if (moving) await moveAttendee(tx, ctx, event, a, targetTicket, targetTier);
  const changed = (['first_name', 'last_name', 'email'] as const).filter((k) => (a[k] ?? '') !== input[k]);
  await tx
    .update(attendees)
    .set({ first_name: input.first_name, last_name: input.last_name, email: input.email, updated_at: ctx.now })
    .where(eq(attendees.id, a.id));
  if (changed.length || input.answers) {
    await recordOrderEvent(tx, a.order_id, {
      kind: 'ATTENDEE_EDITED',
      userId: ctx.userId,
      data: { attendee_id: a.id, fields: input.answers ? [...changed, 'answers'] : changed },
      at: ctx.now,
    });
  }
}

/**
 * Voids a ticket: the admission no longer counts and its unit returns to the pool. `reason`: why, when it was not
 * the organizer's own choice (a pass's date was cancelled).
 */
export async function cancelAttendee(
  tx: Tx,
  ctx: Pick<AttendeeContext, 'stock' | 'now'> & { userId: number | null },
  eventId: number,
  attendeeId: number,
  reason?: 'date_cancelled',
): Promise<void> {
  const { a } = await lockAttendee(tx, eventId, attendeeId);
  if (a.status === 'CANCELLED') throw new DomainError('ATTENDEE_ALREADY_CANCELLED');
  await releaseAttendeeUnit(tx, ctx.stock, eventId, a.id, ctx.now);
  await recordOrderEvent(tx, a.order_id, {
    kind: 'ATTENDEE_CANCELLED',
    userId: ctx.userId,
    data: { attendee_id: a.id, name: personName(a), ...(reason ? { reason } : {}) },
    at: ctx.now,
  });
}

/** Brings a cancelled ticket back, if its order still stands and the ticket's stock allows. */
export async function reactivateAttendee(
  tx: Tx,
  ctx: AttendeeContext,
  event: EventRow,
  attendeeId: number,
): Promise<void> {
  const peek = await lockAttendee(tx, event.id, attendeeId);
  if (peek.a.status !== 'CANCELLED') throw new DomainError('ATTENDEE_NOT_CANCELLED');
  if (!LIVE_ORDER.includes(peek.order_status)) throw new DomainError('ATTENDEE_ORDER_CLOSED');
  // The attendee's row lock is already ours; its unit is taken again through the stock module.
  const status = peek.order_status === 'AWAITING_PAYMENT' ? 'AWAITING_PAYMENT' : 'ACTIVE';
  await orNoStock(() => retakeAttendeeUnit(tx, ctx.stock, event.id, attendeeId, status, ctx.now));
  await recordOrderEvent(tx, peek.a.order_id, {
    kind: 'ATTENDEE_REACTIVATED',
    userId: ctx.userId,
    data: { attendee_id: attendeeId },
    at: ctx.now,
  });
}

/** Sends an attendee's ticket e-mail again (valid tickets only; see `sendTicketByHand`). */
export async function resendTicket(
  tx: Tx,
  ctx: AttendeeContext,
  eventId: number,
  attendeeId: number,
): Promise<number[]> {
  const { a } = await lockAttendee(tx, eventId, attendeeId);
  if (a.status !== 'ACTIVE' || !a.email) throw new DomainError('ATTENDEE_NOT_VALID');
  await recordOrderEvent(tx, a.order_id, {
    kind: 'TICKET_RESENT',
    userId: ctx.userId,
    data: { attendee_id: a.id, email: a.email },
    at: ctx.now,
  });
  return sendTicketByHand(tx, ctx, a.order_id, a.id);
}
