import { z } from 'zod';

import type { Charge, UnitPrice } from '../domain/pricing.js';
import type { EventLifecycle } from '../enums.js';
import {
  EVENT_LIFECYCLES,
  INVOICE_MODES,
  type InvoiceMode,
  type Locale,
  LOCALES,
  ORDER_STATUSES,
  type OrderStatus,
} from '../enums.js';
import { LIMITS } from '../limits.js';
import { customIssue } from '../validation.js';
import { type EventColors, eventColorsOutSchema } from './accounts.js';
import { oneOf, personNameField } from './common.js';
import type { EventLocation } from './event-edit.js';
import {
  COVER_DISPLAYS,
  type CoverDisplay,
  eventLocationOutSchema,
  PRICE_DISPLAY_MODES,
  type PriceDisplayMode,
} from './event-edit.js';
import { type ImageDto, imageSchema } from './images.js';
import {
  checkoutInvoiceBody,
  type InvoiceDetails,
  invoiceDetailsSchema,
  type InvoiceSummaryDto,
  invoiceSummarySchema,
} from './invoices.js';
import { type OrderDateDto, orderDateSchema } from './order-dates.js';
import { type PublicCategoryDto, publicCategorySchema } from './product-categories.js';
import { PROMO_DISCOUNT_TYPES, type PromoDiscountType } from './promo-codes.js';
import { publicDateParam, type PublicEventDatesDto, publicEventDatesSchema } from './public-dates.js';
import { QUESTION_SCOPES, QUESTION_TYPES, type QuestionScope, type QuestionType } from './questions.js';
import { type SeatDto, seatSchema } from './seating.js';
import {
  PRODUCT_TYPES,
  type ProductType,
  TICKET_SALE_STATES,
  TICKET_TYPES,
  type TicketSaleState,
  type TicketType,
} from './tickets.js';
import { type WalletOfferDto, walletOfferSchema } from './wallet.js';

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
// Response schemas of the parts the buyer's answers share (plain: what was stored is answered, not checked again)
// ---------------------------------------------------------------------------------------------

/** `UnitPrice` (domain/pricing.ts) as a response schema. */
const chargeLineSchema = z.object({ id: z.number().int(), name: z.string(), amount: z.number().int() });
export const unitPriceSchema = z.object({
  base: z.number().int(),
  discount: z.number().int(),
  price: z.number().int(),
  fees: z.array(chargeLineSchema),
  taxes: z.array(chargeLineSchema),
  fee_total: z.number().int(),
  tax_total: z.number().int(),
  total: z.number().int(),
}) satisfies z.ZodType<UnitPrice>;

/** `Charge` (domain/pricing.ts) as a response schema. */
export const chargeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(['TAX', 'FEE']),
  calculation_type: z.enum(['PERCENTAGE', 'FIXED']),
  rate: z.number(),
}) satisfies z.ZodType<Charge>;

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

/** `AppliedPromoDto` as a response schema. */
export const appliedPromoSchema = z.object({
  code: z.string(),
  discount_type: z.enum(PROMO_DISCOUNT_TYPES),
  discount: z.number(),
  ticket_ids: z.array(z.number().int()),
}) satisfies z.ZodType<AppliedPromoDto>;
/** `GET /api/public/events/{id}/promo-codes/{code}` answers the check itself (no `data` envelope). */
export const publicPromoCheckResponse = z.object({
  valid: z.boolean(),
  promo: appliedPromoSchema.nullable(),
}) satisfies z.ZodType<PublicPromoCheckDto>;

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

/** `PublicTierDto` as a response schema. */
export const publicTierSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  sale_state: z.enum(TICKET_SALE_STATES),
  sale_start: z.string().nullable(),
  sale_end: z.string().nullable(),
  unit: unitPriceSchema,
  max_selectable: z.number().int(),
  remaining: z.number().int().nullable(),
}) satisfies z.ZodType<PublicTierDto>;

export interface PublicTicketDto {
  id: number;
  name: string;
  /** Sanitised HTML. */
  description: string | null;
  type: TicketType;
  /** TICKET admits a person; GENERAL is a product (no attendee details, no QR). */
  product_type: ProductType;
  /** A product sold only with tickets: at most this many per ticket in the order. */
  addon_max_per_ticket: number | null;
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
  /** The category it is listed under (one of the event's `categories`). */
  category_id: number;
  /** Sold out with a waitlist open: the page offers "Join the waitlist" instead of a quantity. */
  waitlist: boolean;
  /** With `waitlist`: the most one place may ask for (max per order, what the ticket could ever sell); else null. */
  waitlist_max: number | null;
  /** A pass: the dates one purchase admits on (those ahead it is sold on); null for other tickets. */
  pass: PublicPassDto | null;
}

