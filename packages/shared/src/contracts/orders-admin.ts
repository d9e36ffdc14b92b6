import { z } from 'zod';

import { ORDER_STATUSES } from '../enums.js';
import { LIMITS } from '../limits.js';
import {
  type AnswerValue,
  answerValue,
  type AttendeeStatus,
  attendeeStatusSchema,
  type BuyerOrderStatus,
  buyerOrderStatusSchema,
  type OrderTotals,
  orderTotalsSchema,
  type PaymentProvider,
  paymentProviderSchema,
  type PaymentStatus,
  paymentStatusSchema,
  type PublicOrderItemDto,
  publicOrderItemSchema,
  storedAnswerSchema,
} from './checkout.js';
import { emailField, listQuery, oneOf, pageOf, personNameField, personRefSchema, syncListFields } from './common.js';
import { type InvoiceDetails, invoiceDetailsSchema } from './invoices.js';
import { type OrderDateDto, orderDateSchema } from './order-dates.js';
import { QUESTION_TYPES, type QuestionType } from './questions.js';
import { type SeatDto, seatSchema } from './seating.js';

/** Order statuses an organizer sees (checkouts in progress are not orders yet). */
export const ORGANIZER_ORDER_STATUSES = ORDER_STATUSES;
/** Answers keyed by question id; absent = leave the answers as they are. */
const answersEdit = z.record(z.string().regex(/^\d+$/), answerValue).optional();

export const PAYMENT_STATUSES = [
  'NO_PAYMENT_REQUIRED',
  'AWAITING_PAYMENT',
  'PAYMENT_PROCESSING',
  'PAYMENT_RECEIVED',
  'PAYMENT_FAILED',
  'REFUNDED',
] as const;

/**
 * `created_at`: when the buyer placed the order; `completed_at`: when it was completed (paid, or free and confirmed),
 * unfinished orders last.
 */
export const ORDER_SORTS = [
  'created_at',
  'completed_at',
  'order_number',
  'last_name',
  'email',
  'total',
  'status',
] as const;
const csvInts = z
  .union([z.coerce.number().int().positive().max(LIMITS.ID_MAX), z.string().regex(/^\d+(,\d+)*$/)])
  .transform((v) => (typeof v === 'number' ? [v] : v.split(',').map(Number)))
  .pipe(z.array(z.number().int().positive().max(LIMITS.ID_MAX)));
