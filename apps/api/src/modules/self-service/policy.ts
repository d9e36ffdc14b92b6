import type { OrderSelfServiceDto, PublicQuestionDto } from '@admitone/shared';

import type { events, orders } from '../../db/schema/index.js';
import { isOnlineProvider } from '../payments/payment-gateway.js';

type EventRow = typeof events.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/** Orders whose attendees the buyer may still correct. */
const EDITABLE = ['COMPLETED', 'AWAITING_PAYMENT'];

/** The instant `hours` before a start. */
const before = (start: Date, hours: number) => new Date(start.getTime() - hours * 3_600_000);

/**
 * What a buyer may do with their placed order themselves, by the event's settings, the order's state
 * and the time: correct attendee details, pass tickets on, cancel. The cut-offs count back from `start`, the
 * start of the date the order is for (with several dates, not the event's first). The same rules guard the
 * routes (`requireSelfService`); the order page shows what they allow.
 */
export function selfServiceOf(
  e: EventRow,
  order: Pick<OrderRow, 'status' | 'total' | 'payment_provider' | 'payment_status'>,
  questions: PublicQuestionDto[],
  now: Date,
  start: Date,
): OrderSelfServiceDto | null {
  if (
    ![
      'COMPLETED',
      'AWAITING_PAYMENT',
      'CANCELLED',
      'PARTIALLY_REFUNDED',
      'REFUNDED',
      'REFUND_PENDING',
      'REFUND_FAILED',
    ].includes(order.status)
  )
    return null;
  const editUntil = e.attendee_edits_enabled ? before(start, e.attendee_edit_cutoff_hours) : null;
  const transferUntil = e.ticket_transfers === 'ALLOWED' ? before(start, e.ticket_transfer_cutoff_hours) : null;
  // Free orders, and unpaid ones (nothing to give back), whenever cancelling is allowed; paid ones only
  // with refunds allowed and paid by card (the refund goes back through Stripe; an offline payment is
  // the organizer's to return).
  const paid = order.total > 0 && order.payment_status === 'PAYMENT_RECEIVED';
  const cancellable =
    e.buyer_cancellation !== 'NOT_ALLOWED' &&
    (order.total === 0 ||
      order.status === 'AWAITING_PAYMENT' ||
      (e.buyer_cancellation === 'WITH_REFUND' && paid && isOnlineProvider(order.payment_provider)));
  const cancelUntil = cancellable ? before(start, e.buyer_cancellation_cutoff_hours) : null;
  const exchangeUntil = e.date_exchanges !== 'OFF' ? before(start, e.date_exchange_cutoff_hours) : null;
  return {
    can_edit: !!editUntil && EDITABLE.includes(order.status) && now < editUntil,
    edit_until: editUntil?.toISOString() ?? null,
    editable_questions: questions,
    can_transfer: !!transferUntil && order.status === 'COMPLETED' && now < transferUntil,
    transfer_until: transferUntil?.toISOString() ?? null,
    can_cancel: !!cancelUntil && ['COMPLETED', 'AWAITING_PAYMENT'].includes(order.status) && now < cancelUntil,
    cancel_until: cancelUntil?.toISOString() ?? null,
    cancel_refunds: cancellable && paid,
    can_exchange: !!exchangeUntil && ['COMPLETED', 'AWAITING_PAYMENT'].includes(order.status) && now < exchangeUntil,
    exchange_until: exchangeUntil?.toISOString() ?? null,
  };
}
