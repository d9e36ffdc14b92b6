import type { Db, Tx } from '../../db/client.js';
import { orderMailRules } from '../attendees/typed-addresses.js';
import { lockOrder, type OrderContext } from './order-status.js';
import type { OrderRow } from './order-view.js';

/** Who changes the order, for the team-mail rules of the mails it writes. */
export interface OrderChanger {
  accountId: number;
  userId: number;
  mailBudgetPerHour: number;
}

/**
 * One organizer's change to an order, in one transaction under the order's lock. Its mails to addresses
 * the team typed in (all of them for a resend) follow the team-mail rules (confirmed sender, hourly
 * budget). Returns the outbox ids to deliver after commit.
 */
export async function changeOrder(
  db: Db,
  c: OrderContext,
  by: OrderChanger,
  order: { eventId: number; orderId: number },
  change: (tx: Tx, c: OrderContext, o: OrderRow) => Promise<number[]>,
  opts: { resend: boolean },
): Promise<number[]> {
  return db.transaction(async (tx) => {
    const written = await change(tx, c, await lockOrder(tx, order.eventId, { id: order.orderId }));
    await orderMailRules(tx, { ...by, now: c.now }, order.orderId, written, opts);
    return written;
  });
}
