import { z } from 'zod';

import type { Charge } from '../domain/pricing.js';
import { LOCALES } from '../enums.js';
import { LIMITS } from '../limits.js';
import { answersField, chargeSchema, type PublicQuestionDto, publicQuestionSchema, reserveItem } from './checkout.js';
import { oneOf } from './common.js';

/**
 * The box office (issue #41): staff sell at the door in shifts. A shift opens with a float of cash and closes with the
 * cash counted per denomination; every sale in it is a completed order of the BOX_OFFICE channel, paid in cash, on an
 * external card terminal, or given free (complimentary, with a reason).
 */

/** How a box-office sale is paid (CARD_STRIPE: a card through Stripe's Payment Element on the staff device). */
export const BOX_OFFICE_METHODS = ['CASH', 'CARD_TERMINAL', 'COMPLIMENTARY', 'CARD_STRIPE'] as const;
export type BoxOfficeMethod = (typeof BOX_OFFICE_METHODS)[number];

/** Where an order was sold: online (the event page, the widget, the API) or at the box office. */
export const SALES_CHANNELS = ['ONLINE', 'BOX_OFFICE'] as const;
export type SalesChannel = (typeof SALES_CHANNELS)[number];

const money = z.number().int().min(0).max(LIMITS.ORDER_TOTAL_MAX);
const idParam = z.coerce.number().int().positive().max(LIMITS.ID_MAX);

export const boxOfficeParams = z.object({ eventId: idParam });
export const boxOfficeShiftParams = z.object({ eventId: idParam, shiftId: idParam });
export const boxOfficeSaleParams = z.object({ eventId: idParam, orderId: idParam });

/** `POST /api/events/{eventId}/box-office/shifts`: the caller opens a shift with this much cash in the drawer. */
export const openShiftBody = z.object({ float: money });
export type OpenShiftBody = z.input<typeof openShiftBody>;

/** Notes and coins counted at the close: each denomination (minor units) with how many of it. */
export const countedCash = z
  .array(z.object({ value: z.number().int().positive().max(10_000_000), count: z.number().int().min(0).max(100_000) }))
  .max(40);

/** `POST /api/events/{eventId}/box-office/shifts/{shiftId}/close`. */
export const closeShiftBody = z.object({
  counted: countedCash,
  note: z.string().trim().max(1000).nullish(),
});
export type CloseShiftBody = z.input<typeof closeShiftBody>;

/** What a sale was paid with. */
export const boxOfficePayment = z.discriminatedUnion('method', [
  /** Cash: what the buyer handed over (at least the total); the change is the difference. */
  z.object({ method: z.literal('CASH'), given: money }),
  /** A card on a terminal of the organizer's own: its receipt's reference. */
  z.object({ method: z.literal('CARD_TERMINAL'), reference: z.string().trim().min(1).max(100) }),
  /** Given free: the tickets cost nothing; why. */
  z.object({ method: z.literal('COMPLIMENTARY'), reason: z.string().trim().min(1).max(200) }),
]);
export type BoxOfficePayment = z.input<typeof boxOfficePayment>;

/** `POST /api/events/{eventId}/box-office/sales`: sell in the caller's open shift. */
export const boxOfficeSaleBody = z.object({
  /** The date sold (may be left out when the event has one). */
  event_date_id: z.number().int().positive().max(LIMITS.ID_MAX).nullish(),
  items: z.array(reserveItem).min(1).max(LIMITS.ORDER_LINES_MAX),
  /** The total the screen showed (before a complimentary sale makes it free); another is PRICE_CHANGED. */
  expected_total: money,
  first_name: z.string().trim().max(LIMITS.NAME_MAX).nullish(),
  last_name: z.string().trim().max(LIMITS.NAME_MAX).nullish(),
  email: z.string().trim().toLowerCase().email().max(LIMITS.EMAIL_MAX).nullish().or(z.literal('')),
  locale: z.enum(LOCALES).optional(),
  payment: boxOfficePayment,
  /** Check the tickets in at once on this check-in list of the event. */
  admit_on_list_id: z.number().int().positive().max(LIMITS.ID_MAX).nullish(),
  /** Mail the tickets to `email`. */
  send_tickets: z.boolean().default(false),
  /** Answers to the questions asked at the box office, by question id (an attendee question's: each ticket's). */
  answers: answersField,
});
export type BoxOfficeSaleBody = z.input<typeof boxOfficeSaleBody>;

