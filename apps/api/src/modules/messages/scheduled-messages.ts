import { isLocale, type IssueKey } from '@admitone/shared';
import { and, asc, eq, lte } from 'drizzle-orm';

import type { Db, Tx } from '../../db/client.js';
import { events, messages, users } from '../../db/schema/index.js';
import { utcToZoned, zonedToUtc } from '../../shared/dates.js';
import { DomainError } from '../../shared/errors.js';
import {
  audienceOf,
  messageBody,
  type MessageDeps,
  messageFields,
  requireVerified,
  type Sender,
  sendMessage,
  type SendMessageInput,
  writeSend,
} from './send-message.js';

/** A scheduled message the hour's mail budget has no room for tries again this much later. */
const BUDGET_WAIT_MS = 5 * 60_000;

/**
 * The instant of a scheduled message's wall-clock time in the event's zone. A time the clocks skip (the hour lost
 * when daylight-saving time starts) is refused rather than moved; so is a time already past.
 */
function sendTime(local: string, timezone: string, now: Date): Date {
  const at = zonedToUtc(local, timezone);
  const field = (key: IssueKey) => new DomainError('VALIDATION_FAILED', { fields: { send_at: [{ key }] } });
  if (Number.isNaN(at.getTime())) throw field('invalid_date');
  if (utcToZoned(at, timezone) !== local) throw field('time_not_in_zone');
  if (at.getTime() <= now.getTime()) throw field('must_be_future');
  return at;
}

async function eventZone(db: Db | Tx, eventId: number): Promise<string> {
  const [event] = await db.select({ timezone: events.timezone }).from(events).where(eq(events.id, eventId));
  return event!.timezone;
}

/**
 * A message written now or, with `send_at`, kept until then (SCHEDULED: its audience is found when it goes, so
 * those who bought meanwhile get it too). The sender's right to message is checked now and again when it goes.
 */
export async function sendOrSchedule(
  deps: MessageDeps,
  eventId: number,
  sender: Sender,
  input: SendMessageInput,
): Promise<{ id: number; outboxIds: number[] }> {
  if (input.send_at === null) return sendMessage(deps, eventId, sender, input);
  await requireVerified(deps.db, sender);
  const body = messageBody(input.body);
  const now = deps.clock.now();
  const at = sendTime(input.send_at, await eventZone(deps.db, eventId), now);
  const [row] = await deps.db
    .insert(messages)
    .values({
      ...messageFields(sender, input, body),
      event_id: eventId,
      status: 'SCHEDULED',
      send_at: at,
      created_at: now,
      updated_at: now,
    })
    .returning({ id: messages.id });
  return { id: row!.id, outboxIds: [] };
}

/** Locks a message of the event that is still scheduled (else MESSAGE_NOT_SCHEDULED; another event's: not found). */
async function lockScheduled(tx: Tx, accountId: number, eventId: number, id: number) {
  const [row] = await tx
    .select()
    .from(messages)
    .where(and(eq(messages.account_id, accountId), eq(messages.event_id, eventId), eq(messages.id, id)))
    .for('update');
  if (!row) throw new DomainError('NOT_FOUND');
  if (row.status !== 'SCHEDULED') throw new DomainError('MESSAGE_NOT_SCHEDULED');
  return row;
}

/**
 * Changes a scheduled message (under its lock, so it cannot go out half changed); without `send_at` it goes now.
 * The one who changes it becomes its sender.
 */
export async function updateScheduled(
  deps: MessageDeps,
  eventId: number,
  id: number,
  sender: Sender,
  input: SendMessageInput,
): Promise<{ id: number; outboxIds: number[] }> {
  const user = await requireVerified(deps.db, sender);
  const body = messageBody(input.body);
  const timezone = await eventZone(deps.db, eventId);
  return deps.db.transaction(async (tx) => {
    await lockScheduled(tx, sender.accountId, eventId, id);
    const now = deps.clock.now();
    if (input.send_at === null) {
      const list = await audienceOf(tx, user, eventId, sender, input);
      return writeSend(tx, deps, eventId, sender, input, body, list, now, id);
    }
    const at = sendTime(input.send_at, timezone, now);
    await tx
      .update(messages)
      .set({ ...messageFields(sender, input, body), send_at: at, updated_at: now })
      .where(eq(messages.id, id));
    return { id, outboxIds: [] };
  });
}

