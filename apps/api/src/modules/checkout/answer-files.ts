import { randomBytes } from 'node:crypto';

import type { FileAnswer } from '@admitone/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';

import type { Db, Executor } from '../../db/client.js';
import { attendees } from '../../db/schema/index.js';
import { sqlNow } from '../../db/sql-now.js';
import type { Clock } from '../../shared/clock.js';
import { DomainError, type FieldIssue, notFound } from '../../shared/errors.js';
import { type FileStorage, PRIVATE_KEY_PREFIX, type StoredFile } from '../../storage/storage.js';
import { forgetFiles, removeFiles } from '../images/stored-file-removal.js';
import type { Admission } from '../inventory/admission.js';
import { assertOpenCheckout, lockOrder } from '../orders/order-status.js';
import { checkoutQuestions, findOrderWithSecret, type OrderRow, secretMatches } from '../orders/order-view.js';
import { judgeAnswerFile, safeFileName } from './answer-file-content.js';
import {
  type AnswerFileRow,
  dropAbandonedAnswerFiles,
  dropPendingSlotFiles,
  findOrderFile,
  insertAnswerFile,
  toFileAnswer,
} from './answer-files.repository.js';
import { type AnswerFiles, attendeeQuestionsFor } from './answers.js';

export interface AnswerFileDeps {
  db: Db;
  clock: Clock;
  storage: FileStorage;
  log?: Logger;
  /** The checkout share of the pool (inventory/admission.ts): the upload's transaction runs within it. */
  share?: Pick<Admission, 'run'>;
}

/** Which answer an upload is for: a question of the order, for the attendee named by short id or the order. */
export interface UploadTarget {
  eventId: number;
  shortId: string;
  /** The order's secret and the checkout's token, as for every checkout step. */
  secret: string | null;
  token: string | null;
  questionId: number;
  attendee: string | null;
}

/** The upload as the route read it: the bytes and the name the buyer's device gave the file. */
export interface UploadedFile {
  body: Buffer;
  filename: string | undefined;
}

/** A refusal shown under the question's field (`answers.<questionId>`). */
export const answerFileRefused = (
  questionId: number,
  issue: FieldIssue,
  code: 'VALIDATION_FAILED' | 'PAYLOAD_TOO_LARGE' = 'VALIDATION_FAILED',
) => new DomainError(code, { fields: { [`answers.${questionId}`]: [issue] } });

/**
 * The FILE question this upload answers, checked against the locked (or just read) order: asked of this
 * order (its attendee's ticket, or the order). Returns the attendee's id (null: an order question).
 */
async function slotOf(db: Executor, order: OrderRow, target: UploadTarget): Promise<number | null> {
  const question = (await checkoutQuestions(db, order.event_id)).find((q) => q.id === target.questionId);
  const refused = answerFileRefused(target.questionId, { key: 'invalid' });
  if (!question || question.type !== 'FILE') throw refused;
  if (target.attendee === null) {
    if (question.applies_to !== 'ORDER') throw refused;
    return null;
  }
  const [person] = await db
    .select({ id: attendees.id, ticket_id: attendees.ticket_id })
    .from(attendees)
    .where(
      and(eq(attendees.order_id, order.id), eq(attendees.short_id, target.attendee), eq(attendees.is_admission, true)),
    );
  if (!person || !attendeeQuestionsFor([question], person.ticket_id).length) throw refused;
  return person.id;
}

/** Where a file is kept: under the private prefix, which no public address serves. */
const storageKeyFor = (order: OrderRow, extension: string) =>
  `${PRIVATE_KEY_PREFIX}answer-files/accounts/${order.account_id}/events/${order.event_id}/${randomBytes(16).toString('hex')}.${extension}`;

/**
 * A buyer uploads a file answering a FILE question while filling in the details. Allowed exactly like
 * the other checkout steps: the order's secret (else 404, as for no order), the checkout's token, the
 * order still an open RESERVED checkout; all checked before the body is read, and again on the locked
 * order before the row is written. The file is judged by its bytes (answer-file-content.ts), stored
 * privately, and replaces the earlier upload for the same answer that no saved answer names yet. The
 * answer to send with the details is returned.
 */