/** One of the event's dates (another event's answers 422 on the field). */
const dateFilter = z.coerce.number().int().positive().max(LIMITS.ID_MAX);
export const orderListQuery = listQuery(ORDER_SORTS, {
  status: z.enum(ORDER_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  ticket_id: csvInts,
  affiliate_id: z.coerce.number().int().positive().max(LIMITS.ID_MAX),
  event_date_id: dateFilter,
});
export type OrderListQuery = z.input<typeof orderListQuery>;
/**
 * The organizer's and integrators' order list: offset pages, or incremental sync (`syncListFields`). Exports take
 * `orderListQuery`.
 */
export const orderSyncListQuery = orderListQuery.extend(syncListFields);

export const orderParams = z.object({
  eventId: z.coerce.number().int().positive().max(LIMITS.ID_MAX),
  orderId: z.coerce.number().int().positive().max(LIMITS.ID_MAX),
});
/** `GET /events/{eventId}/orders/{orderId}/files/{fileId}`: a file a buyer uploaded as an answer. */
export const orderFileParams = orderParams.extend({
  fileId: z.coerce.number().int().positive().max(LIMITS.ID_MAX),
});
export const attendeeParams = z.object({
  eventId: z.coerce.number().int().positive().max(LIMITS.ID_MAX),
  attendeeId: z.coerce.number().int().positive().max(LIMITS.ID_MAX),
});

export interface PersonRef {
  id: number;
  name: string;
}

/** A row of the organizer's order list. */
export interface OrderSummaryDto {
  id: number;
  short_id: string;
  order_number: string;
  status: BuyerOrderStatus;
  payment_status: PaymentStatus;
  payment_provider: PaymentProvider | null;
  /** How the buyer paid at the provider (Mollie's method id: ideal, bancontact, creditcard...), when known. */
  payment_method: string | null;
  /** What the buyer's bank took back from the provider (chargebacks), in minor units. */
  charged_back_total: number;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  currency: string;
  total: number;
  refunded_total: number;
  /** Number of tickets (attendee rows) in the order. */
  ticket_count: number;
  is_manually_created: boolean;
  affiliate: { id: number; name: string; code: string } | null;
  promo_code: string | null;
  created_at: string;
  completed_at: string | null;
  /** An offline order not paid by then is cancelled (null: no deadline, or not awaiting payment). */
  payment_due_at: string | null;
  /** The date the order is for (null: an order without lines). */
  date: OrderDateDto | null;
}

/** `OrderSummaryDto` as a response schema (the order list). */
export const orderSummarySchema = z.object({
  id: z.number().int(),
  short_id: z.string(),
  order_number: z.string(),
  status: buyerOrderStatusSchema,
  payment_status: paymentStatusSchema,
  payment_provider: paymentProviderSchema.nullable(),
  payment_method: z.string().nullable(),
  charged_back_total: z.number().int(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  currency: z.string(),
  total: z.number().int(),
  refunded_total: z.number().int(),
  ticket_count: z.number().int(),
  is_manually_created: z.boolean(),
  affiliate: z.object({ id: z.number().int(), name: z.string(), code: z.string() }).nullable(),
  promo_code: z.string().nullable(),
  created_at: z.iso.datetime({ offset: true }),
  completed_at: z.iso.datetime({ offset: true }).nullable(),
  payment_due_at: z.iso.datetime({ offset: true }).nullable(),
  date: orderDateSchema.nullable(),
}) satisfies z.ZodType<OrderSummaryDto>;
export const orderListResponse = pageOf(orderSummarySchema);

export interface AdminAnswerDto {
  question_id: number;
  question_title: string;
  /** How to show the answer (a YES_NO answer is 'yes' or 'no'). */
  question_type: QuestionType;
  /** null: an order question. */
  attendee_id: number | null;
  answer: AnswerValue;
}

export interface OrderHistoryEntryDto {
  id: number;
  kind: string;
  by: PersonRef | null;
  data: Record<string, unknown>;
  at: string;
}

/** What the organizer may do with an order now (the screen shows only these actions). */
export interface OrderActionsDto {
  cancel: boolean;
  mark_as_paid: boolean;
  /** A card payment with something left to refund and no refund pending. */
  refund: boolean;
  resend_confirmation: boolean;
  edit_buyer: boolean;
  message_buyer: boolean;
  /** Mail the buyer the link to their order page (an order that has a buyer and was confirmed to them). */
  send_link: boolean;
  /** Move the order to another date of the event (one that stands: completed, awaiting payment, partly refunded). */
  change_date: boolean;
}

/**
 * `GET /events/{eventId}/orders/{orderId}/buyer-link`: the buyer's order page with the order's secret (a
 * path on the app's address), for a signed-in organizer to pass on; API keys are refused, and no other
 * answer or webhook carries the secret.
 */
export interface BuyerLinkDto {
  path: string;
}
export const buyerLinkSchema = z.object({ path: z.string() }) satisfies z.ZodType<BuyerLinkDto>;

export interface OrderDetailDto extends OrderSummaryDto {
  locale: string;
  totals: OrderTotals;
  /** Card payments: what can still be refunded (total - refunded - pending). */
  refundable: number;
  refund_pending_amount: number | null;
  payment_intent_id: string | null;
  items: PublicOrderItemDto[];
  attendees: AttendeeDto[];
  answers: AdminAnswerDto[];
  history: OrderHistoryEntryDto[];
  actions: OrderActionsDto;
  cancelled_at: string | null;
  /** Its passes for any N dates: how many dates each admits on in all, and how many the holder has picked. */
  pass_picks?: Array<{ ticket_id: number; picks: number; picked: number }>;
  /** The buyer's invoice details (company, address, VAT number), when given. */
  invoice_details?: InvoiceDetails | null;
}

export const adminAnswerSchema = z.object({
  question_id: z.number().int(),
  question_title: z.string(),
  question_type: z.enum(QUESTION_TYPES),
  attendee_id: z.number().int().nullable(),
  /** As stored (no input limits). */
  answer: storedAnswerSchema,
}) satisfies z.ZodType<AdminAnswerDto>;

export const orderHistoryEntrySchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  by: personRefSchema.nullable(),
  data: z.record(z.string(), z.unknown()),
  at: z.string(),
}) satisfies z.ZodType<OrderHistoryEntryDto>;

