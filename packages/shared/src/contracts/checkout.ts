import { z } from 'zod';
import { LOCALES, type Locale, type OrderStatus } from '../enums.js';
import { LIMITS } from '../limits.js';
import { customIssue } from '../validation.js';
import { personNameField } from './common.js';
import type { Charge, UnitPrice } from '../domain/pricing.js';
import type { EventColors } from './accounts.js';
import type { CoverDisplay, PriceDisplayMode } from './event-edit.js';
import type { EventLifecycle } from '../enums.js';
import type { EventLocation } from './event-edit.js';
import type { ImageDto } from './images.js';
import type { QuestionScope, QuestionType } from './questions.js';
import type { PromoDiscountType } from './promo-codes.js';
import type { TicketSaleState, TicketType } from './tickets.js';

/** The header that binds a checkout to the buyer's browser (returned once, on reservation). */
export const CHECKOUT_TOKEN_HEADER = 'x-checkout-token';
/**
 * The header that carries an order's secret on every public order call (`GET /events/{id}/order/{shortId}`
 * and its steps). Without it, or with a wrong one, the order is answered 404 like one that does not exist.
 * The secret comes with the reservation (`order_secret`) and in the buyer's e-mail links, after `#secret=`
 * (a fragment: browsers never send it to the server, so it stays out of server and proxy logs).
 */
export const ORDER_SECRET_HEADER = 'x-order-secret';
/** Repeat a reservation or completion with the same key and the first answer comes back. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** The buyer is warned this long before the hold runs out, and may extend it once. */
export const HOLD_WARNING_SECONDS = 120;
/** How often a buyer may extend a hold (WCAG 2.2.1 Timing Adjustable asks for at least ten). */
export const MAX_HOLD_EXTENSIONS = 10;
/** Each extension holds the tickets for the event's order timeout from then, at most this long. */
export const HOLD_EXTENSION_MAX_MINUTES = 10;

// ---------------------------------------------------------------------------------------------
// The public event page
// ---------------------------------------------------------------------------------------------

/** A promo code as the buyer sees it once it is applied. */
export interface AppliedPromoDto {
  code: string;
  discount_type: PromoDiscountType;
  /** A percentage, or minor units. */
  discount: number;
  /** Empty: every ticket. */
  ticket_ids: number[];
}

export interface PublicPromoCheckDto {
  valid: boolean;
  promo: AppliedPromoDto | null;
}

export interface PublicTierDto {
  id: number;
  label: string;
  sale_state: TicketSaleState;
  sale_start: string | null;
  sale_end: string | null;
  /** One unit, with the applied promo code (if any) and this ticket's taxes and fees. */
  unit: UnitPrice;
  /** How many a buyer may pick now (within max per order and what is left). */
  max_selectable: number;
  /** What is left, only when the organizer shows remaining tickets. */
  remaining: number | null;
}

export interface PublicTicketDto {
  id: number;
  name: string;
  /** Sanitised HTML. */
  description: string | null;
  type: TicketType;
  sale_state: TicketSaleState;
  sale_start: string | null;
  sale_end: string | null;
  min_per_order: number;
  max_per_order: number | null;
  /** How many a buyer may pick now (within max per order and what is left); 0 when not on sale. */
  max_selectable: number;
  /** What is left, only when the organizer shows remaining tickets; null otherwise or when unlimited. */
  remaining: number | null;
  /** One unit (FREE/PAID; DONATION at its minimum), with the promo and charges. TIERED: see tiers. */
  unit: UnitPrice | null;
  /** DONATION: the least a buyer may give per ticket. */
  min_price: number | null;
  tiers: PublicTierDto[];
  /** The ticket's taxes and fees, so the page can price a donation with the shared `priceUnit`. */
  charges: Charge[];
  /** The applied promo code lowers this ticket's price. */
  is_discounted: boolean;
  /** Shown only because a promo code unlocked it. */
  unlocked_by_promo: boolean;
}

