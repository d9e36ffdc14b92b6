import { asc, eq } from 'drizzle-orm';

import type { Db, Executor, Tx } from '../../db/client.js';
import { events, type OrderEventKind, orderEvents, orders, users } from '../../db/schema/index.js';
import { recordAudit } from '../audit/audit.js';
import { syncOrderInvoices } from '../invoices/issue-invoices.js';
import { orderPassesChanged } from '../wallet/wallet-passes.js';
import { orderWebhookEvents } from '../webhooks/order-webhooks.js';

export interface OrderEventInput {
  kind: OrderEventKind;
  /** The organizer who did it; null for the buyer, Stripe or the system. */
  userId?: number | null;
  data?: Record<string, unknown>;
  at: Date;
}

/**
 * Records what happened to an order, in the transaction that made it happen, with the webhook events it
 * means for the account's webhooks (modules/webhooks/order-webhooks.ts), its invoices (modules/invoices) and the news
 * for its tickets' wallet passes (modules/wallet): they commit with it or not at all.
 */
export async function recordOrderEvent(tx: Executor, orderId: number, e: OrderEventInput): Promise<void> {
  // The entry first: webhook bodies (built in this transaction) show the order with it.
  const [entry] = await tx
    .insert(orderEvents)
    .values({ order_id: orderId, kind: e.kind, user_id: e.userId ?? null, data: e.data ?? {}, created_at: e.at })
    .returning({ id: orderEvents.id });
  await orderWebhookEvents(tx, orderId, e.kind, e.data ?? {}, e.at, entry!.id);
  await orderPassesChanged(tx, orderId, e.kind, e.at);
  await syncOrderInvoices(tx, orderId, e.kind, e.at);
  if (e.userId) await auditOrderEvent(tx, orderId, e.userId, e);
}

/** What an organizer did to an order (refund, cancel, mark paid, edits…) goes to the account's audit log too. */
async function auditOrderEvent(tx: Executor, orderId: number, userId: number, e: OrderEventInput) {
  const [row] = await tx
    .select({ accountId: events.account_id, eventId: events.id, shortId: orders.short_id, name: users.name })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.event_id))
    .innerJoin(users, eq(users.id, userId))
    .where(eq(orders.id, orderId));
  if (!row) return;
  await recordAudit(
    tx,
    { accountId: row.accountId, userId, name: row.name, apiKeyId: null, ip: null },
    {
      action: 'order.changed',
      eventId: row.eventId,
      target: { type: 'order', id: orderId, label: row.shortId },
      data: { kind: e.kind, ...(e.data ?? {}) },
    },
    e.at,
  );
}

/** An order's history, oldest first. */
export function orderHistory(db: Db | Tx, orderId: number) {
  return db.select().from(orderEvents).where(eq(orderEvents.order_id, orderId)).orderBy(asc(orderEvents.id));
}
