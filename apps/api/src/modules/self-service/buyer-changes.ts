import { type AnswerValue, type BuyerAttendeeBody, isFileAnswer } from '@admitone/shared';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';

import type { Db, Tx } from '../../db/client.js';
import { attendees, events, orderEvents, questionAnswers } from '../../db/schema/index.js';
import type { TicketMailBudget } from '../../plugins/address-mail-limit.js';
import { DomainError, type FieldIssues, notFound } from '../../shared/errors.js';
import { answerFilesOf } from '../checkout/answer-files.js';
import { dropUnusedAnswerFiles, orderFileRows } from '../checkout/answer-files.repository.js';
import { attendeeQuestionsFor, checkAnswers } from '../checkout/answers.js';
import { dateOfOrder } from '../event-dates/order-dates.js';
import { recordOrderEvent } from '../orders/order-history.js';
import { enqueueOrderMails } from '../orders/order-mails.js';
import { lockOrder, type OrderContext } from '../orders/order-status.js';
import { checkoutQuestions, questionsIn, secretMatches } from '../orders/order-view.js';
import { selfServiceOf } from './policy.js';

type OrderRow = Awaited<ReturnType<typeof lockOrder>>;
export type BuyerAttendeeInput = BuyerAttendeeBody & { answers: NonNullable<BuyerAttendeeBody['answers']> };

/** A ticket's e-mail may be sent again at the buyer's request this often (per ticket). */
export const BUYER_RESEND_INTERVAL_MS = 5 * 60_000;

/**
 * The buyer's order, locked for a change, with its event and what the buyer may do with it now. The
 * order's secret opens it; without it the order is not found (as one that does not exist).
 */
export async function lockBuyerOrder(tx: Tx, eventId: number, shortId: string, secret: string | null, now: Date) {
  const order = await lockOrder(tx, eventId, { shortId });
  if (!secretMatches(order, secret)) throw notFound();
  const [event] = await tx.select().from(events).where(eq(events.id, eventId));
  const questions = (await checkoutQuestions(tx, eventId)).filter(
    (q) => q.buyer_editable && q.applies_to === 'ATTENDEE',
  );
  // The cut-offs count from the start of the order's date (the event's own with one date).
  const start = (await dateOfOrder(tx, order.id))?.start_date ?? event!.start_date;
  const allowed = selfServiceOf(event!, order, questionsIn(questions, null), now, start);
  return { order, event: event!, allowed, editableQuestions: questions };
}

/** One ticket of the buyer's order, as the order page names it (the order's secret opens it). */
export interface BuyerTicketRef {
  eventId: number;
  shortId: string;
  secret: string | null;
  attendeeShortId: string;
}

/** One of the order's tickets (admissions), locked. */
export async function lockTicketOf(tx: Tx, order: OrderRow, attendeeShortId: string) {
  const [a] = await tx
    .select()
    .from(attendees)
    .where(
      and(eq(attendees.order_id, order.id), eq(attendees.short_id, attendeeShortId), eq(attendees.is_admission, true)),
    )
    .for('update');
  if (!a) throw notFound();
  return a;
}

/** An answer as the history shows it (a file by its name). */
const shown = (v: AnswerValue | undefined) =>
  Array.isArray(v) ? v.join(', ') : typeof v === 'string' ? v : isFileAnswer(v) ? v.name : '';

/**
 * The buyer corrects one attendee: name, e-mail, and the answers to questions the organizer lets them
 * change (others are kept as they are), before the event's cut-off. The order's history records each
 * change (what it was, what it is); a new e-mail address gets the ticket, within `budget` (the
 * address's and the ticket's mails an hour): past it the change is refused (429) and nothing changes.
 */