export interface PublicOrganizerDto {
  id: number;
  name: string;
  description: string | null;
  website: string | null;
  logo: ImageDto | null;
}

export interface PublicEventSettingsDto {
  colors: EventColors;
  /** Sanitised HTML shown above the ticket selection. */
  pre_checkout_message: string | null;
  price_display_mode: PriceDisplayMode;
  show_remaining_tickets: boolean;
  cover_display: CoverDisplay;
  seo_title: string | null;
  seo_description: string | null;
  seo_keywords: string | null;
  allow_search_engine_indexing: boolean;
  order_timeout_minutes: number;
  support_email: string | null;
  offline_payments_enabled: boolean;
}

/** An event as a visitor sees it (`GET /api/public/events/{id}`); drafts and archived events are 404. */
export interface PublicEventDto {
  id: number;
  title: string;
  slug: string;
  /** Sanitised HTML. */
  description: string | null;
  start_date: string;
  end_date: string | null;
  timezone: string;
  currency: string;
  lifecycle: EventLifecycle;
  is_online: boolean;
  location: EventLocation;
  cover_image: ImageDto | null;
  organizer: PublicOrganizerDto;
  settings: PublicEventSettingsDto;
  /** Visible tickets in the organizer's order (hidden ones, and promo-only ones without a code, left out). */
  tickets: PublicTicketDto[];
  /** The `promo_code` asked for, when it is valid. */
  promo: AppliedPromoDto | null;
  /** A `promo_code` was asked for and is not valid. */
  promo_invalid: boolean;
  /** `/event/{id}/{slug}` */
  url: string;
}

export const publicEventQuery = z.object({ promo_code: z.string().trim().max(LIMITS.PROMO_CODE_MAX).optional() });
export const publicEventParams = z.object({ eventId: z.coerce.number().int().positive().max(LIMITS.ID_MAX) });
export const publicPromoParams = z.object({ eventId: z.coerce.number().int().positive().max(LIMITS.ID_MAX), code: z.string().trim().min(1).max(100) });

// ---------------------------------------------------------------------------------------------
// Reservation
// ---------------------------------------------------------------------------------------------

export const reserveItem = z.object({
  ticket_id: z.number().int().positive().max(LIMITS.ID_MAX),
  /** TIERED tickets: which tier. */
  tier_id: z.number().int().positive().max(LIMITS.ID_MAX).nullable().default(null),
  quantity: z.number().int().min(0).max(LIMITS.ORDER_UNITS_MAX),
  /** DONATION tickets: what the buyer gives per ticket (minor units, at least the minimum). */
  amount: z.number().int().min(0).max(100_000_000).nullable().default(null),
});

/** `POST /api/public/events/{id}/order`: hold these tickets for the event's order timeout. */
export const reserveOrderBody = z
  .object({
    items: z.array(reserveItem).max(LIMITS.ORDER_LINES_MAX),
    promo_code: z.string().trim().max(LIMITS.PROMO_CODE_MAX).nullish().transform((v) => (v ? v : null)),
    /** The `?aff=CODE` the buyer arrived with; an unknown or disabled code simply attributes nothing. */
    affiliate_code: z.string().trim().max(LIMITS.PROMO_CODE_MAX).nullish().transform((v) => (v ? v : null)),
    /** The total the page showed; the server re-prices and refuses a different one (PRICE_CHANGED). */
    expected_total: z.number().int().min(0),
    locale: z.enum(LOCALES).optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.items.some((i) => i.quantity > 0)) ctx.addIssue({ code: 'custom', path: ['items'], ...customIssue('select_ticket'), input: v.items });
    if (v.items.reduce((s, i) => s + i.quantity, 0) > LIMITS.ORDER_UNITS_MAX) ctx.addIssue({ code: 'custom', path: ['items'], ...customIssue('order_too_large', { max: LIMITS.ORDER_UNITS_MAX }), input: v.items });
  });
export type ReserveOrderBody = z.input<typeof reserveOrderBody>;

// ---------------------------------------------------------------------------------------------
// Orders as the buyer sees them
// ---------------------------------------------------------------------------------------------

