import type { Locale, PublicOrderDto } from '@admitone/shared';

import { hashToken } from '../../shared/tokens.js';
import { type OrderEventParts, type OrderRow, toPublicOrderDto } from '../orders/order-view.js';
import { seatOf } from '../seating/seat-labels.js';
import type { Reserved } from './reserve-order.js';

/**
 * The answer to a fresh reservation, built from what it just wrote (no read after commit): the order as
 * its buyer sees it, exactly as `publicOrderView` would read it back.
 */
export function freshReservationDto(
  r: Reserved,
  parts: OrderEventParts,
  locale: Locale,
  clientKey: string | null,
  now: Date,
  cardPayments: boolean,
): PublicOrderDto {
  const w = r.written!;
  const { event } = w.catalogue;
  const order: OrderRow = {
    id: w.id,
    account_id: event.account_id,
    event_id: event.id,
    short_id: w.shortId,
    order_number: w.orderNumber,
    checkout_token_hash: hashToken(r.checkoutToken),
    secret: r.orderSecret ?? '',
    link_sent_at: null,
    payment_method: null,
    charged_back_total: 0,
    invoice_details: null,
    status: 'RESERVED',
    payment_status: w.totals.total === 0 ? 'NO_PAYMENT_REQUIRED' : 'AWAITING_PAYMENT',
    payment_provider: null,
    channel: 'ONLINE',
    box_office_shift_id: null,
    box_office_payment: null,
    box_office_client_id: null,
    currency: event.currency,
    subtotal: w.totals.subtotal,
    discount_total: w.totals.discount_total,
    fee_total: w.totals.fee_total,
    tax_total: w.totals.tax_total,
    total: w.totals.total,
    refunded_total: 0,
    refund_pending_amount: null,
    promo_code_id: null,
    promo_code: w.promoCode,
    first_name: null,
    last_name: null,
    email: null,
    locale,
    reserved_until: w.reservedUntil,
    hold_extensions: 0,
    hold_released_at: null,
    client_key: clientKey,
    payment_intent_id: null,
    is_manually_created: false,
    affiliate_id: null,
    completed_at: null,
    cancelled_at: null,
    payment_due_at: null,
    payment_reminded_at: null,
    recovery_consent: false,
    recovery_token: null,
    change_xid: 0, // the trigger's (incremental sync); no buyer's answer shows it
    created_at: w.createdAt,
    updated_at: w.createdAt,
  };
  const people = w.attendees
    .filter((a) => a.is_admission)
    .map((a) => ({ ...a, first_name: null, last_name: null, email: null, status: 'RESERVED' as const }));
  const seats = new Map(
    people.flatMap((a) => {
      const place = a.seat_id !== null ? w.places?.byId.get(Number(a.seat_id)) : undefined;
      return place ? [[place.id, seatOf(place)] as const] : [];
    }),
  );
  return toPublicOrderDto({
    order,
    items: w.items,
    people,
    answers: [],
    parts,
    date: w.date,
    seats,
    token: r.checkoutToken,
    now,
    cardPayments,
  });
}
