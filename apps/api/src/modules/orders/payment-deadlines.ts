import { greetingName } from '@admitone/shared';
import { and, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type Stripe from 'stripe';

import type { Db } from '../../db/client.js';
import { events, orders } from '../../db/schema/index.js';
import { enqueueMail, mailPayload } from '../../mail/outbox.js';
import { dateOfOrder } from '../event-dates/order-dates.js';
import type { StockDeps } from '../inventory/order-units.js';
import { eventMailSender } from '../organizers/organizer-mail-sender.js';
import type { MollieFor } from '../payments/mollie-client.js';
import { recordOrderEvent } from './order-history.js';
import { buyerOrderUrl, type OrderMailContext, orderMailEvent } from './order-mails.js';
import { cancelOrder, lockOrder, type OrderContext } from './order-status.js';
import { REMINDER_LEAD_MS } from './payment-terms.js';

/** Orders settled per transaction by the sweep. */
const BATCH = 50;

export interface DeadlineDeps extends Omit<OrderMailContext, 'now'> {
  stock: StockDeps;
  /** For the worker's other order work: refunds of cancelled dates' orders (null: card payments off). */
  stripe?: Stripe | null;
  mollieFor?: MollieFor | null;
}

/**
 * The sweep of offline orders (every minute in the job worker): reminds buyers whose deadline is near
 * (once: the reminder is recorded in the same transaction as its mail), and cancels orders whose deadline
 * passed, their units returning through the stock module (`cancelOrder`), the buyer told why. Several
 * workers may run it at once: each takes its orders with SKIP LOCKED and re-checks them under the lock.
 * Returns what it did and the outbox ids to deliver.
 */
export async function settlePaymentDeadlines(
  db: Db,
  deps: DeadlineDeps,
): Promise<{ reminded: number; cancelled: number; mails: number[] }> {
  const mails: number[] = [];
  let reminded = 0;
  let cancelled = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const now = deps.stock.clock.now();
      const due = await tx
        .select({ id: orders.id, event_id: orders.event_id })
        .from(orders)
        .where(
          and(eq(orders.status, 'AWAITING_PAYMENT'), isNotNull(orders.payment_due_at), lte(orders.payment_due_at, now)),
        )
        .orderBy(orders.payment_due_at)
        .limit(BATCH)
        .for('update', { skipLocked: true });
      const ctx: OrderContext = { ...deps, now, userId: null };
      for (const o of due) {
        const order = await lockOrder(tx, o.event_id, { id: o.id });
        if (order.status !== 'AWAITING_PAYMENT' || !order.payment_due_at || order.payment_due_at > now) continue;
        await recordOrderEvent(tx, order.id, {
          kind: 'PAYMENT_OVERDUE',
          data: { due_at: order.payment_due_at.toISOString() },
          at: now,
        });
        mails.push(...(await cancelOrder(tx, ctx, order, 'payment_overdue')));
        cancelled++;
      }
      return due.length;
    });
    if (done < BATCH) break;
  }
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const now = deps.stock.clock.now();
      // Due for a reminder: a day before the deadline, or halfway through a shorter term (REMINDER_LEAD_MS).
      const rows = await tx
        .select()
        .from(orders)
        .where(
          and(
            eq(orders.status, 'AWAITING_PAYMENT'),
            isNotNull(orders.payment_due_at),
            isNull(orders.payment_reminded_at),
            sql`${orders.payment_due_at} - least(${REMINDER_LEAD_MS} * interval '1 millisecond', (${orders.payment_due_at} - ${orders.created_at}) / 2) <= ${now}`,
          ),
        )
        .orderBy(orders.payment_due_at)
        .limit(BATCH)
        .for('update', { skipLocked: true });
      for (const order of rows) {
        // Marked even without an address to mail, so the next batch never finds the same rows again.
        await tx.update(orders).set({ payment_reminded_at: now }).where(eq(orders.id, order.id));
        if (!order.email) continue;
        const [event] = await tx.select().from(events).where(eq(events.id, order.event_id));
        const date = await dateOfOrder(tx, order.id);
        const { mailEvent, organizer } = await orderMailEvent(tx, event!, order.locale, deps.appUrl, date);
        mails.push(
          await enqueueMail(
            tx,
            mailPayload('payment_reminder', order.email, order.locale, {
              buyer_name: greetingName(order, order.locale),
              order_number: order.order_number,
              event: mailEvent,
              currency: order.currency,
              total: order.total,
              due_at: order.payment_due_at!.toISOString(),
              offline_payment_instructions: event!.offline_payment_instructions,
              order_url: buyerOrderUrl(deps.appUrl, order),
              sender: await eventMailSender(tx, deps, event!, organizer),
            }),
            now,
            order.id,
          ),
        );
        await recordOrderEvent(tx, order.id, {
          kind: 'PAYMENT_REMINDED',
          data: { due_at: order.payment_due_at!.toISOString() },
          at: now,
        });
        reminded++;
      }
      return rows.length;
    });
    if (done < BATCH) break;
  }
  return { reminded, cancelled, mails };
}