export const orderActionsSchema = z.object({
  cancel: z.boolean(),
  mark_as_paid: z.boolean(),
  refund: z.boolean(),
  resend_confirmation: z.boolean(),
  edit_buyer: z.boolean(),
  message_buyer: z.boolean(),
  send_link: z.boolean(),
  change_date: z.boolean(),
}) satisfies z.ZodType<OrderActionsDto>;

/** `POST /events/{eventId}/orders/{orderId}/date`: the order moves to this date of the event. */
export const changeOrderDateBody = z.object({
  event_date_id: z.number().int().positive().max(LIMITS.ID_MAX),
  /** Mail the buyer (and holders at their own addresses) the new date with calendar files. */
  notify_buyer: z.boolean().default(true),
});
export type ChangeOrderDateBody = z.input<typeof changeOrderDateBody>;

export const editBuyerBody = z.object({
  first_name: personNameField,
  last_name: personNameField,
  email: emailField,
  /** Order question answers, keyed by question id; checked like at checkout. */
  answers: answersEdit,
});
export type EditBuyerBody = z.input<typeof editBuyerBody>;

// ---------- attendees ----------

export const ATTENDEE_SORTS = ['last_name', 'first_name', 'email', 'created_at', 'ticket', 'checked_in_at'] as const;
export const ATTENDEE_FILTER_STATUSES = ['ACTIVE', 'AWAITING_PAYMENT', 'CANCELLED'] as const;
export const attendeeListQuery = listQuery(ATTENDEE_SORTS, {
  ticket_id: csvInts,
  status: z.enum(ATTENDEE_FILTER_STATUSES),
  checked_in: z.enum(['true', 'false']).transform((v) => v === 'true'),
  event_date_id: dateFilter,
});
export type AttendeeListQuery = z.input<typeof attendeeListQuery>;
/**
 * The attendee list of `/events/{id}/attendees`: offset pages, or incremental sync (`syncListFields`). Check-in and
 * exports take `attendeeListQuery`.
 */
export const attendeeSyncListQuery = attendeeListQuery.extend(syncListFields);

/** An admission as the organizer sees it (list row, check-in list, order detail). */
export interface AttendeeDto {
  id: number;
  short_id: string;
  order_id: number;
  order_number: string;
  order_status: BuyerOrderStatus;
  ticket_id: number;
  tier_id: number | null;
  ticket_name: string;
  tier_label: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  status: AttendeeStatus;
  checked_in_at: string | null;
  checked_in_by: PersonRef | null;
  created_at: string;
  /** The date the ticket is for. */
  date: OrderDateDto;
  /** A seated event: where the ticket sits (null: no seat). */
  seat: SeatDto | null;
}

/** `AttendeeDto` as a response schema (the check-in routes answer with it). */
export const attendeeDtoSchema = z.object({
  id: z.number().int(),
  short_id: z.string(),
  order_id: z.number().int(),
  order_number: z.string(),
  order_status: buyerOrderStatusSchema,
  ticket_id: z.number().int(),
  tier_id: z.number().int().nullable(),
  ticket_name: z.string(),
  tier_label: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  status: attendeeStatusSchema,
  checked_in_at: z.iso.datetime({ offset: true }).nullable(),
  checked_in_by: personRefSchema.nullable(),
  created_at: z.iso.datetime({ offset: true }),
  date: orderDateSchema,
  seat: seatSchema.nullable(),
}) satisfies z.ZodType<AttendeeDto>;
export const attendeeListResponse = pageOf(attendeeDtoSchema);

/**
 * `OrderDetailDto` as a response schema (the order detail and every action on an order); here, as it nests
 * `attendeeDtoSchema`.
 */