/** Order states a buyer can meet; RESERVED is a checkout in progress (expired once its hold runs out). */
export type BuyerOrderStatus = OrderStatus | 'RESERVED' | 'ABANDONED';
export type PaymentStatus = 'NO_PAYMENT_REQUIRED' | 'AWAITING_PAYMENT' | 'PAYMENT_PROCESSING' | 'PAYMENT_RECEIVED' | 'PAYMENT_FAILED' | 'REFUNDED';
export type PaymentProvider = 'OFFLINE' | 'STRIPE' | 'MANUAL';
export type AttendeeStatus = 'RESERVED' | 'AWAITING_PAYMENT' | 'ACTIVE' | 'CANCELLED' | 'ABANDONED';

export interface OrderTotals {
  /** Before the promo discount, without taxes and fees. */
  subtotal: number;
  discount: number;
  fees: number;
  taxes: number;
  total: number;
}

export interface PublicOrderItemDto {
  ticket_id: number;
  tier_id: number | null;
  ticket_name: string;
  tier_label: string | null;
  quantity: number;
  unit: UnitPrice;
  total: number;
}

export interface PublicAttendeeDto {
  /** Public, unguessable; in ticket links and the QR code. */
  short_id: string;
  ticket_id: number;
  tier_id: number | null;
  ticket_name: string;
  tier_label: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  status: AttendeeStatus;
}

/** A question the checkout asks (only visible ones). */
export interface PublicQuestionDto {
  id: number;
  title: string;
  /** Sanitised HTML. */
  description: string | null;
  type: QuestionType;
  /** The options as written: what an answer sends and stores. */
  options: string[];
  /** The same options as the buyer reads them (the organizer's translation for the order's language, else as written). */
  option_labels: string[];
  required: boolean;
  applies_to: QuestionScope;
  /** Attendee questions: the tickets it is asked for; empty = every ticket. */
  ticket_ids: number[];
}

export type AnswerValue = string | string[];

export interface PublicAnswerDto {
  question_id: number;
  /** null: an order question. */
  attendee_short_id: string | null;
  question_title: string;
  answer: AnswerValue;
}

/** The event as an order page needs it. */
export interface OrderEventDto {
  id: number;
  title: string;
  slug: string;
  start_date: string;
  end_date: string | null;
  timezone: string;
  currency: string;
  is_online: boolean;
  location: EventLocation;
  organizer_name: string;
  colors: EventColors;
  support_email: string | null;
  cover_image: ImageDto | null;
  /** Sanitised HTML; only once the order is completed. */
  online_details: string | null;
  /** Sanitised HTML; only once the order is completed or awaiting offline payment. */
  post_checkout_message: string | null;
  offline_payments_enabled: boolean;
  /** Card payment through Stripe is possible for this event (the operator configured it). */
  card_payments_available: boolean;
  /** Sanitised HTML: how to pay offline (bank transfer, at the door). */
  offline_payment_instructions: string | null;
}

export interface PublicOrderDto {
  short_id: string;
  /** Human order number shown to buyer and organizer, and the payment reference. */
  order_number: string;
  status: BuyerOrderStatus;
  payment_status: PaymentStatus;
  payment_provider: PaymentProvider | null;
  /** RESERVED and the hold ran out: the buyer must start again. */
  is_expired: boolean;
  /** When the hold runs out (RESERVED only). */
  reserved_until: string | null;
  /** The hold has been extended at least once. */
  hold_extended: boolean;
  /** The hold may still be extended (RESERVED, fewer than MAX_HOLD_EXTENSIONS so far). */
  can_extend: boolean;
  /** Extensions still possible. */
  extensions_left: number;
  /** Details have been given (buyer and attendees). */
  details_complete: boolean;
  /** The request carried this order's checkout token: it may edit, extend and pay. */
  is_owner: boolean;
  currency: string;
  totals: OrderTotals;
  promo_code: string | null;
  buyer: { first_name: string; last_name: string; email: string } | null;
  locale: Locale;
  items: PublicOrderItemDto[];
  attendees: PublicAttendeeDto[];
  questions: PublicQuestionDto[];
  answers: PublicAnswerDto[];
  event: OrderEventDto;
  created_at: string;
  completed_at: string | null;
  /** An offline order not paid by then is cancelled (null: no deadline, or not awaiting payment). */
  payment_due_at: string | null;
  /** The server's clock when it answered, so a countdown can correct for the device's clock. */
  server_now: string;
}