/** What a pass covers, as a buyer reads it before buying. */
export interface PublicPassDto {
  /** How many dates it admits on. */
  date_count: number;
  /** The first and the last of them (ISO instants). */
  first_start: string;
  last_start: string;
  /** Priced by the dates that remain (the unit is already that share). */
  prorated: boolean;
  /** Any this many of those dates, picked by the holder after buying; null: every one of them. */
  picks?: number | null;
}

export const publicPassSchema = z.object({
  date_count: z.number().int(),
  first_start: z.string(),
  last_start: z.string(),
  prorated: z.boolean(),
  picks: z.number().int().nullable().optional(),
}) satisfies z.ZodType<PublicPassDto>;

/** `PublicTicketDto` as a response schema. */
export const publicTicketSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  type: z.enum(TICKET_TYPES),
  product_type: z.enum(PRODUCT_TYPES),
  addon_max_per_ticket: z.number().int().nullable(),
  sale_state: z.enum(TICKET_SALE_STATES),
  sale_start: z.string().nullable(),
  sale_end: z.string().nullable(),
  min_per_order: z.number().int(),
  max_per_order: z.number().int().nullable(),
  max_selectable: z.number().int(),
  remaining: z.number().int().nullable(),
  unit: unitPriceSchema.nullable(),
  min_price: z.number().int().nullable(),
  tiers: z.array(publicTierSchema),
  charges: z.array(chargeSchema),
  is_discounted: z.boolean(),
  unlocked_by_promo: z.boolean(),
  category_id: z.number().int(),
  waitlist: z.boolean(),
  waitlist_max: z.number().int().nullable(),
  pass: publicPassSchema.nullable(),
}) satisfies z.ZodType<PublicTicketDto>;

export interface PublicOrganizerDto {
  id: number;
  name: string;
  description: string | null;
  website: string | null;
  logo: ImageDto | null;
}

/** `PublicOrganizerDto` as a response schema. */
export const publicOrganizerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  website: z.string().nullable(),
  logo: imageSchema.nullable(),
}) satisfies z.ZodType<PublicOrganizerDto>;

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

/** `PublicEventSettingsDto` as a response schema. */
export const publicEventSettingsSchema = z.object({
  colors: eventColorsOutSchema,
  pre_checkout_message: z.string().nullable(),
  price_display_mode: z.enum(PRICE_DISPLAY_MODES),
  show_remaining_tickets: z.boolean(),
  cover_display: z.enum(COVER_DISPLAYS),
  seo_title: z.string().nullable(),
  seo_description: z.string().nullable(),
  seo_keywords: z.string().nullable(),
  allow_search_engine_indexing: z.boolean(),
  order_timeout_minutes: z.number().int(),
  support_email: z.string().nullable(),
  offline_payments_enabled: z.boolean(),
}) satisfies z.ZodType<PublicEventSettingsDto>;

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
  /** The categories with at least one visible ticket, in the organizer's order (hidden ones left out). */
  categories: PublicCategoryDto[];
  /**
   * Visible tickets in the organizer's order, category by category (hidden ones, those of hidden categories, and
   * promo-only ones without a code, left out).
   */
  tickets: PublicTicketDto[];
  /** The `promo_code` asked for, when it is valid. */
  promo: AppliedPromoDto | null;
  /** A `promo_code` was asked for and is not valid. */
  promo_invalid: boolean;
  /** `/event/{id}/{slug}` */
  url: string;
  /** The event's dates: which one the tickets are for, the next ones and the calendar. */
  dates: PublicEventDatesDto;
  /** A seated event: the tickets sold by seat (chosen on its plan, `GET .../seating`); empty otherwise. */
  seated_ticket_ids: number[];
}

/**
 * `PublicEventDto` as a response schema. Not on `GET /api/public/events/{id}` itself: that route sends
 * its answer already serialised and compressed from a cache (see public-events.routes.ts); for answers
 * that carry the same event, e.g. the organizer's preview.
 */
