import type { FileAnswer } from '@admitone/shared';
import { and, eq, inArray, isNull, notInArray, type SQL, sql } from 'drizzle-orm';

import type { Executor, Tx } from '../../db/client.js';
import { orders, questionAnswerFiles, questionAnswers } from '../../db/schema/index.js';
import { removeFiles } from '../images/stored-file-removal.js';

export type AnswerFileRow = typeof questionAnswerFiles.$inferSelect;

export const toFileAnswer = (r: AnswerFileRow): FileAnswer => ({
  file_id: r.id,
  name: r.name,
  size: r.size_bytes,
  type: r.media_type,
});

/** The file an answer names, as SQL (null for answers that are not files). */
const answerFileId = sql<number>`(${questionAnswers.answer}->>'file_id')::int`;

/** The ids of the files an order's answers name. */
const namedFiles = (orderId: number) =>
  sql`(select ${answerFileId} from ${questionAnswers} where ${questionAnswers.order_id} = ${orderId} and ${questionAnswers.answer}->>'file_id' is not null)`;

/** The files uploaded for an order (pending ones included). */
export const orderFileRows = (db: Executor, orderId: number): Promise<AnswerFileRow[]> =>
  db.select().from(questionAnswerFiles).where(eq(questionAnswerFiles.order_id, orderId));

/** Deletes the file rows that match and queues their stored bytes for removal (same transaction). */
async function dropWhere(tx: Tx, where: SQL | undefined): Promise<string[]> {
  const gone = await tx.delete(questionAnswerFiles).where(where).returning({ key: questionAnswerFiles.storage_key });
  const keys = gone.map((g) => g.key);
  await removeFiles.queue(tx, keys);
  return keys;
}

/**
 * After an order's answers were saved: the files no answer names any more (replaced, removed, or uploaded
 * and never used) are deleted. Returns their storage keys (queued; removed after commit or by the sweep).
 */
export const dropUnusedAnswerFiles = (tx: Tx, orderId: number) =>
  dropWhere(
    tx,
    and(eq(questionAnswerFiles.order_id, orderId), sql`${questionAnswerFiles.id} not in ${namedFiles(orderId)}`),
  );

/**
 * Before a new upload for one answer (an order's question, or an attendee's): the earlier upload for it
 * that no saved answer names yet goes, so a slot holds at most its saved file and one new one.
 */
export const dropPendingSlotFiles = (tx: Tx, orderId: number, questionId: number, attendeeId: number | null) =>
  dropWhere(
    tx,
    and(
      eq(questionAnswerFiles.order_id, orderId),
      eq(questionAnswerFiles.question_id, questionId),
      attendeeId === null ? isNull(questionAnswerFiles.attendee_id) : eq(questionAnswerFiles.attendee_id, attendeeId),
      sql`${questionAnswerFiles.id} not in ${namedFiles(orderId)}`,
    ),
  );

/** Before an event or a question is deleted (its files' rows would go with it): their bytes are queued. */
export const dropAnswerFilesOf = (tx: Tx, of: { eventId: number } | { questionId: number }) =>
  dropWhere(
    tx,
    'eventId' in of ? eq(questionAnswerFiles.event_id, of.eventId) : eq(questionAnswerFiles.question_id, of.questionId),
  );

export async function insertAnswerFile(
  tx: Tx,
  values: typeof questionAnswerFiles.$inferInsert,
): Promise<AnswerFileRow> {
  const [row] = await tx.insert(questionAnswerFiles).values(values).returning();
  return row!;
}

/**
 * A file of an order the organizer sees (not a checkout in progress or given up), of that event: the
 * caller has found the event in its account, so another account's ids find nothing.
 */
export async function findOrderFile(
  db: Executor,
  eventId: number,
  orderId: number,
  fileId: number,
): Promise<AnswerFileRow | null> {
  const [row] = await db
    .select({ file: questionAnswerFiles })
    .from(questionAnswerFiles)
    .innerJoin(orders, eq(orders.id, questionAnswerFiles.order_id))
    .where(
      and(
        eq(questionAnswerFiles.id, fileId),
        eq(questionAnswerFiles.order_id, orderId),
        eq(questionAnswerFiles.event_id, eventId),
        eq(orders.event_id, eventId),
        notInArray(orders.status, ['RESERVED', 'ABANDONED']),
      ),
    )
    .limit(1);
  return row?.file ?? null;
}

/**
 * The files of checkouts that never completed: given up (ABANDONED, replaced by a new choice) or still
 * RESERVED with a hold that ran out before `before`. Their rows go, with the answers that name them, and
 * their bytes are queued for removal. At most `limit` at a time, skipping orders someone has locked.
 */
export async function dropAbandonedAnswerFiles(tx: Tx, before: SQL, limit: number): Promise<string[]> {
  const stale = await tx
    .select({ id: questionAnswerFiles.id, order_id: questionAnswerFiles.order_id })
    .from(questionAnswerFiles)
    .innerJoin(orders, eq(orders.id, questionAnswerFiles.order_id))
    .where(
      sql`(${orders.status} = 'ABANDONED' or (${orders.status} = 'RESERVED' and coalesce(${orders.reserved_until}, ${orders.created_at}) < ${before}))`,
    )
    .orderBy(questionAnswerFiles.id)
    .limit(limit)
    .for('update', { of: orders, skipLocked: true });
  if (!stale.length) return [];
  const ids = stale.map((s) => s.id);
  await tx.delete(questionAnswers).where(
    and(
      inArray(
        questionAnswers.order_id,
        stale.map((s) => s.order_id),
      ),
      inArray(answerFileId, ids),
    ),
  );
  return dropWhere(tx, inArray(questionAnswerFiles.id, ids));
}