/** Cancels a scheduled message before it goes. */
export async function cancelScheduled(db: Db, accountId: number, eventId: number, id: number, now: Date) {
  await db.transaction(async (tx) => {
    await lockScheduled(tx, accountId, eventId, id);
    await tx.update(messages).set({ status: 'CANCELLED', updated_at: now }).where(eq(messages.id, id));
  });
}

/** The stored choices of a scheduled message, as its sender's input. */
function inputOf(m: typeof messages.$inferSelect): SendMessageInput {
  return {
    subject: m.subject,
    body: m.body,
    recipient_type: m.recipient_type,
    ticket_ids: m.ticket_ids,
    order_id: m.order_id,
    attendee_ids: m.attendee_ids,
    event_date_ids: m.event_date_ids,
    check_in: m.check_in,
    answer_filter: m.answer_filter,
    send_at: null,
    is_test: false,
    send_copy_to_sender: m.send_copy_to_sender,
    acknowledged_not_promotional: true,
  };
}

/**
 * The scheduler's part (modules/automations/scheduler.ts): every scheduled message whose time has come goes, one
 * per transaction, taken with SKIP LOCKED and re-checked under its lock, so several workers never send one twice and
 * a crash leaves it scheduled (it goes on the next pass). Its audience is found now; with nobody left, or a sender
 * who may no longer message (left the team, account unverified), it is NOT_SENT with the reason. Returns outbox ids.
 */
export async function sendDueMessages(deps: MessageDeps): Promise<{ sent: number; mails: number[] }> {
  const mails: number[] = [];
  let sent = 0;
  for (;;) {
    const done = await deps.db.transaction(async (tx) => {
      const now = deps.clock.now();
      const [m] = await tx
        .select()
        .from(messages)
        .where(and(eq(messages.status, 'SCHEDULED'), lte(messages.send_at, now)))
        .orderBy(asc(messages.send_at))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!m) return false;
      const notSent = (reason: 'NO_RECIPIENTS' | 'NOT_ALLOWED') =>
        tx
          .update(messages)
          .set({ status: 'NOT_SENT', not_sent_reason: reason, updated_at: now })
          .where(eq(messages.id, m.id));
      const [user] = m.sent_by
        ? await tx.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, m.sent_by))
        : [];
      const sender: Sender = {
        accountId: m.account_id,
        userId: m.sent_by ?? 0,
        locale: isLocale(m.sender_locale) ? m.sender_locale : 'en',
      };
      try {
        // A savepoint: a refusal half-way leaves nothing of the message's mails behind.
        const written = await tx.transaction(async (sp) => {
          if (!user) throw new DomainError('FORBIDDEN');
          await requireVerified(sp, sender);
          const input = inputOf(m);
          const list = await audienceOf(sp, user, m.event_id, sender, input);
          return writeSend(sp, deps, m.event_id, sender, input, m.body, list, now, m.id);
        });
        mails.push(...written.outboxIds);
        sent++;
      } catch (err) {
        if (!(err instanceof DomainError)) throw err;
        // The hour's mail budget has no room for the message itself: it waits a few minutes.
        if (err.code === 'MAIL_BUDGET_EXCEEDED')
          await tx
            .update(messages)
            .set({ send_at: new Date(now.getTime() + BUDGET_WAIT_MS) })
            .where(eq(messages.id, m.id));
        else await notSent(err.code === 'VALIDATION_FAILED' ? 'NO_RECIPIENTS' : 'NOT_ALLOWED');
      }
      return true;
    });
    if (!done) break;
  }
  return { sent, mails };
}
