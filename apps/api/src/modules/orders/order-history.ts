import { asc, eq } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client.js';
import { orderEvents, type OrderEventKind } from '../../db/schema/index.js';

export interface OrderEventInput {
  kind: OrderEventKind;
  /** The organizer who did it; null for the buyer, Stripe or the system. */
  userId?: number | null;
  data?: Record<string, unknown>;
  at: Date;
}

/** Records what happened to an order, in the transaction that made it happen. */
export async function recordOrderEvent(tx: Executor, orderId: number, e: OrderEventInput): Promise<void> {
  await tx.insert(orderEvents).values({ order_id: orderId, kind: e.kind, user_id: e.userId ?? null, data: e.data ?? {}, created_at: e.at });
}

/** An order's history, oldest first. */
export function orderHistory(db: Db | Tx, orderId: number) {
  return db.select().from(orderEvents).where(eq(orderEvents.order_id, orderId)).orderBy(asc(orderEvents.id));
}
