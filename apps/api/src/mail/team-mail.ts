import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { mailBudgetEntries, users, type TeamMailKind } from '../db/schema/index.js';
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
  const [user] = await db.select({ name: users.name, email: users.email, confirmed: users.email_verified_at }).from(users).where(eq(users.id, userId));
  if (!user?.confirmed) throw new DomainError('EMAIL_NOT_CONFIRMED');
  return { name: user.name, email: user.email };
}

export interface TeamMail {
  accountId: number;
  userId: number;
  kind: TeamMailKind;
  /** How many e-mails this action counts for (a message: one, plus one per recipient whose address the team typed in). */
  mails: number;
}

/**
 * Counts an action's mails against the account's budget, in the transaction that writes them: a
 * refusal rolls the action back, and an action rolled back for another reason gives its count back.
 * Call it last in the transaction: the account's sends take turns on an advisory lock (so two web
 * processes cannot both take the last room), held only until the commit. Past the budget: 429
 * MAIL_BUDGET_EXCEEDED with Retry-After, the time until enough of the hour's mails have left the window.
 */
export async function spendMailBudget(tx: Executor, perHour: number, mail: TeamMail, now: Date): Promise<void> {
  if (mail.mails <= 0) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`mail-budget:${mail.accountId}`}, 0))`);
  const since = new Date(now.getTime() - MAIL_BUDGET_WINDOW_MS);
  const mine = eq(mailBudgetEntries.account_id, mail.accountId);
  await tx.delete(mailBudgetEntries).where(and(mine, lte(mailBudgetEntries.created_at, since)));
  const recent = await tx
    .select({ mails: mailBudgetEntries.mails, created_at: mailBudgetEntries.created_at })
    .from(mailBudgetEntries)
    .where(and(mine, gt(mailBudgetEntries.created_at, since)))
    .orderBy(asc(mailBudgetEntries.created_at), asc(mailBudgetEntries.id));
  let used = recent.reduce((n, r) => n + r.mails, 0);
  if (used + mail.mails > perHour) {
    let roomAt = now.getTime() + MAIL_BUDGET_WINDOW_MS;
    for (const r of recent) {
      used -= r.mails;
      if (used + mail.mails <= perHour) {
        roomAt = r.created_at.getTime() + MAIL_BUDGET_WINDOW_MS;
        break;
      }
    }
    const retryAfter = Math.max(1, Math.ceil((roomAt - now.getTime()) / 1000));
    throw new DomainError('MAIL_BUDGET_EXCEEDED', { retryAfter, values: { limit: perHour, minutes: Math.ceil(retryAfter / 60) } });
  }
  await tx.insert(mailBudgetEntries).values({ account_id: mail.accountId, user_id: mail.userId, kind: mail.kind, mails: mail.mails, created_at: now });
}