export const publicEventSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  timezone: z.string(),
  currency: z.string(),
  lifecycle: z.enum(EVENT_LIFECYCLES),
  is_online: z.boolean(),
  location: eventLocationOutSchema,
  cover_image: imageSchema.nullable(),
  organizer: publicOrganizerSchema,
  settings: publicEventSettingsSchema,
  categories: z.array(publicCategorySchema),
  tickets: z.array(publicTicketSchema),
  promo: appliedPromoSchema.nullable(),
  promo_invalid: z.boolean(),
  url: z.string(),
  dates: publicEventDatesSchema,
  seated_ticket_ids: z.array(z.number().int()),
}) satisfies z.ZodType<PublicEventDto>;
export const publicEventResponse = oneOf(publicEventSchema);

export const publicEventQuery = z.object({
  promo_code: z.string().trim().max(LIMITS.PROMO_CODE_MAX).optional(),
  /** The date whose tickets are listed (an event with several dates); one buyers cannot see is ignored. */
  date: publicDateParam,
});
export const publicEventParams = z.object({ eventId: z.coerce.number().int().positive().max(LIMITS.ID_MAX) });
export const publicPromoParams = z.object({
  eventId: z.coerce.number().int().positive().max(LIMITS.ID_MAX),
  code: z.string().trim().min(1).max(100),
});

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
  /**
   * Tickets sold by seat (a seated event's categories): the places chosen, one per unit (`quantity` of them), by the
   * ids the event's seating answer gives; a standing area's id once per place in it.
   */
  seats: z.array(z.number().int().positive().max(LIMITS.ID_MAX)).max(LIMITS.ORDER_UNITS_MAX).default([]),
});

/** `POST /api/public/events/{id}/order`: hold these tickets for the event's order timeout. */
export const reserveOrderBody = z
  .object({
    items: z.array(reserveItem).max(LIMITS.ORDER_LINES_MAX),
    promo_code: z
      .string()
      .trim()
      .max(LIMITS.PROMO_CODE_MAX)
      .nullish()
      .transform((v) => (v ? v : null)),
    /** The `?aff=CODE` the buyer arrived with; an unknown or disabled code simply attributes nothing. */
    affiliate_code: z
      .string()
      .trim()
      .max(LIMITS.PROMO_CODE_MAX)
      .nullish()
      .transform((v) => (v ? v : null)),
    /** The total the page showed; the server re-prices and refuses a different one (PRICE_CHANGED). */
    expected_total: z.number().int().min(0),
    locale: z.enum(LOCALES).optional(),
    /** The date the tickets are for; may be left out when the event has one date. */
    event_date_id: z.number().int().positive().max(LIMITS.ID_MAX).nullish(),
  })
  .superRefine((v, ctx) => {
    if (!v.items.some((i) => i.quantity > 0))
      ctx.addIssue({ code: 'custom', path: ['items'], ...customIssue('select_ticket'), input: v.items });
    if (v.items.reduce((s, i) => s + i.quantity, 0) > LIMITS.ORDER_UNITS_MAX)
      ctx.addIssue({
        code: 'custom',
        path: ['items'],
        ...customIssue('order_too_large', { max: LIMITS.ORDER_UNITS_MAX }),
        input: v.items,
      });
  });
export type ReserveOrderBody = z.input<typeof reserveOrderBody>;

// ---------------------------------------------------------------------------------------------
// Orders as the buyer sees them
// ---------------------------------------------------------------------------------------------

/** Order states a buyer can meet; RESERVED is a checkout in progress (expired once its hold runs out). */
export type BuyerOrderStatus = OrderStatus | 'RESERVED' | 'ABANDONED';
export type PaymentStatus =
  | 'NO_PAYMENT_REQUIRED'
  | 'AWAITING_PAYMENT'
  | 'PAYMENT_PROCESSING'
  | 'PAYMENT_RECEIVED'
  | 'PAYMENT_FAILED'
  | 'REFUNDED';
export type PaymentProvider = 'OFFLINE' | 'STRIPE' | 'MOLLIE' | 'MANUAL' | 'BOX_OFFICE';
export type AttendeeStatus = 'RESERVED' | 'AWAITING_PAYMENT' | 'ACTIVE' | 'CANCELLED' | 'ABANDONED';

