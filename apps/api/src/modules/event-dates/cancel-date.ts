import type { cancelEventDateBody } from '@admitone/shared';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';

import type { Db, Executor } from '../../db/client.js';
import { dateCancellations } from '../../db/schema/index.js';
import { requireConfirmedSender, spendPacedMailBudget } from '../../mail/team-mail.js';
import type { Clock } from '../../shared/clock.js';
import { DomainError } from '../../shared/errors.js';
import { rowsOf } from '../inventory/counters.js';
import { offerLock } from '../waitlist/waitlist-state.js';
import { countStandingOrders, typedCancellationMails } from './date-cancellation-orders.js';
import { datesByIds, type EventDateRow, syncEventSpan } from './event-dates.repository.js';
import { lockDates, lockEventForDates } from './save-dates.js';

export interface DateCancellationSummary {
  /** Orders of the date that were or will be cancelled. */
  orders: number;
  /** Of them, card-paid ones that were or will be refunded. */
  refunds: number;
  /** Orders still to be worked through. */
  pending: number;
}

/** What the date's cancellation covers, and what is left to do. */
async function summaryOf(db: Executor, dateId: number): Promise<DateCancellationSummary> {
  const [row] = await db.select().from(dateCancellations).where(eq(dateCancellations.event_date_id, dateId));
  const left = await countStandingOrders(db, dateId);
  return { orders: row?.orders ?? 0, refunds: row?.refunds ?? 0, pending: left.orders };
}

/**
 * What cancelling the caller's date would cancel now: its standing orders, their tickets, the card refunds,
 * and the orders paid another way (offline, or made by the team), whose money the organizer returns.
 */
export async function cancellationPreview(
  db: Db,
  scope: { accountId: number; eventId: number },
  dateId: number,
): Promise<{ orders: number; tickets: number; refunds: number; paid_outside: number }> {
  const [found] = await rowsOf<{ id: number }>(
    db,
    sql`select d.id from event_dates d join events e on e.id = d.event_id
      where d.id = ${dateId} and e.id = ${scope.eventId} and e.account_id = ${scope.accountId}`,
  );
  if (!found) throw new DomainError('NOT_FOUND');
  const { paidOutside, ...counts } = await countStandingOrders(db, dateId);
  return { ...counts, paid_outside: paidOutside };
}

/**
 * Cancels one date of an event with several (never the last one that is not cancelled: cancel the event
 * instead). In one transaction, on the locked event and date: the date becomes CANCELLED (buyers can no
 * longer choose it), the event's span follows its other dates, the people waiting for it leave its waitlist
 * (REMOVED), and the request (refund or not, the
 * organizer's words) is recorded. The date's orders are cancelled afterwards, one by one, by
 * `date-cancellation-work.ts`, which first ends the holds of checkouts on the date. The mails to buyer addresses
 * the team typed in follow the team-mail rules here (a confirmed sender, else 403; room in the hourly budget for
 * the first, else 429, and nothing is cancelled); the rest are paced over the hours the budget needs, as a
 * message's are. A date already cancelled is answered as it is, changing nothing.
 */
export async function cancelDate(
  deps: { db: Db; clock: Clock; mailBudgetPerHour?: number },
  scope: { accountId: number; eventId: number },
  dateId: number,
  body: z.output<typeof cancelEventDateBody>,
  userId: number | null,
): Promise<{ date: EventDateRow; cancellation: DateCancellationSummary }> {
  const now = deps.clock.now();
  const date = await deps.db.transaction(async (tx) => {
    // The waitlist's offer lock first (step 1): an offer maker locks entries before the date's counter.
    await tx.execute(offerLock(scope.eventId));
    await lockEventForDates(tx, scope);
    const [row] = await lockDates(tx, scope.eventId, [dateId]);
    if (row!.status === 'CANCELLED') return row!;
    const [others] = await rowsOf<{ n: number }>(
      tx,
      sql`select count(*)::int as n from event_dates
        where event_id = ${scope.eventId} and id <> ${dateId} and status <> 'CANCELLED'`,
    );
    if (!Number(others?.n)) throw new DomainError('LAST_EVENT_DATE');
    await tx.execute(
      sql`update event_dates set status = 'CANCELLED', updated_at = ${now}::timestamptz where id = ${dateId}`,
    );
    await syncEventSpan(tx, scope.eventId, now);
    // Nobody waits for a date that will not happen (open offers end with the date's checkouts).
    await tx.execute(
      sql`update waitlist_entries set status = 'REMOVED', left_at = ${now}::timestamptz, updated_at = ${now}::timestamptz
          where event_date_id = ${dateId} and status = 'WAITING'`,
    );
    const counts = await countStandingOrders(tx, dateId);
    await tx.insert(dateCancellations).values({
      event_date_id: dateId,
      event_id: scope.eventId,
      refund: body.refund,
      message: body.message ?? null,
      user_id: userId,
      orders: counts.orders,
      refunds: body.refund ? counts.refunds : 0,
      created_at: now,
    });
    // Last (the budget's lock is the last one taken): mails to addresses the team typed in are team mail,
    // paced within the hourly budget (the first must fit now); the work holds each back until its share's time.
    const typed = await typedCancellationMails(tx, dateId);
    if (typed && userId !== null && deps.mailBudgetPerHour !== undefined) {
      await requireConfirmedSender(tx, userId);
      const mail = { accountId: scope.accountId, userId, kind: 'ORDER' as const, mails: typed, firstNow: 1 };
      const slots = await spendPacedMailBudget(tx, deps.mailBudgetPerHour, mail, now);
      await tx
        .update(dateCancellations)
        .set({ mail_slots: slots.map((s) => ({ at: s.at.toISOString(), mails: s.mails })) })
        .where(eq(dateCancellations.event_date_id, dateId));
    }
    return (await datesByIds(tx, scope.eventId, [dateId]))[0]!;
  });
  return { date, cancellation: await summaryOf(deps.db, dateId) };
}
