import { eq } from 'drizzle-orm';

import type { Tx } from '../../db/client.js';
import { orders } from '../../db/schema/index.js';
import { recordOrderEvent } from '../orders/order-history.js';
import type { OrderRow } from '../orders/order-view.js';

/**
 * Records what the buyer's bank took back from a payment (a chargeback), as the provider now reports the total:
 * only an increase is new (so a repeated report changes nothing), written on the locked order with its history line.
 */
export async function recordChargeback(
  tx: Tx,
  order: OrderRow,
  total: number,
  provider: 'STRIPE' | 'MOLLIE',
  now: Date,
): Promise<void> {
  if (total <= order.charged_back_total) return;
  await tx.update(orders).set({ charged_back_total: total, updated_at: now }).where(eq(orders.id, order.id));
  await recordOrderEvent(tx, order.id, {
    kind: 'CHARGEBACK',
    data: { amount: total - order.charged_back_total, total, provider },
    at: now,
  });
}
