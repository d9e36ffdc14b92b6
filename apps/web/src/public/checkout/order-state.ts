import type { PublicOrderDto } from '@admitone/shared';

import { isApiError } from '../../lib/api-error';

/** The buyer screens that replace a checkout page when the order cannot be worked on there. */
export type BuyerState =
  'expired' | 'cancelled' | 'paid' | 'processing' | 'failed' | 'unavailable' | 'not_found' | 'error';

/** Which checkout step an order can be worked on in, or which state screen it needs instead. */
export type CheckoutRoute =
  { kind: 'details' } | { kind: 'payment' } | { kind: 'summary' } | { kind: 'state'; state: BuyerState };

/** Where a loaded order belongs, seen from the details or payment page. */
export function checkoutRoute(order: PublicOrderDto): CheckoutRoute {
  switch (order.status) {
    case 'RESERVED':
      if (order.is_expired) return { kind: 'state', state: 'expired' };
      if (!order.is_owner) return { kind: 'state', state: 'unavailable' };
      return order.details_complete ? { kind: 'payment' } : { kind: 'details' };
    case 'ABANDONED':
      return { kind: 'state', state: 'unavailable' };
    case 'CANCELLED':
      return { kind: 'state', state: 'cancelled' };
    case 'PROCESSING':
      return { kind: 'state', state: 'processing' };
    case 'PAYMENT_FAILED':
      return { kind: 'state', state: 'failed' };
    case 'AWAITING_PAYMENT':
      return { kind: 'summary' };
    default:
      // COMPLETED and the refund states: the order is settled.
      return { kind: 'state', state: 'paid' };
  }
}

/** The state screen for a failed load or action. */
export function stateOfError(error: unknown): BuyerState {
  if (!isApiError(error)) return 'error';
  if (error.status === 404) return 'not_found';
  switch (error.code) {
    case 'ORDER_PAGE_UNAVAILABLE':
      return 'unavailable';
    case 'ORDER_EXPIRED':
      return 'expired';
    case 'ORDER_ALREADY_PAID':
      return 'paid';
    default:
      return 'error';
  }
}