export async function uploadAnswerFile(
  deps: AnswerFileDeps,
  target: UploadTarget,
  read: () => Promise<UploadedFile>,
): Promise<FileAnswer> {
  const now = deps.clock.now();
  const found = await findOrderWithSecret(deps.db, target.eventId, target.shortId, target.secret);
  if (!found) throw notFound();
  assertOpenCheckout(found, target.token, now, found.total === 0);
  await slotOf(deps.db, found, target);

  const upload = await read();
  const judged = await judgeAnswerFile(upload.body);
  if (!judged.ok) throw answerFileRefused(target.questionId, judged.issue);
  const { file } = judged;
  const key = storageKeyFor(found, file.extension);
  try {
    await deps.storage.put(key, file.body, file.type);
  } catch (err) {
    await forgetFiles(deps, [key]);
    deps.log?.error({ err }, 'an uploaded answer file could not be stored');
    throw new DomainError('STORAGE_UNAVAILABLE');
  }
  let saved: { row: AnswerFileRow; replaced: string[] };
  try {
    // Only the transaction within the checkout share: reading and scanning the file held no connection.
    const inShare = <T>(work: () => Promise<T>) => (deps.share ? deps.share.run(0, work) : work());
    saved = await inShare(() =>
      deps.db.transaction(async (tx) => {
        const order = await lockOrder(tx, target.eventId, { shortId: target.shortId });
        if (!secretMatches(order, target.secret)) throw notFound();
        assertOpenCheckout(order, target.token, deps.clock.now(), order.total === 0);
        const attendeeId = await slotOf(tx, order, target);
        const replaced = await dropPendingSlotFiles(tx, order.id, target.questionId, attendeeId);
        const row = await insertAnswerFile(tx, {
          account_id: order.account_id,
          event_id: order.event_id,
          order_id: order.id,
          attendee_id: attendeeId,
          question_id: target.questionId,
          storage_key: key,
          name: safeFileName(upload.filename, file.extension),
          media_type: file.type,
          size_bytes: file.body.length,
          created_at: now,
        });
        return { row, replaced };
      }),
    );
  } catch (err) {
    await forgetFiles(deps, [key]);
    throw err;
  }
  await removeFiles.now(deps, saved.replaced);
  return toFileAnswer(saved.row);
}

/** The files a FILE answer of this order may name: uploaded for the question here (this attendee, or the order). */
export function answerFilesOf(rows: AnswerFileRow[], attendeeId: number | null, uploads: boolean): AnswerFiles {
  return {
    uploads,
    find: (fileId, questionId) => {
      const row = rows.find((r) => r.id === fileId && r.question_id === questionId && r.attendee_id === attendeeId);
      return row ? toFileAnswer(row) : null;
    },
  };
}

/**
 * The organizer reads a file of an order of their event (the route found the event in the caller's
 * account): its stored bytes, with the name and type to send. Null when there is no such file; a storage
 * that cannot be read answers 503.
 */
export async function readOrderFile(
  deps: Pick<AnswerFileDeps, 'db' | 'storage' | 'log'>,
  eventId: number,
  orderId: number,
  fileId: number,
): Promise<{ file: FileAnswer; stored: StoredFile } | null> {
  const row = await findOrderFile(deps.db, eventId, orderId, fileId);
  if (!row) return null;
  let stored: StoredFile | null;
  try {
    stored = await deps.storage.get(row.storage_key);
  } catch (err) {
    deps.log?.error({ err }, 'an answer file could not be read');
    throw new DomainError('STORAGE_UNAVAILABLE');
  }
  return stored ? { file: toFileAnswer(row), stored } : null;
}

/** How long the files of a checkout whose hold ran out are kept, in case its buyer still completes it. */
export const ABANDONED_FILE_GRACE_HOURS = 24;

/**
 * The worker's sweep (every 5 minutes, before the stored-file sweep): the files of checkouts that never
 * completed (given up, or RESERVED ABANDONED_FILE_GRACE_HOURS after their hold ran out) are deleted, with
 * the answers naming them, and their bytes removed now or by the stored-file sweep. Returns how many.
 */
export async function sweepAbandonedAnswerFiles(
  deps: Pick<AnswerFileDeps, 'db' | 'clock' | 'storage'>,
  limit = 200,
): Promise<number> {
  const before = sql`${sqlNow(deps.clock)} - make_interval(hours => ${ABANDONED_FILE_GRACE_HOURS}::int)`;
  const keys = await deps.db.transaction((tx) => dropAbandonedAnswerFiles(tx, before, limit));
  await removeFiles.now(deps, keys);
  return keys.length;
}