// These types as response schemas.
export const buyerOrderStatusSchema = z.enum([
  ...ORDER_STATUSES,
  'RESERVED',
  'ABANDONED',
]) satisfies z.ZodType<BuyerOrderStatus>;
export const paymentStatusSchema = z.enum([
  'NO_PAYMENT_REQUIRED',
  'AWAITING_PAYMENT',
  'PAYMENT_PROCESSING',
  'PAYMENT_RECEIVED',
  'PAYMENT_FAILED',
  'REFUNDED',
]) satisfies z.ZodType<PaymentStatus>;
export const paymentProviderSchema = z.enum([
  'OFFLINE',
  'STRIPE',
  'MOLLIE',
  'MANUAL',
  'BOX_OFFICE',
]) satisfies z.ZodType<PaymentProvider>;
export const attendeeStatusSchema = z.enum([
  'RESERVED',
  'AWAITING_PAYMENT',
  'ACTIVE',
  'CANCELLED',
  'ABANDONED',
]) satisfies z.ZodType<AttendeeStatus>;

export interface OrderTotals {
  /** Before the promo discount, without taxes and fees. */
  subtotal: number;
  discount: number;
  fees: number;
  taxes: number;
  total: number;
}

/** `OrderTotals` as a response schema. */
export const orderTotalsSchema = z.object({
  subtotal: z.number().int(),
  discount: z.number().int(),
  fees: z.number().int(),
  taxes: z.number().int(),
  total: z.number().int(),
}) satisfies z.ZodType<OrderTotals>;

export interface PublicOrderItemDto {
  ticket_id: number;
  tier_id: number | null;
  ticket_name: string;
  tier_label: string | null;
  quantity: number;
  unit: UnitPrice;
  total: number;
}

/** `PublicOrderItemDto` as a response schema. */
export const publicOrderItemSchema = z.object({
  ticket_id: z.number().int(),
  tier_id: z.number().int().nullable(),
  ticket_name: z.string(),
  tier_label: z.string().nullable(),
  quantity: z.number().int(),
  unit: unitPriceSchema,
  total: z.number().int(),
}) satisfies z.ZodType<PublicOrderItemDto>;

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
  /**
   * A pass's ticket for one of its later dates: the code of its first date's ticket, whose holder it shares (named
   * once, at checkout, for the whole pass). Null otherwise.
   */
  pass_of?: string | null;
  /** A pass's ticket: the date it admits on (the order's date stands for every other ticket). */
  pass_date?: OrderDateDto | null;
  /** A seated event: where this ticket sits. */
  seat?: SeatDto | null;
}

/** `PublicAttendeeDto` as a response schema. */
export const publicAttendeeSchema = z.object({
  short_id: z.string(),
  ticket_id: z.number().int(),
  tier_id: z.number().int().nullable(),
  ticket_name: z.string(),
  tier_label: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  status: attendeeStatusSchema,
  pass_of: z.string().nullable().optional(),
  pass_date: orderDateSchema.nullable().optional(),
  seat: seatSchema.nullable().optional(),
}) satisfies z.ZodType<PublicAttendeeDto>;

/** A question the checkout asks (only visible ones). */
export interface PublicQuestionDto {
  id: number;
  title: string;
  /** Sanitised HTML. */
  description: string | null;
  type: QuestionType;
  /** The options as written: what an answer sends and stores. */
  options: string[];
  /**
   * The same options as the buyer reads them (the organizer's translation for the order's language, else as written).
   */
  option_labels: string[];
  required: boolean;
  applies_to: QuestionScope;
  /** Attendee questions: the tickets it is asked for; empty = every ticket. */
  ticket_ids: number[];
}

/** `PublicQuestionDto` as a response schema. */
export const publicQuestionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  type: z.enum(QUESTION_TYPES),
  options: z.array(z.string()),
  option_labels: z.array(z.string()),
  required: z.boolean(),
  applies_to: z.enum(QUESTION_SCOPES),
  ticket_ids: z.array(z.number().int()),
}) satisfies z.ZodType<PublicQuestionDto>;

/** An ADDRESS question's answer: a postal address in parts; `country` is an ISO 3166-1 alpha-2 code. */
export interface AddressAnswer {
  line1: string;
  line2: string;
  city: string;
  region: string;
  postal_code: string;
  country: string;
}
export const ADDRESS_PARTS = ['line1', 'line2', 'city', 'region', 'postal_code', 'country'] as const;
/** The parts a buyer must fill when the question is required (the rest are optional everywhere). */
export const REQUIRED_ADDRESS_PARTS = ['line1', 'city', 'country'] as const;

/**
 * A FILE question's answer: the uploaded file (`POST .../order/{shortId}/files`) as stored, kept private;
 * `type` is what the file's own bytes are, `name` the buyer's file name made safe.
 */
export interface FileAnswer {
  file_id: number;
  name: string;
  /** Bytes. */
  size: number;
  type: string;
}

