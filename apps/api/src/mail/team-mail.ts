import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';

import type { Executor } from '../db/client.js';
import { mailBudgetEntries, type TeamMailKind, users } from '../db/schema/index.js';
import { DomainError } from '../shared/errors.js';

/**
 * Mail a team member causes to be sent to addresses they type in: invitations, the ticket mail of an
 * attendee added by hand, resends from the admin, messages. Two rules hold for all of it (docs/SECURITY.md):
 * the sender's own address is confirmed, and the account stays within its hourly mail budget.
 * Mail caused by buyers' own orders is not team mail.
 */

/** The budget counts the mails of the last hour (a sliding window, not the clock hour). */
export const MAIL_BUDGET_WINDOW_MS = 3_600_000;

/**
 * The sender's own e-mail address must be confirmed (users.email_verified_at), otherwise 403
 * EMAIL_NOT_CONFIRMED: an account nobody proved a mailbox for sends nothing to anyone. Returns the
 * sender's name and address.
 */
export async function requireConfirmedSender(db: Executor, userId: number): Promise<{ name: string; email: string }> {
  const [user] = await db
    .select({ name: users.name, email: users.email, confirmed: users.email_verified_at })
    .from(users)
    .where(eq(users.id, userId));
  if (!user?.confirmed) throw new DomainError('EMAIL_NOT_CONFIRMED');
  return { name: user.name, email: user.email };
}

export interface TeamMail {
  accountId: number;
  userId: number;
  kind: TeamMailKind;
  /**
   * How many e-mails this action counts for (a message: one, plus one per recipient whose address the team typed in).
   */
  mails: number;
}

/** The account's budget rows that still count: those of the last hour, and those a paced message placed later. */
async function liveEntries(tx: Executor, accountId: number, now: Date) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`mail-budget:${accountId}`}, 0))`);
  const since = new Date(now.getTime() - MAIL_BUDGET_WINDOW_MS);
  const mine = eq(mailBudgetEntries.account_id, accountId);
  await tx.delete(mailBudgetEntries).where(and(mine, lte(mailBudgetEntries.created_at, since)));
  return tx
    .select({ mails: mailBudgetEntries.mails, created_at: mailBudgetEntries.created_at })
    .from(mailBudgetEntries)
    .where(and(mine, gt(mailBudgetEntries.created_at, since)))
    .orderBy(asc(mailBudgetEntries.created_at), asc(mailBudgetEntries.id));
}

/**
 * 429 MAIL_BUDGET_EXCEEDED, with Retry-After: when enough of the counted mails have left the window for `mails` more.
 */
function budgetExceeded(
  recent: Array<{ mails: number; created_at: Date }>,
  perHour: number,
  mails: number,
  now: Date,
): DomainError {
  let used = recent.reduce((n, r) => n + r.mails, 0);
  let roomAt = now.getTime() + MAIL_BUDGET_WINDOW_MS;
  for (const r of recent) {
    used -= r.mails;
    if (used + mails <= perHour) {
      roomAt = r.created_at.getTime() + MAIL_BUDGET_WINDOW_MS;
      break;
    }
  }
  const retryAfter = Math.max(1, Math.ceil((roomAt - now.getTime()) / 1000));
  return new DomainError('MAIL_BUDGET_EXCEEDED', {
    retryAfter,
    values: { limit: perHour, minutes: Math.ceil(retryAfter / 60) },
  });
}

/**
 * Counts an action's mails against the account's budget, in the transaction that writes them: a
 * refusal rolls the action back, and an action rolled back for another reason gives its count back.
 * Call it last in the transaction: the account's sends take turns on an advisory lock (so two web
 * processes cannot both take the last room), held only until the commit. Past the budget: 429
 * MAIL_BUDGET_EXCEEDED with Retry-After, the time until enough of the hour's mails have left the window.
 *
 * A row counts from its time for an hour; rows a paced message placed later (`spendPacedMailBudget`)
 * count already: whatever is spent now must fit beside them, so no hour ever holds more than `perHour`.
 */
export async function spendMailBudget(tx: Executor, perHour: number, mail: TeamMail, now: Date): Promise<void> {
  if (mail.mails <= 0) return;
  const recent = await liveEntries(tx, mail.accountId, now);
  const used = recent.reduce((n, r) => n + r.mails, 0);
  if (used + mail.mails > perHour) throw budgetExceeded(recent, perHour, mail.mails, now);
  await tx
    .insert(mailBudgetEntries)
    .values({ account_id: mail.accountId, user_id: mail.userId, kind: mail.kind, mails: mail.mails, created_at: now });
}

/** A share of a paced action's mails and when it may leave. */
export interface MailSlot {
  at: Date;
  mails: number;
}

/**
 * Plans `mails` over the account's budget from `now` on, earliest first: what fits now goes now, the
 * rest whenever earlier mails leave the sliding hour. Each share is placed only where everything that
 * counts at its time (the hour before it, and every share placed after it) leaves room for it, the rule
 * `spendMailBudget` keeps too: so no window of an hour ever holds more than `perHour`, whatever order
 * actions and shares come in.
 */
export function planMailSlots(
  recent: Array<{ mails: number; created_at: Date }>,
  perHour: number,
  mails: number,
  now: Date,
): MailSlot[] {
  const placed = recent.map((r) => ({ t: r.created_at.getTime(), mails: r.mails }));
  const slots: MailSlot[] = [];
  let left = mails;
  let t = now.getTime();
  for (;;) {
    const counting = placed.filter((p) => p.t > t - MAIL_BUDGET_WINDOW_MS);
    const room = perHour - counting.reduce((n, p) => n + p.mails, 0);
    if (room > 0) {
      const share = Math.min(room, left);
      placed.push({ t, mails: share });
      slots.push({ at: new Date(t), mails: share });
      left -= share;
      if (!left) return slots;
    }
    // The next moment something leaves the window (a share placed at t leaves at t + an hour: there is one).
    t = Math.min(...placed.filter((p) => p.t + MAIL_BUDGET_WINDOW_MS > t).map((p) => p.t + MAIL_BUDGET_WINDOW_MS));
  }
}

/**
 * Spends a message's mails paced within the budget (issue #37, hole 12): the first `firstNow` of them
 * (the message itself) must fit now, else 429 MAIL_BUDGET_EXCEEDED as `spendMailBudget`; the rest go now
 * as far as the hour's room allows and later as it frees up (`planMailSlots`). Each share is kept as a
 * budget row at its own time; the caller holds each mail back until its share's time (outbox
 * `available_at`). Returns the shares, earliest first. Call it in the transaction that writes the mails.
 */
export async function spendPacedMailBudget(
  tx: Executor,
  perHour: number,
  mail: TeamMail & { firstNow: number },
  now: Date,
): Promise<MailSlot[]> {
  if (mail.mails <= 0) return [];
  const recent = await liveEntries(tx, mail.accountId, now);
  const used = recent.reduce((n, r) => n + r.mails, 0);
  if (used + mail.firstNow > perHour) throw budgetExceeded(recent, perHour, mail.firstNow, now);
  const slots = planMailSlots(recent, perHour, mail.mails, now);
  await tx.insert(mailBudgetEntries).values(
    slots.map((s) => ({
      account_id: mail.accountId,
      user_id: mail.userId,
      kind: mail.kind,
      mails: s.mails,
      created_at: s.at,
    })),
  );
  return slots;
}
