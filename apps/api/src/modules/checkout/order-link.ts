import { and, eq, isNull, lt, or } from 'drizzle-orm';

import type { Db } from '../../db/client.js';
import type { Tx } from '../../db/client.js';
import { orders } from '../../db/schema/index.js';
import { DomainError } from '../../shared/errors.js';
import { recordOrderEvent } from '../orders/order-history.js';
import { buyerOrderUrl, enqueueOrderMails } from '../orders/order-mails.js';
import type { OrderContext } from '../orders/order-status.js';
import { findOrderByShortId, type OrderRow } from '../orders/order-view.js';

/** An order's link is mailed again on request at most this often, whoever asks. */
export const LINK_RESEND_INTERVAL_MS = 15 * 60_000;
/** Orders whose buyer has been sent mail with the order's link (a checkout that never finished has none). */
export const LINKED_STATUSES = new Set([
  'AWAITING_PAYMENT',
  'COMPLETED',
  'CANCELLED',
  'REFUND_PENDING',
  'PARTIALLY_REFUNDED',
  'REFUNDED',
  'REFUND_FAILED',
]);

/**
 * Writes the mail with the order's link (and secret) to its buyer, at most once per interval even for
 * requests that arrive together (one conditional update claims it). Nothing for an order without an
 * address or that never got its link. Returns the outbox ids to deliver after commit.
 */
export async function resendOrderLink(db: Db, c: OrderContext, eventId: number, shortId: string): Promise<number[]> {
  const since = new Date(c.now.getTime() - LINK_RESEND_INTERVAL_MS);
  return db.transaction(async (tx) => {
    const order = await findOrderByShortId(tx, eventId, shortId);
    if (!order?.email || !LINKED_STATUSES.has(order.status)) return [];
    const claimed = await tx
      .update(orders)
      .set({ link_sent_at: c.now })
      .where(and(eq(orders.id, order.id), or(isNull(orders.link_sent_at), lt(orders.link_sent_at, since))))
      .returning({ id: orders.id });
    return claimed.length ? enqueueOrderMails(tx, c, order.id, 'link') : [];
  });
}

/**
 * The organizer has the order's link mailed to its buyer (the confirmation again, or the cancellation
 * note): the only way the secret leaves for the buyer from the admin besides the signed-in organizer's
 * own copy (`buyerLinkPath`). Run through `changeOrder` as a resend: the team-mail rules count it.
 */
export async function sendOrderLink(tx: Tx, c: OrderContext, order: OrderRow): Promise<number[]> {
  if (!order.email || !LINKED_STATUSES.has(order.status)) throw new DomainError('ORDER_NOT_EDITABLE');
  await recordOrderEvent(tx, order.id, {
    kind: 'LINK_SENT',
    userId: c.userId,
    data: { email: order.email },
    at: c.now,
  });
  return enqueueOrderMails(tx, c, order.id, 'link');
}

/**
 * The buyer's order page with its secret, as a path: answered only to a signed-in organizer (never to an API key or a
 * webhook).
 */
export async function buyerLinkPath(db: Db, eventId: number, orderId: number): Promise<string | null> {
  const [order] = await db
    .select({ event_id: orders.event_id, short_id: orders.short_id, secret: orders.secret })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.event_id, eventId)));
  return order ? buyerOrderUrl('', order) : null;
}
