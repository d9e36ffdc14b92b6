import type {
  MessageCountsDto,
  MessageDeliveryStatus,
  MessageDetailDto,
  MessageRecipientDto,
  MessageSummaryDto,
} from '@admitone/shared';
import { and, asc, count, desc, eq, gt, inArray, max } from 'drizzle-orm';

import type { Db, Executor } from '../../db/client.js';
import { messageRecipients, messages, orders, outbox, users } from '../../db/schema/index.js';
import type { OutboxStatus } from '../../db/schema/outbox.js';
import { queueAgain } from '../../mail/outbox.js';
import { DomainError } from '../../shared/errors.js';
import { offsetOf, type PageRequest } from '../../shared/pagination.js';

type MessageRow = typeof messages.$inferSelect;

/** An e-mail's state from its outbox row; a row already cleaned away was sent. */
export function deliveryStatus(status: OutboxStatus | null): MessageDeliveryStatus {
  if (status === 'FAILED') return 'FAILED';
  if (status === 'PENDING' || status === 'SENDING') return 'QUEUED';
  return 'SENT';
}

/**
 * An e-mail held back by the mail budget (a paced message, send-message.ts): waiting, never tried, due
 * later. A retry's wait after a failure has tried at least once.
 */
const heldBack = (now: Date) => and(eq(outbox.status, 'PENDING'), eq(outbox.attempts, 0), gt(outbox.available_at, now));

/**
 * Until when each message is being sent gradually (the last held-back e-mail's time); absent when none is held back.
 */
async function pacedUntilOf(db: Executor, ids: number[], now: Date): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ message_id: messageRecipients.message_id, until: max(outbox.available_at) })
    .from(messageRecipients)
    .innerJoin(outbox, eq(outbox.id, messageRecipients.outbox_id))
    .where(and(inArray(messageRecipients.message_id, ids), heldBack(now)))
    .groupBy(messageRecipients.message_id);
  return new Map(rows.filter((r) => r.until).map((r) => [r.message_id, new Date(r.until!).toISOString()]));
}

/** Sent, queued and failed e-mails of each message. */
async function countsOf(db: Executor, ids: number[]): Promise<Map<number, MessageCountsDto>> {
  const out = new Map<number, MessageCountsDto>(ids.map((id) => [id, { sent: 0, queued: 0, failed: 0 }]));
  if (!ids.length) return out;
  const rows = await db
    .select({ message_id: messageRecipients.message_id, status: outbox.status, n: count() })
    .from(messageRecipients)
    .leftJoin(outbox, eq(outbox.id, messageRecipients.outbox_id))
    .where(inArray(messageRecipients.message_id, ids))
    .groupBy(messageRecipients.message_id, outbox.status);
  for (const r of rows) {
    const c = out.get(r.message_id)!;
    const s = deliveryStatus(r.status);
    if (s === 'FAILED') c.failed += r.n;
    else if (s === 'QUEUED') c.queued += r.n;
    else c.sent += r.n;
  }
  return out;
}

const summaryColumns = {
  message: messages,
  sender: { id: users.id, name: users.name },
  order_number: orders.order_number,
};

function toSummary(
  r: { message: MessageRow; sender: { id: number; name: string } | null; order_number: string | null },
  counts: MessageCountsDto,
  pacedUntil: string | null,
): MessageSummaryDto {
  const m = r.message;
  return {
    id: m.id,
    status: m.status,
    send_at: m.send_at?.toISOString() ?? null,
    not_sent_reason: m.not_sent_reason,
    event_date_ids: m.event_date_ids,
    check_in: m.check_in,
    answer_filter: m.answer_filter,
    subject: m.subject,
    recipient_type: m.recipient_type,
    ticket_ids: m.ticket_ids,
    order_id: m.order_id,
    order_number: r.order_number,
    attendee_ids: m.attendee_ids,
    recipient_count: m.recipient_count,
    counts,
    paced_until: pacedUntil,
    is_test: m.is_test,
    send_copy_to_sender: m.send_copy_to_sender,
    sent_by: r.sender,
    created_at: m.created_at.toISOString(),
  };
}

const summaries = (db: Executor) =>
  db
    .select(summaryColumns)
    .from(messages)
    .leftJoin(users, eq(users.id, messages.sent_by))
    .leftJoin(orders, eq(orders.id, messages.order_id));