/** Sales of a shift by how they were paid. */
export interface ShiftMethodTotals {
  count: number;
  total: number;
}

export interface BoxOfficeShiftDto {
  id: number;
  event_id: number;
  staff: { id: number; name: string };
  opened_at: string;
  closed_at: string | null;
  float: number;
  /** Sales standing (voided ones left out), by method. */
  sales: Record<BoxOfficeMethod, ShiftMethodTotals>;
  voided: number;
  /** The float and the cash taken by the sales that stand. */
  expected_cash: number;
  /** At the close: what was counted, its sum, and counted − expected. */
  counted: Array<{ value: number; count: number }> | null;
  counted_total: number | null;
  difference: number | null;
  note: string | null;
  /** The shift's last sale that stands, while the shift is open (it may be voided). */
  last_sale: { order_id: number; order_number: string; total: number; method: BoxOfficeMethod } | null;
}

const methodTotals = z.object({ count: z.number().int(), total: z.number().int() });
const shiftSchema = z.object({
  id: z.number().int(),
  event_id: z.number().int(),
  staff: z.object({ id: z.number().int(), name: z.string() }),
  opened_at: z.string(),
  closed_at: z.string().nullable(),
  float: z.number().int(),
  sales: z.object({
    CASH: methodTotals,
    CARD_TERMINAL: methodTotals,
    COMPLIMENTARY: methodTotals,
    CARD_STRIPE: methodTotals,
  }),
  voided: z.number().int(),
  expected_cash: z.number().int(),
  counted: z.array(z.object({ value: z.number().int(), count: z.number().int() })).nullable(),
  counted_total: z.number().int().nullable(),
  difference: z.number().int().nullable(),
  note: z.string().nullable(),
  last_sale: z
    .object({
      order_id: z.number().int(),
      order_number: z.string(),
      total: z.number().int(),
      method: z.enum(BOX_OFFICE_METHODS),
    })
    .nullable(),
}) satisfies z.ZodType<BoxOfficeShiftDto>;
export const boxOfficeShiftResponse = oneOf(shiftSchema);
export const boxOfficeShiftListResponse = z.object({ data: z.array(shiftSchema) });

/** One line of a sale's receipt: per unit and for the line, with its taxes and fees by name. */
export interface ReceiptLineDto {
  name: string;
  quantity: number;
  unit_price: number;
  total: number;
  taxes: Array<{ name: string; amount: number }>;
  fees: Array<{ name: string; amount: number }>;
  /** Where the line's attendees sit (seated tickets), "Section, row, seat" parts. */
  seats: Array<{ section: string; row: string; seat: string }>;
}

export interface BoxOfficeSaleDto {
  order_id: number;
  short_id: string;
  order_number: string;
  /** What the sale cost (0 for a complimentary one) and, in cash, the change to hand back. */
  total: number;
  tax_total: number;
  fee_total: number;
  currency: string;
  method: BoxOfficeMethod;
  given: number | null;
  change: number | null;
  lines: ReceiptLineDto[];
  /** The tickets (attendee short ids, for printing), with whether each was checked in. */
  tickets: Array<{ short_id: string; name: string; checked_in: boolean }>;
  /** Ticket mails queued. */
  mailed: boolean;
  shift: BoxOfficeShiftDto;
}