export function buyerEditAttendee(
  db: Db,
  c: OrderContext,
  { eventId, shortId, secret, attendeeShortId }: BuyerTicketRef,
  input: BuyerAttendeeInput,
  budget: TicketMailBudget,
): Promise<number[]> {
  return db.transaction(async (tx) => {
    const { order, allowed, editableQuestions } = await lockBuyerOrder(tx, eventId, shortId, secret, c.now);
    if (!allowed?.can_edit) throw new DomainError('SELF_SERVICE_CLOSED');
    const a = await lockTicketOf(tx, order, attendeeShortId);
    if (!['ACTIVE', 'AWAITING_PAYMENT'].includes(a.status)) throw new DomainError('SELF_SERVICE_CLOSED');

    const changes: Array<{ field: string; from: string; to: string }> = [];
    for (const field of ['first_name', 'last_name', 'email'] as const) {
      if ((a[field] ?? '') !== input[field]) changes.push({ field, from: a[field] ?? '', to: input[field] });
    }
    // Only the editable questions asked for this ticket, and only those the buyer sent.
    const asked = attendeeQuestionsFor(questionsIn(editableQuestions, null), a.ticket_id).filter(
      (q) => String(q.id) in input.answers,
    );
    const stray = Object.keys(input.answers).filter((id) => !asked.some((q) => String(q.id) === id));
    const issues: FieldIssues = {};
    for (const id of stray) (issues[`answers.${id}`] ??= []).push({ key: 'invalid' });
    const rows = checkAnswers(
      asked,
      input.answers,
      'answers.',
      issues,
      answerFilesOf(await orderFileRows(tx, order.id), a.id, false),
    );
    if (Object.keys(issues).length) throw new DomainError('VALIDATION_FAILED', { fields: issues });
    if (asked.length) {
      const ids = asked.map((q) => q.id);
      const before = await tx
        .select()
        .from(questionAnswers)
        .where(and(eq(questionAnswers.attendee_id, a.id), inArray(questionAnswers.question_id, ids)));
      for (const q of asked) {
        const old = shown(before.find((b) => b.question_id === q.id)?.answer);
        const now = shown(rows.find((r) => r.question_id === q.id)?.answer);
        if (old !== now) changes.push({ field: q.title, from: old, to: now });
      }
      await tx
        .delete(questionAnswers)
        .where(and(eq(questionAnswers.attendee_id, a.id), inArray(questionAnswers.question_id, ids)));
      if (rows.length)
        await tx.insert(questionAnswers).values(rows.map((r) => ({ order_id: order.id, attendee_id: a.id, ...r })));
      await dropUnusedAnswerFiles(tx, order.id);
    }
    if (!changes.length) return [];
    // The ticket goes to a new address (the old one had it already): counted before anything is written.
    const mailed = changes.some((ch) => ch.field === 'email') && a.status === 'ACTIVE' && !!input.email;
    if (mailed) await budget(a.id, input.email);
    await tx
      .update(attendees)
      .set({ first_name: input.first_name, last_name: input.last_name, email: input.email, updated_at: c.now })
      .where(eq(attendees.id, a.id));
    await recordOrderEvent(tx, order.id, {
      kind: 'ATTENDEE_EDITED_BY_BUYER',
      data: { attendee_id: a.id, changes },
      at: c.now,
    });
    return mailed ? enqueueOrderMails(tx, c, order.id, { ticket: a.id }) : [];
  });
}

/**
 * The buyer asks for a ticket's e-mail again (to the address on the ticket): at most once per
 * BUYER_RESEND_INTERVAL_MS per ticket, whoever asks; a request within it sends nothing. A resend that
 * sends counts in `budget` as an e-mail change does (429 past it).
 */
export function buyerResendTicket(
  db: Db,
  c: OrderContext,
  { eventId, shortId, secret, attendeeShortId }: BuyerTicketRef,
  budget: TicketMailBudget,
): Promise<number[]> {
  return db.transaction(async (tx) => {
    const { order } = await lockBuyerOrder(tx, eventId, shortId, secret, c.now);
    const a = await lockTicketOf(tx, order, attendeeShortId);
    if (a.status !== 'ACTIVE' || !a.email) throw new DomainError('ATTENDEE_NOT_VALID');
    const [last] = await tx
      .select({ at: orderEvents.created_at })
      .from(orderEvents)
      .where(
        and(
          eq(orderEvents.order_id, order.id),
          eq(orderEvents.kind, 'TICKET_RESENT_BY_BUYER'),
          sql`(${orderEvents.data} ->> 'attendee_id')::int = ${a.id}`,
        ),
      )
      .orderBy(desc(orderEvents.id))
      .limit(1);
    if (last && c.now.getTime() - last.at.getTime() < BUYER_RESEND_INTERVAL_MS) return [];
    await budget(a.id, a.email);
    await recordOrderEvent(tx, order.id, {
      kind: 'TICKET_RESENT_BY_BUYER',
      data: { attendee_id: a.id, email: a.email },
      at: c.now,
    });
    return enqueueOrderMails(tx, c, order.id, { ticket: a.id });
  });
}
