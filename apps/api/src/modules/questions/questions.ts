import type { questionBody, QuestionDto } from '@admitone/shared';
import { and, asc, eq, inArray, max } from 'drizzle-orm';
import type { z } from 'zod';

import type { Db, Executor, Tx } from '../../db/client.js';
import { questions, questionTickets, tickets } from '../../db/schema/index.js';
import type { Clock } from '../../shared/clock.js';
import { DomainError } from '../../shared/errors.js';
import { sanitizeRichText } from '../../shared/html.js';
import { dropAnswerFilesOf } from '../checkout/answer-files.repository.js';

type Body = z.output<typeof questionBody>;
type Row = typeof questions.$inferSelect;

/** The event's questions in their order (or one of them), as the organizer's screens show them. */
export async function listQuestions(
  db: Executor,
  accountId: number,
  eventId: number,
  only?: number,
): Promise<QuestionDto[]> {
  const rows = await db
    .select()
    .from(questions)
    .where(
      and(
        eq(questions.account_id, accountId),
        eq(questions.event_id, eventId),
        only ? eq(questions.id, only) : undefined,
      ),
    )
    .orderBy(asc(questions.sort_order), asc(questions.id));
  if (!rows.length) return [];
  const links = await db
    .select()
    .from(questionTickets)
    .where(
      inArray(
        questionTickets.question_id,
        rows.map((r) => r.id),
      ),
    );
  return rows.map((r: Row) => ({
    id: r.id,
    event_id: r.event_id,
    title: r.title,
    description: r.description,
    type: r.type,
    options: r.options,
    required: r.required,
    is_hidden: r.is_hidden,
    buyer_editable: r.buyer_editable,
    asked_at_box_office: r.asked_at_box_office,
    applies_to: r.applies_to,
    ticket_ids: links
      .filter((l) => l.question_id === r.id)
      .map((l) => l.ticket_id)
      .sort((a, b) => a - b),
    sort_order: r.sort_order,
    created_at: r.created_at.toISOString(),
  }));
}

/** A question's columns; text questions keep no options, order questions no tickets. */
async function saveTickets(tx: Tx, eventId: number, body: Body, questionId: number) {
  const ids = body.applies_to === 'ATTENDEE' ? [...new Set(body.ticket_ids)] : [];
  if (ids.length) {
    const found = await tx
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.event_id, eventId), inArray(tickets.id, ids)));
    if (found.length !== ids.length)
      throw new DomainError('VALIDATION_FAILED', { fields: { ticket_ids: [{ key: 'not_found_choice' }] } });
  }
  await tx.delete(questionTickets).where(eq(questionTickets.question_id, questionId));
  if (ids.length) await tx.insert(questionTickets).values(ids.map((t) => ({ question_id: questionId, ticket_id: t })));
}

const columnsOf = (b: Body) => ({
  title: b.title,
  description: sanitizeRichText(b.description),
  type: b.type,
  options: ['DROPDOWN', 'RADIO', 'CHECKBOX'].includes(b.type) ? b.options : [],
  required: b.required,
  is_hidden: b.is_hidden,
  buyer_editable: b.buyer_editable,
  asked_at_box_office: b.asked_at_box_office,
  applies_to: b.applies_to,
});

/** One question of the event; another event's or account's is not found. */
export async function getQuestion(db: Executor, accountId: number, eventId: number, id: number): Promise<QuestionDto> {
  const [q] = await listQuestions(db, accountId, eventId, id);
  if (!q) throw new DomainError('NOT_FOUND');
  return q;
}

/** Adds a question at the end of the event's list (the event is the caller's: checked before). */
export async function createQuestion(
  db: Db,
  clock: Clock,
  accountId: number,
  eventId: number,
  body: Body,
): Promise<QuestionDto> {
  const now = clock.now();
  const id = await db.transaction(async (tx) => {
    const [last] = await tx
      .select({ n: max(questions.sort_order) })
      .from(questions)
      .where(eq(questions.event_id, eventId));
    const [row] = await tx
      .insert(questions)
      .values({
        ...columnsOf(body),
        account_id: accountId,
        event_id: eventId,
        sort_order: (last?.n ?? -1) + 1,
        created_at: now,
        updated_at: now,
      })
      .returning({ id: questions.id });
    await saveTickets(tx, eventId, body, row!.id);
    return row!.id;
  });
  return getQuestion(db, accountId, eventId, id);
}

/** Changes a question of the caller's event, with the tickets it is asked for. */
export async function updateQuestion(
  db: Db,
  clock: Clock,
  accountId: number,
  eventId: number,
  questionId: number,
  body: Body,
): Promise<QuestionDto> {
  await getQuestion(db, accountId, eventId, questionId);
  await db.transaction(async (tx) => {
    await tx
      .update(questions)
      .set({ ...columnsOf(body), updated_at: clock.now() })
      .where(eq(questions.id, questionId));
    await saveTickets(tx, eventId, body, questionId);
  });
  return getQuestion(db, accountId, eventId, questionId);
}

/**
 * Deletes a question of the caller's event (its answers go with it; the files uploaded to answer it are
 * queued for removal in the same transaction, and the worker's stored-file sweep removes them).
 */
export async function deleteQuestion(db: Db, accountId: number, eventId: number, questionId: number): Promise<void> {
  await getQuestion(db, accountId, eventId, questionId);
  await db.transaction(async (tx) => {
    await dropAnswerFilesOf(tx, { questionId });
    await tx.delete(questions).where(eq(questions.id, questionId));
  });
}

/** Puts every question of the event in the order given: exactly the event's questions, each once. */
export async function reorderQuestions(
  db: Db,
  accountId: number,
  eventId: number,
  ids: readonly number[],
): Promise<QuestionDto[]> {
  await db.transaction(async (tx) => {
    const existing = await tx
      .select({ id: questions.id })
      .from(questions)
      .where(and(eq(questions.event_id, eventId), eq(questions.account_id, accountId)));
    const known = new Set(existing.map((r) => r.id));
    if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) {
      throw new DomainError('VALIDATION_FAILED', { fields: { question_ids: [{ key: 'invalid' }] } });
    }
    for (const [i, id] of ids.entries()) await tx.update(questions).set({ sort_order: i }).where(eq(questions.id, id));
  });
  return listQuestions(db, accountId, eventId);
}
