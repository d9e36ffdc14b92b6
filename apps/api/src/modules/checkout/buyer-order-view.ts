import type { PublicOrderDto } from '@admitone/shared';

import type { Executor } from '../../db/client.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../shared/errors.js';
import { findOrderWithSecret, orderEventPartsFrom, publicOrderView } from '../orders/order-view.js';
import { cardDestination } from '../payments/payment-connection.js';

/**
 * The answer of every buyer route about an order: the order as its buyer sees it, only for the order's
 * secret (anything else: 404, as for no order), with whether card payments are possible and the
 * event's parts from the public event cache.
 */
export function buyerOrderViews(deps: AppDeps) {
  const db = deps.database.db;
  const eventParts = orderEventPartsFrom(deps);
  const cardPaymentsFor = async (accountId: number) => !!(await cardDestination(db, deps.config.stripe, accountId));
  const view = (
    tx: Executor,
    orderId: { eventId: number; shortId: string },
    secret: string | null,
    token: string | null,
    now: Date,
  ): Promise<PublicOrderDto> =>
    findOrderWithSecret(tx, orderId.eventId, orderId.shortId, secret).then((o) => {
      if (!o) throw notFound();
      return cardPaymentsFor(o.account_id).then((card) =>
        publicOrderView(tx, deps.storage, o, token, now, card, eventParts),
      );
    });
  return { view, eventParts, cardPaymentsFor };
}