export interface ReserveOrderResult {
  data: PublicOrderDto;
  /** Keep it (per event) and send it as `X-Checkout-Token` on every call about this order. */
  checkout_token: string;
  /** Keep it (per order) and send it as `X-Order-Secret` on every call about this order. */
  order_secret: string;
}

// ---------------------------------------------------------------------------------------------
// Details
// ---------------------------------------------------------------------------------------------

export const answerValue = z.union([z.string().max(5_000), z.array(z.string().max(500)).max(100)]);
/** Answers keyed by question id. Type and required checks happen on the server against the question. */
export const answersField = z.record(z.string().regex(/^\d+$/), answerValue).default({});

export const orderDetailsBody = z.object({
  first_name: personNameField,
  last_name: personNameField,
  email: z.string().trim().toLowerCase().max(LIMITS.EMAIL_MAX).pipe(z.email()),
  attendees: z
    .array(
      z.object({
        short_id: z.string().min(1).max(40),
        first_name: personNameField,
        last_name: personNameField,
        email: z.string().trim().toLowerCase().max(LIMITS.EMAIL_MAX).pipe(z.email()),
        answers: answersField,
      }),
    )
    .max(1000),
  /** Order questions. */
  answers: answersField,
  locale: z.enum(LOCALES).optional(),
});
export type OrderDetailsBody = z.input<typeof orderDetailsBody>;

export const publicOrderParams = z.object({ eventId: z.coerce.number().int().positive().max(LIMITS.ID_MAX), shortId: z.string().min(1).max(40) });
export const publicAttendeeParams = z.object({ eventId: z.coerce.number().int().positive().max(LIMITS.ID_MAX), shortId: z.string().min(1).max(40) });

// ---------------------------------------------------------------------------------------------
// The ticket page
// ---------------------------------------------------------------------------------------------

/** The ticket's holder as their own ticket link shows them (no e-mail: the link is in a QR code others scan). */
export type PublicTicketAttendeeDto = Omit<PublicAttendeeDto, 'email'>;

/**
 * A ticket by its link: that one attendee, their ticket and QR code, and the event. Never the order's
 * other attendees, its buyer, or a way to the whole order (that needs the order's secret).
 */
export interface PublicTicketPageDto {
  attendee: PublicTicketAttendeeDto;
  order_number: string;
  order_status: BuyerOrderStatus;
  /** The text in the QR code (the attendee's short id); null when the ticket is not valid (cancelled, unpaid). */
  qr_code: string | null;
  /** Price paid for this ticket. */
  unit: UnitPrice | null;
  event: OrderEventDto;
}

export const pageViewBody = z.object({ visitor_id: z.string().trim().min(8).max(64) });

/** `POST /api/public/events/{id}/order/{shortId}/card-payment`: what the Payment Element needs. */
export interface CardPaymentDto {
  client_secret: string;
  publishable_key: string;
  amount: number;
  currency: string;
}

/** `POST /api/events/{id}/orders/{orderId}/refund`: all that remains when no amount is given. */
export const refundOrderBody = z.preprocess(
  (v) => v ?? {},
  z.object({
    /** Minor units; at most what remains to refund. */
    amount: z.number().int().min(1).optional(),
    /** Also cancel the order (its tickets return to the pool). */
    cancel_order: z.boolean().default(false),
    /** E-mail the buyer once the provider has accepted the refund. */
    notify_buyer: z.boolean().default(true),
  }),
);
export type RefundOrderBody = z.input<typeof refundOrderBody>;