const seatPart = z.object({ section: z.string(), row: z.string(), seat: z.string() });
const named = z.array(z.object({ name: z.string(), amount: z.number().int() }));
export const boxOfficeSaleResponse = oneOf(
  z.object({
    order_id: z.number().int(),
    short_id: z.string(),
    order_number: z.string(),
    total: z.number().int(),
    tax_total: z.number().int(),
    fee_total: z.number().int(),
    currency: z.string(),
    method: z.enum(BOX_OFFICE_METHODS),
    given: z.number().int().nullable(),
    change: z.number().int().nullable(),
    lines: z.array(
      z.object({
        name: z.string(),
        quantity: z.number().int(),
        unit_price: z.number().int(),
        total: z.number().int(),
        taxes: named,
        fees: named,
        seats: z.array(seatPart),
      }),
    ),
    tickets: z.array(z.object({ short_id: z.string(), name: z.string(), checked_in: z.boolean() })),
    mailed: z.boolean(),
    shift: shiftSchema,
  }) satisfies z.ZodType<BoxOfficeSaleDto>,
);

/** What the box office sells: the event's tickets and products on its channel, at its prices, per date. */
export interface BoxOfficeItemDto {
  ticket_id: number;
  tier_id: number | null;
  name: string;
  type: string;
  product_type: 'TICKET' | 'GENERAL';
  /** Per unit, taxes and fees included (a donation's minimum). */
  price: number;
  /** Units left on the chosen date (null: no limit). */
  available: number | null;
  /** Units kept for the door on the chosen date (its box-office allocation), not sold yet. */
  kept: number;
  seated: boolean;
  /** Its taxes and fees (a donation's price is worked out from the amount given). */
  charges: Charge[];
  /** A donation's least amount per unit, before taxes and fees (null: not a donation). */
  min_amount: number | null;
}

export interface BoxOfficeDto {
  event: { id: number; title: string; currency: string; timezone: string };
  /** The dates that can be sold (on sale, not over), the first the next one. */
  dates: Array<{ id: number; start_date: string; end_date: string | null; label: string | null }>;
  date_id: number | null;
  items: BoxOfficeItemDto[];
  check_in_lists: Array<{ id: number; name: string }>;
  /** The caller's open shift at this event. */
  shift: BoxOfficeShiftDto | null;
  /** Cards can be taken through Stripe on the staff device (the account takes card payments). */
  card_payments: boolean;
  /** The questions the organizer asks at the box office, in the staff member's language. */
  questions: PublicQuestionDto[];
}

export const boxOfficeQuery = z.object({ date: idParam.optional() });
export const boxOfficeResponse = oneOf(
  z.object({
    event: z.object({ id: z.number().int(), title: z.string(), currency: z.string(), timezone: z.string() }),
    dates: z.array(
      z.object({
        id: z.number().int(),
        start_date: z.string(),
        end_date: z.string().nullable(),
        label: z.string().nullable(),
      }),
    ),
    date_id: z.number().int().nullable(),
    items: z.array(
      z.object({
        ticket_id: z.number().int(),
        tier_id: z.number().int().nullable(),
        name: z.string(),
        type: z.string(),
        product_type: z.enum(['TICKET', 'GENERAL']),
        price: z.number().int(),
        available: z.number().int().nullable(),
        kept: z.number().int(),
        seated: z.boolean(),
        charges: z.array(chargeSchema),
        min_amount: z.number().int().nullable(),
      }),
    ),
    check_in_lists: z.array(z.object({ id: z.number().int(), name: z.string() })),
    shift: shiftSchema.nullable(),
    card_payments: z.boolean(),
    questions: z.array(publicQuestionSchema),
  }) satisfies z.ZodType<BoxOfficeDto>,
);

/**
 * A date's box-office allocation: units of each ticket kept for the door (taken from the event's stock in advance).
 * Staff devices claim blocks of them to sell with the network gone; the sales are synced when it is back.
 */
export const allocationParams = z.object({ eventId: idParam, dateId: idParam });

/** `PUT /api/events/{eventId}/box-office/allocations/{dateId}`: how many units of each to keep (0 gives them back). */
export const allocationBody = z.object({
  items: z
    .array(
      z.object({
        ticket_id: z.number().int().positive().max(LIMITS.ID_MAX),
        tier_id: z.number().int().positive().max(LIMITS.ID_MAX).nullish(),
        quantity: z.number().int().min(0).max(10_000),
      }),
    )
    .max(LIMITS.ORDER_LINES_MAX),
});
export type AllocationBody = z.input<typeof allocationBody>;

