import type { Locale } from '@admitone/shared';
import { and, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';

import type { Executor, Tx } from '../db/client.js';
import { type MailLane, outbox } from '../db/schema/index.js';
import type { TemplateData, TemplateName } from './templates/index.js';

export interface MailPayload {
  template: TemplateName;
  to: string;
  locale: Locale;
  /** Template data, plain JSON (stored as jsonb). Links with secrets live here and are wiped once the mail is sent. */
  data: TemplateData[TemplateName] | Record<string, unknown>;
}

/** A payload whose data is checked against its template's data interface. */
export function mailPayload<K extends TemplateName>(
  template: K,
  to: string,
  locale: Locale,
  data: TemplateData[K],
): MailPayload {
  return { template, to, locale, data };
}

export type { MailLane };

/**
 * The lane of each mail. Urgent: what a person is waiting for at a screen right now (a sign-up or
 * sign-in link, a password reset, an address change, an invitation, a notice that their login changed);
 * a sell-out's thousands of ticket mails must never hold these up. Bulk: order and ticket mails, the
 * organizer's notices and messages to attendees (many at once, minutes are fine).
 */
export const MAIL_LANES: Record<TemplateName, MailLane> = {
  password_reset: 'urgent',
  email_confirmation: 'urgent',
  email_change: 'urgent',
  email_change_taken: 'urgent',
  login_changed: 'urgent',
  signup_confirmation: 'urgent',
  signup_existing_login: 'urgent',
  invitation: 'urgent',
  order_lookup: 'urgent',
  // An offer's time runs from when it is made: it must not wait behind a sell-out's ticket mails.
  waitlist_offer: 'urgent',
  waitlist_joined: 'urgent',
  order_confirmation: 'bulk',
  attendee_ticket: 'bulk',
  organizer_new_order: 'bulk',
  order_cancelled: 'bulk',
  payment_received: 'bulk',
  payment_reminder: 'bulk',
  order_refunded: 'bulk',
  date_moved: 'bulk',
  event_message: 'bulk',
  event_reminder: 'bulk',
  checkout_recovery: 'bulk',
  event_follow_up: 'bulk',
  // Admins should hear at once that an integration stopped.
  webhook_disabled: 'urgent',
};
export const laneOf = (template: TemplateName): MailLane => MAIL_LANES[template] ?? 'bulk';

/**
 * A mail stuck in SENDING this long is assumed lost with a crashed worker and is tried again (default;
 * OUTBOX_STALE_CLAIM_SECONDS).
 */
export const STALE_CLAIM_MS = 5 * 60_000;
/** How long a mail that cannot be delivered is tried again before it is FAILED (default; MAIL_RETRY_HOURS). */
export const MAIL_RETRY_HOURS = 72;
/** The longest wait between two tries: an SMTP server back after a long outage gets its mail within this. */
export const MAX_RETRY_DELAY_MS = 30 * 60_000;

/**
 * Records a mail in the outbox inside the caller's transaction; returns its id for delivery after commit.
 * `orderId`: the order it is about (the organizer sees its mails there, and sends a failed one again).
 */
export async function enqueueMail(
  tx: Executor,
  mail: MailPayload,
  now: Date,
  orderId: number | null = null,
): Promise<number> {
  const [row] = await tx
    .insert(outbox)
    .values({
      kind: 'mail',
      lane: laneOf(mail.template),
      payload: mail as unknown as Record<string, unknown>,
      created_at: now,
      available_at: now,
      order_id: orderId,
    })
    .returning({ id: outbox.id });
  return row!.id;
}

/**
 * Until when a mail is of any use: a mail whose link stops working (a password reset, a sign-up or
 * address link, an invitation, a "find my tickets" link, a waitlist offer) is not sent once the link has
 * expired; its data says how long the link lives (`minutes`, `hours`, `days` from when it was written,
 * or `expires_at`). Null: no end (order mails, tickets, notices, messages).
 */
const LINK_MAILS = new Set<TemplateName>([
  'password_reset',
  'signup_confirmation',
  'email_confirmation',
  'email_change',
  'invitation',
  'order_lookup',
  'waitlist_offer',
]);
export function usefulUntil(payload: MailPayload, createdAt: Date): Date | null {
  if (!LINK_MAILS.has(payload.template)) return null;
  const data = payload.data as { minutes?: unknown; hours?: unknown; days?: unknown; expires_at?: unknown };
  if (typeof data.expires_at === 'string') return new Date(data.expires_at);
  const ms = [
    [data.minutes, 60_000],
    [data.hours, 3_600_000],
    [data.days, 86_400_000],
  ].find(([n]) => typeof n === 'number') as [number, number] | undefined;
  return ms ? new Date(createdAt.getTime() + ms[0] * ms[1]) : null;
}

/**
 * Runs the outbox's own bookkeeping (a claim, a mark as sent) in a transaction whose commit does not
 * wait for the disk (`synchronous_commit = off`). A crash may lose such a commit, and then the mail is
 * sent again, which a crash between sending and recording does anyway: delivery is at least once. The
 * disk's flushes are left to the commits that must wait for them: a sell-out's ticket mails, a hundred a
 * second, would otherwise add as many flushes as the reservations they follow make (the mail bench).
 */
async function relaxed<T>(db: Executor, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local synchronous_commit = off`);
    return work(tx);
  });
}

/** Due now: waiting and not backing off, or left "sending" by a worker that never finished (stale claim). */
function isDue(now: Date, staleClaimMs: number) {
  return or(
    and(eq(outbox.status, 'PENDING'), lte(outbox.available_at, now)),
    and(eq(outbox.status, 'SENDING'), lt(outbox.claimed_at, new Date(now.getTime() - staleClaimMs))),
  );
}

/** One message if it is due now (read only: `claimMessage` takes it). */
export async function dueMessage(db: Executor, id: number, now: Date, staleClaimMs = STALE_CLAIM_MS) {
  const [row] = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.id, id), isDue(now, staleClaimMs)));
  return row ?? null;
}

/** Takes one due message for sending, atomically, so two workers never both send it. */
export async function claimMessage(db: Executor, id: number, now: Date, staleClaimMs = STALE_CLAIM_MS) {
  const [row] = await relaxed(db, (tx) =>
    tx
      .update(outbox)
      .set({ status: 'SENDING', claimed_at: now, attempts: sql`${outbox.attempts} + 1` })
      .where(and(eq(outbox.id, id), isDue(now, staleClaimMs)))
      .returning(),
  );
  return row ?? null;
}

/** Marks messages sent and wipes secrets from their data (template, address and language are kept). */
export async function markSent(db: Executor, ids: number[], now: Date) {
  if (!ids.length) return;
  const kept = sql`jsonb_build_object('template', ${outbox.payload}->'template', 'to', ${outbox.payload}->'to', 'locale', ${outbox.payload}->'locale', 'data', '{}'::jsonb)`;
  await relaxed(db, (tx) =>
    tx
      .update(outbox)
      .set({ status: 'SENT', sent_at: now, payload: kept, last_error: null })
      .where(inArray(outbox.id, ids)),
  );
}

/**
 * Puts a message back with a growing delay (30 s, 1 min, 2 min, … at most MAX_RETRY_DELAY_MS), or fails
 * it: at once when the failure is `permanent` (the server refused the address for good), else once it
 * has been tried for `retryForMs` since it was written (MAIL_RETRY_HOURS), or when its next try would
 * come after its link expired. Answers the status it got.
 */
export async function markFailed(
  db: Executor,
  row: { id: number; attempts: number; created_at: Date; payload: unknown },
  error: string,
  now: Date,
  opts: { retryForMs?: number; permanent?: boolean } = {},
): Promise<'PENDING' | 'FAILED'> {
  const next = new Date(now.getTime() + Math.min(MAX_RETRY_DELAY_MS, 2 ** Math.min(row.attempts, 20) * 15_000));
  const until = usefulUntil(row.payload as MailPayload, row.created_at);
  const expires = until !== null && next >= until;
  const giveUp =
    opts.permanent ||
    expires ||
    next.getTime() - row.created_at.getTime() > (opts.retryForMs ?? MAIL_RETRY_HOURS * 3_600_000);
  const status = giveUp ? 'FAILED' : 'PENDING';
  const lastError = expires
    ? `${error.slice(0, 1900)} (not tried again: its link expires at ${until.toISOString()})`
    : error.slice(0, 2000);
  await db.update(outbox).set({ status, last_error: lastError, available_at: next }).where(eq(outbox.id, row.id));
  return status;
}

/**
 * Fails a claimed message without sending it: its link expired while it waited (a reset link an hour old is no use).
 */
export async function markExpired(db: Executor, id: number, until: Date) {
  await db
    .update(outbox)
    .set({ status: 'FAILED', last_error: `not sent: its link expired at ${until.toISOString()}` })
    .where(eq(outbox.id, id));
}

/**
 * Queues failed messages again, as new: from the first attempt, with a whole retry period ahead (the
 * organizer's "send again", a message's "retry failed"). Only rows still FAILED; answers their ids.
 */
export async function queueAgain(db: Executor, ids: number[], now: Date): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .update(outbox)
    .set({ status: 'PENDING', attempts: 0, available_at: now, claimed_at: null, created_at: now, last_error: null })
    .where(and(inArray(outbox.id, ids), eq(outbox.status, 'FAILED')))
    .returning({ id: outbox.id });
  return rows.map((r) => r.id);
}

/**
 * Mail that could not be delivered yet: open messages tried at least once, and when the oldest of them
 * was written (the health answer's `mail`). Uses the open-lane index (only open rows).
 */
export async function mailBacklog(db: Executor): Promise<{ waiting: number; oldest: Date | null }> {
  const [row] = await db
    .select({ waiting: sql<number>`count(*)::int`, oldest: sql<Date | null>`min(${outbox.created_at})` })
    .from(outbox)
    .where(
      and(
        inArray(outbox.status, ['PENDING', 'SENDING']),
        sql`${outbox.attempts} > 0`,
        sql`${outbox.last_error} is not null`,
      ),
    );
  const oldest = row?.oldest ? new Date(row.oldest) : null;
  return { waiting: Number(row?.waiting ?? 0), oldest };
}

/** Ids of messages due now, including ones a crashed worker left half-sent. */
export async function dueMessageIds(
  db: Executor,
  now: Date,
  limit = 100,
  staleClaimMs = STALE_CLAIM_MS,
): Promise<number[]> {
  const rows = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(isDue(now, staleClaimMs))
    .orderBy(outbox.id)
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * Takes up to `limit` due messages of a lane for sending, oldest first, atomically: workers running side
 * by side (in one process or several) each get their own (SKIP LOCKED), and a message taken is SENDING
 * until it is marked sent or failed, or its claim goes stale.
 */
export async function claimDue(db: Executor, lane: MailLane, now: Date, limit: number, staleClaimMs = STALE_CLAIM_MS) {
  const rows = await relaxed(db, (tx) => {
    const due = tx
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(eq(outbox.lane, lane), inArray(outbox.status, ['PENDING', 'SENDING']), isDue(now, staleClaimMs)))
      .orderBy(outbox.id)
      .limit(limit)
      .for('update', { skipLocked: true });
    return tx
      .update(outbox)
      .set({ status: 'SENDING', claimed_at: now, attempts: sql`${outbox.attempts} + 1` })
      .where(inArray(outbox.id, due))
      .returning();
  });
  return rows.sort((a, b) => a.id - b.id);
}

/**
 * Renews a claim just before the message goes on the wire, if it is still ours (no other worker took it
 * as stale meanwhile: that one raised `attempts`). Answers false when it is not.
 */
export async function renewClaim(db: Executor, id: number, attempts: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(outbox)
    .set({ claimed_at: now })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'SENDING'), eq(outbox.attempts, attempts)))
    .returning({ id: outbox.id });
  return rows.length > 0;
}

/** The lanes of some messages (to nudge the workers of each). */
export async function lanesOf(db: Executor, ids: number[]): Promise<MailLane[]> {
  if (!ids.length) return [];
  const rows = await db.selectDistinct({ lane: outbox.lane }).from(outbox).where(inArray(outbox.id, ids));
  return rows.map((r) => r.lane);
}