/** `FileAnswer` as a response schema (the upload's answer, and a FILE question's stored answer). */
export const fileAnswerSchema = z.object({
  file_id: z.number().int(),
  name: z.string(),
  size: z.number().int(),
  type: z.string(),
}) satisfies z.ZodType<FileAnswer>;
export const fileAnswerResponse = oneOf(fileAnswerSchema);

export type AnswerValue = string | string[] | AddressAnswer | FileAnswer;

/** An answer as stored, as a response schema (no input limits). */
export const storedAnswerSchema = z.union([
  z.string(),
  z.array(z.string()),
  z.object({
    line1: z.string(),
    line2: z.string(),
    city: z.string(),
    region: z.string(),
    postal_code: z.string(),
    country: z.string(),
  }),
  fileAnswerSchema,
]);

/** An uploaded file's answer (it names its file by id). */
export const isFileAnswer = <T extends object>(
  v: string | string[] | T | null | undefined,
): v is Extract<T, { file_id: number }> => typeof v === 'object' && v !== null && !Array.isArray(v) && 'file_id' in v;

/** An address's answer: an object in parts (not a file's). */
export const isAddressAnswer = <T extends object>(
  v: string | string[] | T | null | undefined,
): v is Exclude<T, { file_id: number }> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !('file_id' in v);

export interface PublicAnswerDto {
  question_id: number;
  /** null: an order question. */
  attendee_short_id: string | null;
  question_title: string;
  answer: AnswerValue;
}

/** `PublicAnswerDto` as a response schema (the answer as stored, no input limits). */
export const publicAnswerSchema = z.object({
  question_id: z.number().int(),
  attendee_short_id: z.string().nullable(),
  question_title: z.string(),
  answer: storedAnswerSchema,
}) satisfies z.ZodType<PublicAnswerDto>;

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
  /** Whether the order gets an invoice: never, when the buyer asks at checkout, always (absent: never). */
  invoice_mode?: InvoiceMode;
}

/** `OrderEventDto` as a response schema. */
export const orderEventSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  timezone: z.string(),
  currency: z.string(),
  is_online: z.boolean(),
  location: eventLocationOutSchema,
  organizer_name: z.string(),
  colors: eventColorsOutSchema,
  support_email: z.string().nullable(),
  cover_image: imageSchema.nullable(),
  online_details: z.string().nullable(),
  post_checkout_message: z.string().nullable(),
  offline_payments_enabled: z.boolean(),
  card_payments_available: z.boolean(),
  offline_payment_instructions: z.string().nullable(),
  invoice_mode: z.enum(INVOICE_MODES).optional(),
}) satisfies z.ZodType<OrderEventDto>;

/**
 * What the buyer may do with a placed order themselves, and until when (the event's settings, the
 * order's state and the time; modules/self-service/policy.ts).
 */
export interface OrderSelfServiceDto {
  /** Attendee details (names, e-mails, the answers of `editable_questions`) may be corrected now. */
  can_edit: boolean;
  /** Until when (null: not allowed at all). */
  edit_until: string | null;
  /** Attendee questions whose answers the buyer may change (the organizer's choice). */
  editable_questions: PublicQuestionDto[];
  /** Tickets may be passed on to someone else now. */
  can_transfer: boolean;
  transfer_until: string | null;
  /** The order may be cancelled now. */
  can_cancel: boolean;
  cancel_until: string | null;
  /** Cancelling gives back what was paid (to the card). */
  cancel_refunds: boolean;
  /** The order may be moved to another date of the event now (`GET …/exchange` lists where). */
  can_exchange: boolean;
  exchange_until: string | null;
}

export const orderSelfServiceSchema = z.object({
  can_edit: z.boolean(),
  edit_until: z.string().nullable(),
  editable_questions: z.array(publicQuestionSchema),
  can_transfer: z.boolean(),
  transfer_until: z.string().nullable(),
  can_cancel: z.boolean(),
  cancel_until: z.string().nullable(),
  cancel_refunds: z.boolean(),
  can_exchange: z.boolean(),
  exchange_until: z.string().nullable(),
}) satisfies z.ZodType<OrderSelfServiceDto>;

/**
 * How the price difference of a move is settled: NONE (same total, or nothing paid and nothing owed), REFUND (cheaper:
 * the difference goes back to the card at once), ORGANIZER_REFUNDS (cheaper, paid offline: the organizer returns it),
 * OWED (an offline order still awaiting payment: it owes the new total), CARD (dearer: the buyer pays the difference by
 * card before the move), CARD_UNAVAILABLE (dearer, and the event takes no card payment: not possible).
 */