export interface AllocationItemDto {
  ticket_id: number;
  tier_id: number | null;
  name: string;
  /** Units kept and not sold yet. */
  kept: number;
  /** Of those, the units on staff devices (claimed by open shifts). */
  claimed: number;
  /** Units sold at the box office on the date so far. */
  sold: number;
}

export interface AllocationDto {
  date_id: number;
  items: AllocationItemDto[];
}

export const allocationResponse = oneOf(
  z.object({
    date_id: z.number().int(),
    items: z.array(
      z.object({
        ticket_id: z.number().int(),
        tier_id: z.number().int().nullable(),
        name: z.string(),
        kept: z.number().int(),
        claimed: z.number().int(),
        sold: z.number().int(),
      }),
    ),
  }) satisfies z.ZodType<AllocationDto>,
);

/** `POST /api/events/{eventId}/box-office/claims`: the caller's shift takes (tops up) its block of a date's units. */
export const claimBody = z.object({ event_date_id: z.number().int().positive().max(LIMITS.ID_MAX) });
export type ClaimBody = z.input<typeof claimBody>;

/** A unit on the caller's device: numbered (its place in the allocation) and with its ticket code, signed. */
export interface OfflineUnitDto {
  attendee_id: number;
  unit: number;
  short_id: string;
  ticket_id: number;
  tier_id: number | null;
  /** What the ticket's QR code holds once the sale is synced. */
  qr_code: string;
}

export interface OfflineUnitsDto {
  date_id: number;
  units: OfflineUnitDto[];
}

export const offlineUnitsResponse = oneOf(
  z.object({
    date_id: z.number().int(),
    units: z.array(
      z.object({
        attendee_id: z.number().int(),
        unit: z.number().int(),
        short_id: z.string(),
        ticket_id: z.number().int(),
        tier_id: z.number().int().nullable(),
        qr_code: z.string(),
      }),
    ),
  }) satisfies z.ZodType<OfflineUnitsDto>,
);

/**
 * `POST /api/events/{eventId}/box-office/offline-sales`: a sale made on a device without a network, sent when it is
 * back. Paid in cash or given free; it names the units it sold (claimed by the caller's shift) and the id the device
 * gave it, so sending it twice writes it once.
 */
export const offlineSaleBody = boxOfficeSaleBody.extend({
  client_id: z.string().uuid(),
  unit_ids: z.array(z.number().int().positive().max(LIMITS.ID_MAX)).min(1).max(LIMITS.ORDER_UNITS_MAX),
  sold_at: z.string().datetime({ offset: true }),
  payment: z.discriminatedUnion('method', [
    z.object({ method: z.literal('CASH'), given: money }),
    z.object({ method: z.literal('COMPLIMENTARY'), reason: z.string().trim().min(1).max(200) }),
  ]),
});
export type OfflineSaleBody = z.input<typeof offlineSaleBody>;

/**
 * `POST /api/events/{eventId}/box-office/card-sales`: a sale to be paid by card through Stripe on the staff device. The
 * units are held (as a buyer's checkout) until the payment comes; the answer carries the PaymentIntent's client secret.
 */
export const cardSaleBody = boxOfficeSaleBody.omit({ payment: true, admit_on_list_id: true });
export type CardSaleBody = z.input<typeof cardSaleBody>;

export interface CardSaleDto {
  order_id: number;
  client_secret: string;
  publishable_key: string;
  amount: number;
  currency: string;
}

export const cardSaleResponse = oneOf(
  z.object({
    order_id: z.number().int(),
    client_secret: z.string(),
    publishable_key: z.string(),
    amount: z.number().int(),
    currency: z.string(),
  }) satisfies z.ZodType<CardSaleDto>,
);

/** `POST /api/events/{eventId}/box-office/card-sales/{orderId}/complete`: once Stripe confirmed, the sale's receipt. */
export const completeCardSaleBody = z.preprocess(
  (v) => v ?? {},
  z.object({ admit_on_list_id: z.number().int().positive().max(LIMITS.ID_MAX).nullish() }),
);
export type CompleteCardSaleBody = z.input<typeof completeCardSaleBody>;
