import type { BuyerOrderStatus, PaymentProvider, PaymentStatus } from '@admitone/shared';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * Filled badge shades of the SPEC §4 colours with white text at 4.5:1 or more (axe): Mantine's
 * darkest orange (orange.9) reaches only 4.3:1, so orange is a deeper one.
 */
export const STATUS_BADGE_COLORS: Record<'orange' | 'red' | 'teal', string> = {
  orange: '#c2410c',
  red: 'red.9',
  teal: 'teal.9',
};

export const ORDER_STATUS_LABELS: Record<BuyerOrderStatus, MessageDescriptor> = {
  RESERVED: msg`Reserved`,
  ABANDONED: msg`Abandoned`,
  AWAITING_PAYMENT: msg`Awaiting payment`,
  PROCESSING: msg`Processing`,
  COMPLETED: msg`Completed`,
  CANCELLED: msg`Cancelled`,
  REFUND_PENDING: msg`Refund pending`,
  PARTIALLY_REFUNDED: msg`Partially refunded`,
  REFUNDED: msg`Refunded`,
  REFUND_FAILED: msg`Refund failed`,
  PAYMENT_FAILED: msg`Payment failed`,
};

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, MessageDescriptor> = {
  NO_PAYMENT_REQUIRED: msg`No payment required`,
  AWAITING_PAYMENT: msg`Awaiting payment`,
  PAYMENT_PROCESSING: msg`Payment processing`,
  PAYMENT_RECEIVED: msg`Payment received`,
  PAYMENT_FAILED: msg`Payment failed`,
  REFUNDED: msg`Refunded`,
};

export const PAYMENT_PROVIDER_LABELS: Record<PaymentProvider, MessageDescriptor> = {
  OFFLINE: msg`Offline payment`,
  STRIPE: msg`Card (Stripe)`,
  MOLLIE: msg`Mollie`,
  MANUAL: msg`Added by the organizer`,
  BOX_OFFICE: msg`Box office`,
};

/** What each order history entry (`order_events.kind`) says. */
const ORDER_EVENT_LABELS: Record<string, MessageDescriptor> = {
  RESERVED: msg`Checkout started`,
  COMPLETED: msg`Order completed`,
  AWAITING_PAYMENT: msg`Waiting for an offline payment`,
  MARKED_PAID: msg`Marked as paid`,
  PAYMENT_SUCCEEDED: msg`Card payment received`,
  PAYMENT_FAILED: msg`Card payment failed`,
  CANCELLED: msg`Order cancelled`,
  REFUND_REQUESTED: msg`Refund requested`,
  REFUNDED: msg`Refunded`,
  REFUND_FAILED: msg`Refund failed`,
  LATE_PAYMENT_REFUNDED: msg`Late payment refunded automatically`,
  CHARGEBACK: msg`Payment charged back by the buyer's bank`,
  DUPLICATE_PAYMENT_REFUNDED: msg`Duplicate payment refunded automatically`,
  BUYER_EDITED: msg`Buyer details edited`,
  INVOICE_DETAILS_EDITED: msg`Invoice details corrected: the invoice was issued again`,
  CONFIRMATION_RESENT: msg`Confirmation e-mail sent again`,
  LINK_SENT: msg`Order link e-mailed to the buyer`,
  ATTENDEE_CANCELLED: msg`Attendee cancelled`,
  ATTENDEE_REACTIVATED: msg`Attendee reactivated`,
  ATTENDEE_EDITED: msg`Attendee details edited`,
  ATTENDEE_MOVED: msg`Attendee moved to another ticket`,
  TICKET_RESENT: msg`Ticket e-mail sent again`,
  MESSAGE_SENT: msg`Message sent`,
  MANUALLY_CREATED: msg`Created by the organizer`,
  BOX_OFFICE_SALE: msg`Sold at the box office`,
  PAYMENT_REMINDED: msg`Payment reminder sent`,
  PAYMENT_OVERDUE: msg`Not paid by the deadline`,
  DATE_MOVED: msg`Date moved: the buyer was told the new time`,
  DATE_EXCHANGED: msg`Moved to another date by the buyer`,
  EXCHANGE_REFUNDED: msg`Price difference of a date change refunded to the card`,
  ATTENDEE_EDITED_BY_BUYER: msg`Attendee details corrected by the buyer`,
  TICKET_RESENT_BY_BUYER: msg`Ticket e-mail sent again at the buyer's request`,
  TICKET_TRANSFERRED: msg`Ticket passed on by the buyer`,
  CANCELLED_BY_BUYER: msg`Order cancelled by the buyer`,
  PASS_DATE_PICKED: msg`Date picked for a pass by the buyer`,
  WAITLIST_OFFERED: msg`Held for a person on the waitlist`,
};
const UNKNOWN_EVENT = msg`Order updated`;

/** Entries whose cause changes what they say: the organizer cancelled the order's date. */
/** Entries the organizer made that the buyer could also make themselves. */
const BY_ORGANIZER_LABELS: Record<string, MessageDescriptor> = {
  DATE_EXCHANGED: msg`Moved to another date by the organizer`,
};

/** A dearer date's payment that could not be used: the date filled up meanwhile, or the buyer had tried again. */
const EXCHANGE_UNUSED_LABELS: Record<string, MessageDescriptor> = {
  date_full: msg`Date change payment refunded: the new date had filled up`,
  replaced: msg`Date change payment refunded: the buyer had started a newer one`,
  order_changed: msg`Date change payment refunded: the order had changed meanwhile`,
};

const DATE_CANCELLED_LABELS: Record<string, MessageDescriptor> = {
  CANCELLED: msg`Order cancelled: its date was cancelled`,
  LATE_PAYMENT_REFUNDED: msg`Payment refunded automatically: its date was cancelled`,
  ATTENDEE_CANCELLED: msg`A pass's ticket cancelled: its date was cancelled`,
};

export const orderEventLabel = (kind: string, data: Record<string, unknown> = {}): MessageDescriptor =>
  (data.reason === 'date_cancelled' ? DATE_CANCELLED_LABELS[kind] : undefined) ??
  (kind === 'EXCHANGE_REFUNDED' && typeof data.reason === 'string' ? EXCHANGE_UNUSED_LABELS[data.reason] : undefined) ??
  (data.by_organizer === true ? BY_ORGANIZER_LABELS[kind] : undefined) ??
  ORDER_EVENT_LABELS[kind] ??
  UNKNOWN_EVENT;