export const EXCHANGE_SETTLEMENTS = [
  'NONE',
  'REFUND',
  'ORGANIZER_REFUNDS',
  'OWED',
  'CARD',
  'CARD_UNAVAILABLE',
] as const;
export type ExchangeSettlement = (typeof EXCHANGE_SETTLEMENTS)[number];

/** A date the buyer's order may move to (`GET …/order/{shortId}/exchange`). */
export interface ExchangeDateDto {
  id: number;
  start_date: string;
  end_date: string | null;
  label: string | null;
  /** The date's own capacity has room for the order's tickets (a ticket's limit there is checked on the move). */
  enough: boolean;
  /** The order's total on that date (minor units of the order's currency), priced as a checkout prices. */
  total: number;
  /** `total` less the order's total now: above 0 dearer, below 0 cheaper. */
  difference: number;
  settlement: ExchangeSettlement;
}
export const exchangeDateSchema = z.object({
  id: z.number().int(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  label: z.string().nullable(),
  enough: z.boolean(),
  total: z.number().int(),
  difference: z.number().int(),
  settlement: z.enum(EXCHANGE_SETTLEMENTS),
}) satisfies z.ZodType<ExchangeDateDto>;
export const exchangeDatesResponse = z.object({ data: z.array(exchangeDateSchema) });
/** Move the order to this date of the event (one `GET …/exchange` offers). */
export const exchangeOrderBody = z.object({ event_date_id: z.number().int().positive().max(LIMITS.ID_MAX) });
export type ExchangeOrderBody = z.input<typeof exchangeOrderBody>;

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
  /** The date the order is for (its times and venue stand for the event's); null: an order without lines. */
  date: OrderDateDto | null;
  created_at: string;
  completed_at: string | null;
  /** An offline order not paid by then is cancelled (null: no deadline, or not awaiting payment). */
  payment_due_at: string | null;
  /** The server's clock when it answered, so a countdown can correct for the device's clock. */
  server_now: string;
  /** What the buyer may change themselves; null before the order is placed (a checkout in progress). */
  self_service: OrderSelfServiceDto | null;
  /** Passes of the order whose holder picks their dates (any N): how many are picked, and the dates left to pick. */
  pass_picks?: PassPicksDto[];
  /** The event mails buyers who leave the checkout, if they agree: the details step asks. */
  checkout_recovery?: boolean;
  /** The buyer agreed to that mail. */
  recovery_consent?: boolean;
  /** What the buyer gave for an invoice (absent or null: nothing). */
  invoice_details?: InvoiceDetails | null;
  /** The order's invoices and cancellation invoices, oldest first (absent: none). */
  invoices?: InvoiceSummaryDto[];
}

/** A pass for any N dates, as its order shows it: picks left and where (once the order is complete). */
export interface PassPicksDto {
  ticket_id: number;
  ticket_name: string;
  /** How many dates it admits on in all (its N times how many were bought). */
  picks: number;
  /** How many are picked (their tickets are the order's attendees). */
  picked: number;
  /** The dates that may be picked now: on sale, not begun, sold for the pass, not picked already. */
  choosable: OrderDateDto[];
}

export const passPicksSchema = z.object({
  ticket_id: z.number().int(),
  ticket_name: z.string(),
  picks: z.number().int(),
  picked: z.number().int(),
  choosable: z.array(orderDateSchema),
}) satisfies z.ZodType<PassPicksDto>;

/** A pass's holder picks a date (`POST /api/public/events/{id}/order/{shortId}/pass-picks`). */
export const passPickBody = z.object({
  ticket_id: z.number().int().positive().max(LIMITS.ID_MAX),
  event_date_id: z.number().int().positive().max(LIMITS.ID_MAX),
});
export type PassPickBody = z.input<typeof passPickBody>;

