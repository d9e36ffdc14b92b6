import { and, eq, isNull, sql } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { dateMoves } from '../../db/schema/index.js';
import { requireConfirmedSender, spendPacedMailBudget } from '../../mail/team-mail.js';
import { attendeeCounted, buyerCounted } from '../attendees/typed-addresses.js';
import { rowsOf } from '../inventory/counters.js';
import { countStandingOrders, standingOrdersOf } from './date-cancellation-orders.js';
import type { EventDateRow } from './event-dates.repository.js';

/**
 * How many mails telling the date's buyers of a move count against the account's hourly mail budget: as a
 * message's (`buyerCounted`), one to each counted buyer address of a standing order, and one to each other
 * counted address of a valid ticket holder of it. A move can be repeated, so every mail that no payment
 * vouches for counts (else a free checkout filled with strangers' addresses becomes a mailing list).
 */
async function countedMoveMails(db: Executor, dateId: number): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select
      (select count(*) from orders where orders.email is not null and ${buyerCounted}
        and orders.id in (select o.id from orders o where ${standingOrdersOf(dateId)}))
      + (select count(distinct (attendees.order_id, lower(attendees.email))) from attendees
        join orders on orders.id = attendees.order_id
        where attendees.status = 'ACTIVE' and attendees.email is not null and ${attendeeCounted}
          and lower(attendees.email) <> lower(coalesce(orders.email, ''))
          and orders.id in (select o.id from orders o where ${standingOrdersOf(dateId)}))
      as n`,
  );
  return Number(row?.n ?? 0);
}

export interface DateMoveRequest {
  /** The date as it was, locked, before its times changed. */
  date: EventDateRow;
  accountId: number;
  message: string | null;
  userId: number | null;
  mailBudgetPerHour?: number;
  now: Date;
}

/**
 * Records that a date moved and its buyers are to be told, in the transaction that changed its times (on the
 * locked event and date). Nothing when no order stands on the date. A move of the same date still telling its
 * buyers is finished here and this one takes over, from the times those buyers knew. Mails that count against
 * the hourly budget follow the team-mail rules (a confirmed sender, else 403; room for the first now, else 429,
 * and the date does not move); the rest are paced over the hours the budget needs. The worker writes the
 * mails (`date-move-work.ts`). Answers how many orders are told.
 */
export async function recordDateMove(tx: Executor, r: DateMoveRequest): Promise<{ orders: number } | null> {
  const { orders } = await countStandingOrders(tx, r.date.id);
  if (!orders) return null;
  const [earlier] = await tx
    .update(dateMoves)
    .set({ finished_at: r.now })
    .where(and(eq(dateMoves.event_date_id, r.date.id), isNull(dateMoves.finished_at)))
    .returning({ previous_start: dateMoves.previous_start, previous_end: dateMoves.previous_end });
  const [move] = await tx
    .insert(dateMoves)
    .values({
      event_date_id: r.date.id,
      event_id: r.date.event_id,
      previous_start: earlier?.previous_start ?? r.date.start_date,
      previous_end: earlier ? earlier.previous_end : r.date.end_date,
      message: r.message,
      user_id: r.userId,
      orders,
      created_at: r.now,
    })
    .returning({ id: dateMoves.id });
  const counted = await countedMoveMails(tx, r.date.id);
  if (counted && r.userId !== null && r.mailBudgetPerHour !== undefined) {
    await requireConfirmedSender(tx, r.userId);
    const mail = { accountId: r.accountId, userId: r.userId, kind: 'ORDER' as const, mails: counted, firstNow: 1 };
    const slots = await spendPacedMailBudget(tx, r.mailBudgetPerHour, mail, r.now);
    await tx
      .update(dateMoves)
      .set({ mail_slots: slots.map((s) => ({ at: s.at.toISOString(), mails: s.mails })) })
      .where(eq(dateMoves.id, move!.id));
  }
  return { orders };
}
