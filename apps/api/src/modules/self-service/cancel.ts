import type Stripe from 'stripe';

import type { Db } from '../../db/client.js';
import { DomainError } from '../../shared/errors.js';
import type { FileStorage } from '../../storage/storage.js';
import type { StockDeps } from '../inventory/order-units.js';
import { recordOrderEvent } from '../orders/order-history.js';
import { cancelOrder, type OrderContext } from '../orders/order-status.js';
import type { MollieFor } from '../payments/mollie-client.js';
import { refundOrder } from '../payments/refund-order.js';
import { lockBuyerOrder } from './buyer-changes.js';

export interface BuyerCancelDeps {
  db: Db;
  stripe: Stripe | null;
  mollieFor?: MollieFor | null;
  now: () => Date;
  appUrl: string;
  storage: Pick<FileStorage, 'url'>;
  stock: StockDeps;
}

/**
 * The buyer cancels their order, as the event allows (free orders, or also card-paid ones with a
 * refund; until its cut-off). A free or unpaid order is cancelled at once: its tickets go back to stock
 * through the stock module, the buyer is mailed. A card-paid one goes through the organizer's refund
 * path with "cancel": claimed under the order's lock as REFUND_PENDING before Stripe is asked (a second
 * request meanwhile is refused), the units released once, when Stripe has accepted, and exactly one
 * refund of what remains. Returns outbox ids to deliver.
 */
export async function cancelByBuyer(
  deps: BuyerCancelDeps,
  eventId: number,
  shortId: string,
  secret: string | null,
): Promise<number[]> {
  const ctx = (): OrderContext => ({
    now: deps.now(),
    appUrl: deps.appUrl,
    storage: deps.storage as FileStorage,
    stock: deps.stock,
  });
  const step = await deps.db.transaction(async (tx) => {
    const c = ctx();
    const { order, allowed } = await lockBuyerOrder(tx, eventId, shortId, secret, c.now);
    if (!allowed?.can_cancel) throw new DomainError('SELF_SERVICE_CLOSED');
    if (allowed.cancel_refunds) return { kind: 'refund' as const, orderId: order.id };
    return { kind: 'cancelled' as const, mails: await cancelOrder(tx, c, order, 'buyer') };
  });
  if (step.kind === 'cancelled') return step.mails;
  const mails = await refundOrder(
    {
      db: deps.db,
      stripe: deps.stripe,
      mollieFor: deps.mollieFor ?? null,
      now: deps.now,
      appUrl: deps.appUrl,
      storage: deps.storage,
      userId: null,
      stock: deps.stock,
    },
    eventId,
    step.orderId,
    {
      cancel_order: true,
      notify_buyer: true,
    },
  );
  await recordOrderEvent(deps.db, step.orderId, { kind: 'CANCELLED_BY_BUYER', data: {}, at: deps.now() });
  return mails;
}