/** `PublicOrderDto` as a response schema. */
export const publicOrderSchema = z.object({
  short_id: z.string(),
  order_number: z.string(),
  status: buyerOrderStatusSchema,
  payment_status: paymentStatusSchema,
  payment_provider: paymentProviderSchema.nullable(),
  is_expired: z.boolean(),
  reserved_until: z.string().nullable(),
  hold_extended: z.boolean(),
  can_extend: z.boolean(),
  extensions_left: z.number().int(),
  details_complete: z.boolean(),
  is_owner: z.boolean(),
  currency: z.string(),
  totals: orderTotalsSchema,
  promo_code: z.string().nullable(),
  buyer: z.object({ first_name: z.string(), last_name: z.string(), email: z.string() }).nullable(),
  locale: z.enum(LOCALES),
  items: z.array(publicOrderItemSchema),
  attendees: z.array(publicAttendeeSchema),
  questions: z.array(publicQuestionSchema),
  answers: z.array(publicAnswerSchema),
  event: orderEventSchema,
  date: orderDateSchema.nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  payment_due_at: z.string().nullable(),
  server_now: z.string(),
  self_service: orderSelfServiceSchema.nullable(),
  pass_picks: z.array(passPicksSchema).optional(),
  checkout_recovery: z.boolean().optional(),
  recovery_consent: z.boolean().optional(),
  invoice_details: invoiceDetailsSchema.nullable().optional(),
  invoices: z.array(invoiceSummarySchema).optional(),
}) satisfies z.ZodType<PublicOrderDto>;
/** The order and every checkout step on it (details, extend, offline payment, card payment sync). */
export const publicOrderResponse = oneOf(publicOrderSchema);

export interface ReserveOrderResult {
  data: PublicOrderDto;
  /** Keep it (per event) and send it as `X-Checkout-Token` on every call about this order. */
  checkout_token: string;
  /** Keep it (per order) and send it as `X-Order-Secret` on every call about this order. */
  order_secret: string;
}

/** `ReserveOrderResult` as a response schema (`POST /api/public/events/{id}/order`, 201). */
export const reserveOrderResponse = z.object({
  data: publicOrderSchema,
  checkout_token: z.string(),
  order_secret: z.string(),
}) satisfies z.ZodType<ReserveOrderResult>;

/** `POST /api/public/events/{id}/order/{shortId}/resend-link` (202): the same answer whatever happened. */
export interface OrderLinkRequestedDto {
  requested: true;
}
export const orderLinkRequestedResponse = oneOf(
  z.object({ requested: z.literal(true) }) satisfies z.ZodType<OrderLinkRequestedDto>,
);

// ---------------------------------------------------------------------------------------------
// Details
// ---------------------------------------------------------------------------------------------

/** An address as typed: every part optional here (the server checks what the question requires). */
const addressInput = z
  .object({
    line1: z.string().max(200).default(''),
    line2: z.string().max(200).default(''),
    city: z.string().max(100).default(''),
    region: z.string().max(100).default(''),
    postal_code: z.string().max(20).default(''),
    country: z.string().max(2).default(''),
  })
  .strict();
/**
 * A FILE question's answer as sent: the id the upload answered. Its name, size and type may come along
 * (the answer as read, sent back); the stored ones are kept whatever they say.
 */
const fileInput = z
  .object({
    file_id: z.number().int().positive().max(LIMITS.ID_MAX),
    name: z.string().max(500).optional(),
    size: z.number().int().min(0).optional(),
    type: z.string().max(100).optional(),
  })
  .strict();
export const answerValue = z.union([
  z.string().max(5_000),
  z.array(z.string().max(500)).max(100),
  addressInput,
  fileInput,
]);
/** An answer as a client may send it (an address's parts may be left out). */
export type AnswerInput = z.input<typeof answerValue>;
/** Answers keyed by question id. Type and required checks happen on the server against the question. */
export const answersField = z.record(z.string().regex(/^\d+$/), answerValue).default({});

/**
 * `POST .../order/{shortId}/files`: which answer a FILE upload is for (the file itself is the multipart
 * body's `file`): an order question, or an attendee question of the attendee named by short id.
 */
export const answerFileQuery = z.object({
  question_id: z.coerce.number().int().positive().max(LIMITS.ID_MAX),
  attendee: z.string().min(1).max(40).optional(),
});

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
  /** The buyer agrees to one mail bringing them back should they not finish (where the event sends it). */
  recovery_consent: z.boolean().default(false),
  /** Invoice details, where the event issues invoices (absent: none asked for). */
  invoice: checkoutInvoiceBody.optional(),
});
export type OrderDetailsBody = z.input<typeof orderDetailsBody>;

export const publicOrderParams = z.object({
  eventId: z.coerce.number().int().positive().max(LIMITS.ID_MAX),
  shortId: z.string().min(1).max(40),
});
export const publicAttendeeParams = z.object({
  eventId: z.coerce.number().int().positive().max(LIMITS.ID_MAX),
  shortId: z.string().min(1).max(40),
});