export const orderDetailSchema = orderSummarySchema.extend({
  locale: z.string(),
  totals: orderTotalsSchema,
  refundable: z.number().int(),
  refund_pending_amount: z.number().int().nullable(),
  payment_intent_id: z.string().nullable(),
  items: z.array(publicOrderItemSchema),
  attendees: z.array(attendeeDtoSchema),
  answers: z.array(adminAnswerSchema),
  history: z.array(orderHistoryEntrySchema),
  actions: orderActionsSchema,
  cancelled_at: z.iso.datetime({ offset: true }).nullable(),
  pass_picks: z
    .array(z.object({ ticket_id: z.number().int(), picks: z.number().int(), picked: z.number().int() }))
    .optional(),
  invoice_details: invoiceDetailsSchema.nullable().optional(),
}) satisfies z.ZodType<OrderDetailDto>;
export const orderDetailResponse = oneOf(orderDetailSchema);

export interface CheckInEntryDto {
  id: number;
  action: 'CHECK_IN' | 'CHECK_OUT';
  by: PersonRef | null;
  /** Made through the list's staff link (no person). */
  via_staff_link: boolean;
  /** The list it was made on (null: deleted since); `list_name` null with an id: the default name. */
  list_id: number | null;
  list_name: string | null;
  /** The device as its browser named itself (e.g. "Chrome on Android"). */
  device: string | null;
  scanned_at: string;
  at: string;
}

export interface AttendeeDetailDto extends AttendeeDto {
  locale: string;
  answers: AdminAnswerDto[];
  check_ins: CheckInEntryDto[];
  /** The order is a manual one (created by the organizer). */
  is_manually_created: boolean;
}

export const checkInEntrySchema = z.object({
  id: z.number().int(),
  action: z.enum(['CHECK_IN', 'CHECK_OUT']),
  by: personRefSchema.nullable(),
  via_staff_link: z.boolean(),
  list_id: z.number().int().nullable(),
  list_name: z.string().nullable(),
  device: z.string().nullable(),
  scanned_at: z.iso.datetime({ offset: true }),
  at: z.iso.datetime({ offset: true }),
}) satisfies z.ZodType<CheckInEntryDto>;

/** `AttendeeDetailDto` as a response schema (the attendee detail and every action on an attendee). */
export const attendeeDetailSchema = attendeeDtoSchema.extend({
  locale: z.string(),
  answers: z.array(adminAnswerSchema),
  check_ins: z.array(checkInEntrySchema),
  is_manually_created: z.boolean(),
}) satisfies z.ZodType<AttendeeDetailDto>;
export const attendeeDetailResponse = oneOf(attendeeDetailSchema);

export const editAttendeeBody = z.object({
  first_name: personNameField,
  last_name: personNameField,
  email: emailField,
  /** Move to another ticket (and tier) of the event, if its stock allows. */
  ticket_id: z.number().int().positive().max(LIMITS.ID_MAX).optional(),
  tier_id: z.number().int().positive().max(LIMITS.ID_MAX).nullable().optional(),
  /** Attendee question answers, keyed by question id. */
  answers: answersEdit,
});
export type EditAttendeeBody = z.input<typeof editAttendeeBody>;

/** Seat an attendee elsewhere on the event's plan (a place id of `GET .../seating/places`), on its date. */
export const moveAttendeeSeatBody = z.object({
  seat_id: z.number().int().positive().max(LIMITS.ID_MAX),
  /** Mail the attendee the ticket again (it names the new seat). */
  send_ticket: z.boolean().default(true),
});
export type MoveAttendeeSeatBody = z.input<typeof moveAttendeeSeatBody>;

/** Create an attendee by hand: a completed manual order (never refundable through Stripe). */
export const createAttendeeBody = z.object({
  ticket_id: z.number().int().positive().max(LIMITS.ID_MAX),
  tier_id: z.number().int().positive().max(LIMITS.ID_MAX).nullable().default(null),
  /** The date the ticket is for; may be left out when the event has one date (not cancelled). */
  event_date_id: z.number().int().positive().max(LIMITS.ID_MAX).nullish(),
  /** A ticket sold by seat: its place on the event's plan (a held seat too; not a killed or taken one). */
  seat_id: z.number().int().positive().max(LIMITS.ID_MAX).nullish(),
  first_name: personNameField,
  last_name: personNameField,
  email: emailField,
  /** Amount paid (minor units), e.g. cash at the door; 0 for a comp. */
  amount_paid: z.number().int().min(0).max(LIMITS.MONEY_MAX).default(0),
  send_ticket: z.boolean().default(true),
  locale: z.string().max(10).optional(),
});
export type CreateAttendeeBody = z.input<typeof createAttendeeBody>;