/** A page of an event's messages, newest first. */
export async function listMessages(db: Executor, accountId: number, eventId: number, page: PageRequest, now: Date) {
  const where = and(eq(messages.account_id, accountId), eq(messages.event_id, eventId));
  const [rows, [total]] = await Promise.all([
    summaries(db)
      .where(where)
      .orderBy(desc(messages.created_at), desc(messages.id))
      .limit(page.per_page)
      .offset(offsetOf(page)),
    db.select({ n: count() }).from(messages).where(where),
  ]);
  const ids = rows.map((r) => r.message.id);
  const [counts, paced] = await Promise.all([countsOf(db, ids), pacedUntilOf(db, ids, now)]);
  return {
    rows: rows.map((r) => toSummary(r, counts.get(r.message.id)!, paced.get(r.message.id) ?? null)),
    total: total?.n ?? 0,
  };
}

/** One message of the event with its body and every recipient's delivery state; another account's id is not found. */
export async function getMessage(
  db: Executor,
  accountId: number,
  eventId: number,
  id: number,
  now: Date,
): Promise<MessageDetailDto> {
  const [row] = await summaries(db).where(
    and(eq(messages.account_id, accountId), eq(messages.event_id, eventId), eq(messages.id, id)),
  );
  if (!row) throw new DomainError('NOT_FOUND');
  const people = await db
    .select({ r: messageRecipients, status: outbox.status, error: outbox.last_error, sent_at: outbox.sent_at })
    .from(messageRecipients)
    .leftJoin(outbox, eq(outbox.id, messageRecipients.outbox_id))
    .where(eq(messageRecipients.message_id, id))
    .orderBy(asc(messageRecipients.id));
  const recipients: MessageRecipientDto[] = people.map((p) => {
    const status = deliveryStatus(p.status);
    return {
      id: p.r.id,
      email: p.r.email,
      name: p.r.name,
      attendee_id: p.r.attendee_id,
      order_id: p.r.order_id,
      status,
      error: status === 'SENT' ? null : p.error,
      sent_at: p.sent_at?.toISOString() ?? null,
    };
  });
  // Counted from the rows just read: a second query could see a delivery finish between the two
  // (the counts would say failed while the recipient still said queued).
  const counts: MessageCountsDto = { sent: 0, queued: 0, failed: 0 };
  for (const r of recipients) counts[r.status === 'FAILED' ? 'failed' : r.status === 'QUEUED' ? 'queued' : 'sent'] += 1;
  const paced = await pacedUntilOf(db, [id], now);
  return { ...toSummary(row, counts, paced.get(id) ?? null), body: row.message.body, recipients };
}

/** Locks the message row (deletes and retries of one message take turns). */
async function lockMessage(tx: Executor, accountId: number, eventId: number, id: number) {
  const [row] = await tx
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.account_id, accountId), eq(messages.event_id, eventId), eq(messages.id, id)))
    .for('update');
  if (!row) throw new DomainError('NOT_FOUND');
}

const outboxOf = (tx: Executor, id: number) =>
  tx
    .select({ id: outbox.id, status: outbox.status })
    .from(messageRecipients)
    .innerJoin(outbox, eq(outbox.id, messageRecipients.outbox_id))
    .where(eq(messageRecipients.message_id, id));

/** Removes a message from the history once none of its e-mails is still queued (and their outbox rows with it). */
export async function deleteMessage(db: Db, accountId: number, eventId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockMessage(tx, accountId, eventId, id);
    const mails = await outboxOf(tx, id);
    if (mails.some((m) => deliveryStatus(m.status) === 'QUEUED')) throw new DomainError('MESSAGE_STILL_SENDING');
    await tx.delete(messages).where(eq(messages.id, id));
    if (mails.length)
      await tx.delete(outbox).where(
        inArray(
          outbox.id,
          mails.map((m) => m.id),
        ),
      );
  });
}

/** Queues the failed e-mails of a message again (from the first attempt); returns the outbox ids to deliver. */
export async function retryFailed(
  db: Db,
  accountId: number,
  eventId: number,
  id: number,
  now: Date,
): Promise<number[]> {
  return db.transaction(async (tx) => {
    await lockMessage(tx, accountId, eventId, id);
    const failed = (await outboxOf(tx, id)).filter((m) => m.status === 'FAILED').map((m) => m.id);
    // A whole retry period ahead again (mail/outbox.ts).
    return queueAgain(tx, failed, now);
  });
}