// ---------------------------------------------------------------------------------------------
// The ticket page
// ---------------------------------------------------------------------------------------------

export const TICKET_STATES = ['VALID', 'CHECKED_IN', 'CANCELLED', 'AWAITING_PAYMENT'] as const;
export type TicketState = (typeof TICKET_STATES)[number];
const ticketStateSchema = z.enum(TICKET_STATES);

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
  /**
   * The ticket as the door sees it: VALID (admits), CHECKED_IN (admitted; `checked_in_at` says when),
   * CANCELLED (the ticket or its order), AWAITING_PAYMENT (admits once paid).
   */
  ticket_state: TicketState;
  /** ISO instant of the ticket's check-in; null unless CHECKED_IN. */
  checked_in_at: string | null;
  /** The text in the QR code (the attendee's short id); null when the ticket is not valid (cancelled, unpaid). */
  qr_code: string | null;
  /** Price paid for this ticket. */
  unit: UnitPrice | null;
  event: OrderEventDto;
  /** The date the ticket is for (its times and venue stand for the event's). */
  date: OrderDateDto;
  /** A pass's ticket: every date of the pass (its code admits on each, once); null for other tickets. */
  pass_dates?: OrderDateDto[] | null;
  /** The wallets this ticket can be added to (absent: none). */
  wallet?: WalletOfferDto;
}

/** `PublicTicketPageDto` as a response schema. */
export const publicTicketPageSchema = z.object({
  attendee: publicAttendeeSchema.omit({ email: true }),
  order_number: z.string(),
  order_status: buyerOrderStatusSchema,
  ticket_state: ticketStateSchema,
  checked_in_at: z.string().nullable(),
  qr_code: z.string().nullable(),
  unit: unitPriceSchema.nullable(),
  event: orderEventSchema,
  date: orderDateSchema,
  pass_dates: z.array(orderDateSchema).nullable().optional(),
  wallet: walletOfferSchema.optional(),
}) satisfies z.ZodType<PublicTicketPageDto>;
export const publicTicketPageResponse = oneOf(publicTicketPageSchema);

export const pageViewBody = z.object({ visitor_id: z.string().trim().min(8).max(64) });

/** `POST /api/public/events/{id}/order/{shortId}/card-payment`: what the Payment Element needs. */
export interface CardPaymentDto {
  client_secret: string;
  publishable_key: string;
  amount: number;
  currency: string;
}

/** `CardPaymentDto` as a response schema. */
export const cardPaymentSchema = z.object({
  client_secret: z.string(),
  publishable_key: z.string(),
  amount: z.number().int(),
  currency: z.string(),
}) satisfies z.ZodType<CardPaymentDto>;
export const cardPaymentResponse = oneOf(cardPaymentSchema);

/** A dearer date's difference, to pay by card before the order moves (`POST …/order/{shortId}/exchange`). */
export interface ExchangePaymentDto extends CardPaymentDto {
  exchange_id: number;
  event_date_id: number;
}
export const exchangePaymentSchema = cardPaymentSchema.extend({
  exchange_id: z.number().int(),
  event_date_id: z.number().int(),
}) satisfies z.ZodType<ExchangePaymentDto>;
/** The order as it now stands; `payment` when a dearer date waits for the difference (the order has not moved yet). */
export const exchangeOrderResponse = z.object({
  data: publicOrderSchema,
  payment: exchangePaymentSchema.nullable(),
});

/**
 * The buyer's latest exchange paid by card (`POST …/exchange/sync`, after the Payment Element confirmed): PAYING
 * (not paid yet, or still processing), APPLIED (paid and moved), REFUNDED (paid, but the date could no longer take
 * the order: the difference went back to the card), REPLACED (a newer try took its place).
 */
export const EXCHANGE_STATUSES = ['PAYING', 'APPLIED', 'REFUNDED', 'REPLACED'] as const;
export interface ExchangeStatusDto {
  id: number;
  status: (typeof EXCHANGE_STATUSES)[number];
  event_date_id: number;
  difference: number;
}
export const exchangeStatusSchema = z.object({
  id: z.number().int(),
  status: z.enum(EXCHANGE_STATUSES),
  event_date_id: z.number().int(),
  difference: z.number().int(),
}) satisfies z.ZodType<ExchangeStatusDto>;
export const exchangeSyncResponse = z.object({ data: publicOrderSchema, exchange: exchangeStatusSchema.nullable() });
export const exchangeSyncBody = z.object({ exchange_id: z.number().int().positive().max(LIMITS.ID_MAX) });

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
