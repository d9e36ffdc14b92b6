import type { AnswerValue, QuestionScope } from '@admitone/shared';
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { questionAnswers, questions } from '../../db/schema/index.js';
import { answerText, type AnswerWords, type ExportColumn, type QuestionColumn } from './export-sheet.js';

/** The event's questions of one scope, in the order the buyer sees them: one export column each. */
export function questionColumns(db: Executor, eventId: number, scope: QuestionScope): Promise<QuestionColumn[]> {
  return db
    .select({ id: questions.id, title: questions.title, type: questions.type })
    .from(questions)
    .where(and(eq(questions.event_id, eventId), eq(questions.applies_to, scope)))
    .orderBy(asc(questions.sort_order), asc(questions.id));
}

/** One text column per question, headed by its title, after an export's fixed columns. */
export const questionHeadings = (columns: QuestionColumn[]) =>
  columns.map((question): ExportColumn => ({ heading: question.title, kind: 'text', width: 24 }));

/** A row's answers as its cells under `questionHeadings`, in question order (empty where not answered). */
export const answerCells = (
  answers: Map<number, AnswerValue> | undefined,
  columns: QuestionColumn[],
  words: AnswerWords,
) => columns.map((question) => answerText(answers?.get(question.id), question, words));

/**
 * Answers of a batch to the export's question columns, keyed by attendee id (attendee questions) or order id
 * (order questions), then question id; without question columns nothing is read. Looked up by order id (the
 * indexed column). The JSON is read as text and parsed here:
 * drizzle's jsonb mapping tries JSON.parse on every string answer and throws, which is slow per row.
 */
export async function answersByOwner(
  db: Executor,
  columns: QuestionColumn[],
  orderIds: number[],
  scope: QuestionScope,
): Promise<Map<number, Map<number, AnswerValue>>> {
  const out = new Map<number, Map<number, AnswerValue>>();
  if (!columns.length || !orderIds.length) return out;
  const rows = await db
    .select({
      order_id: questionAnswers.order_id,
      attendee_id: questionAnswers.attendee_id,
      question_id: questionAnswers.question_id,
      answer: sql<string>`${questionAnswers.answer}::text`,
    })
    .from(questionAnswers)
    .where(
      and(
        inArray(questionAnswers.order_id, [...new Set(orderIds)]),
        scope === 'ATTENDEE' ? isNotNull(questionAnswers.attendee_id) : isNull(questionAnswers.attendee_id),
      ),
    );
  for (const r of rows) {
    const owner = scope === 'ATTENDEE' ? r.attendee_id! : r.order_id;
    let answers = out.get(owner);
    if (!answers) out.set(owner, (answers = new Map()));
    answers.set(r.question_id, JSON.parse(r.answer) as AnswerValue);
  }
  return out;
}
