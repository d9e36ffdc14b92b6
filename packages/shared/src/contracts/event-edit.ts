import { z } from 'zod';

import { INVOICE_MODES, type InvoiceMode } from '../enums.js';
import { LIMITS } from '../limits.js';
import { customIssue } from '../validation.js';
import { eventColorsSchema } from './accounts.js';
import { currencyField, localDateTime, optionalText, timezoneField } from './common.js';
import { PAYMENT_OPTIONS_MAX, paymentOptionId } from './payment-providers.js';
import { WAITLIST_OFFER_HOURS_MAX, WAITLIST_OFFER_MODES, type WaitlistOfferMode } from './waitlist.js';

/** Checks an ISO 3166-1 alpha-2 country code (e.g. DE, BR). */
export function isValidCountry(code: string): boolean {
  if (!/^[A-Z]{2}$/.test(code)) return false;
  try {
    const name = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' }).of(code);
    return Boolean(name) && name !== 'Unknown Region';
  } catch {
    return false;
  }
}

const line = (max = 200) => optionalText(max);

/** A latitude or longitude in degrees (WGS 84, as maps give them), within `limit` either side of zero. */
const degrees = (limit: number) =>
  z
    .number()
    .min(-limit)
    .max(limit)
    .nullish()
    .transform((v) => (v === undefined || v === null ? null : Math.round(v * 1e6) / 1e6));

const locationFields = {
  venue_name: line(),
  address_line_1: line(),
  address_line_2: line(),
  city: line(100),
  state_or_region: line(100),
  zip_or_postal_code: line(20),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || isValidCountry(v), customIssue('invalid_value')),
  /** The venue's position on a map (both or neither): wallet passes show up near it. */
  latitude: degrees(90),
  longitude: degrees(180),
};

/** Latitude and longitude come together: one without the other is a field error on the missing one. */
function bothCoordinates(v: { latitude?: number | null; longitude?: number | null }, ctx: z.RefinementCtx) {
  const has = (x: number | null | undefined) => x !== undefined && x !== null;
  if (has(v.latitude) && !has(v.longitude))
    ctx.addIssue({ code: 'custom', path: ['longitude'], ...customIssue('coordinates_incomplete') });
  if (has(v.longitude) && !has(v.latitude))
    ctx.addIssue({ code: 'custom', path: ['latitude'], ...customIssue('coordinates_incomplete') });
}

/** Where an event takes place. Every part is optional: a venue name alone is fine. */
export const eventLocationSchema = z.object(locationFields).superRefine(bothCoordinates);
export type EventLocation = z.output<typeof eventLocationSchema>;
/** Part of a location, to change those parts (latitude and longitude still together). */
export const eventLocationPatchSchema = z.object(locationFields).partial().superRefine(bothCoordinates);

/** `EventLocation` as a response schema (what was stored is answered, not checked again). */
export const eventLocationOutSchema = z.object({
  venue_name: z.string().nullable(),
  address_line_1: z.string().nullable(),
  address_line_2: z.string().nullable(),
  city: z.string().nullable(),
  state_or_region: z.string().nullable(),
  zip_or_postal_code: z.string().nullable(),
  country: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
}) satisfies z.ZodType<EventLocation>;

/**
 * Changes to an event; every field is optional. Start and end are wall-clock times in the event's
 * time zone (the new one when it changes in the same call). When only the time zone changes, the
 * wall-clock times stay and the instants move with it.
 */
export const updateEventBody = z.object({
  title: z.string().trim().min(1).max(LIMITS.TITLE_MAX).optional(),
  organizer_id: z.number().int().positive().max(LIMITS.ID_MAX).optional(),
  start_date: localDateTime.optional(),
  end_date: localDateTime.nullable().optional(),
  timezone: timezoneField.optional(),
  currency: currencyField.optional(),
  description: optionalText(LIMITS.DESCRIPTION_MAX).optional(),
  is_online: z.boolean().optional(),
  /** Sanitised HTML: how to join (link, dial-in), shown to ticket holders. */
  online_details: optionalText(LIMITS.DESCRIPTION_MAX).optional(),
  location: eventLocationPatchSchema.optional(),
});
export type UpdateEventBody = z.input<typeof updateEventBody>;

export const EVENT_STATUS_CHANGES = ['DRAFT', 'LIVE', 'ARCHIVED'] as const;
export const eventStatusBody = z.object({ status: z.enum(EVENT_STATUS_CHANGES) });
export type EventStatusBody = z.input<typeof eventStatusBody>;

/** What a copy of an event takes along; the copy is always a draft and keeps its times. */
export const duplicateEventBody = z.preprocess(
  (v) => v ?? {},
  z.object({
    title: z.string().trim().min(1).max(LIMITS.TITLE_MAX).optional(),
    copy_settings: z.boolean().default(true),
    copy_cover_image: z.boolean().default(true),
    copy_tickets: z.boolean().default(true),
    copy_questions: z.boolean().default(true),
    copy_promo_codes: z.boolean().default(true),
    copy_capacity_assignments: z.boolean().default(true),
  }),
);
export type DuplicateEventBody = z.input<typeof duplicateEventBody>;

export const COVER_DISPLAYS = ['COVER', 'BLURRED_BACKGROUND'] as const;
/** How the cover appears on the public page: a banner, or blurred behind the content. */
export type CoverDisplay = (typeof COVER_DISPLAYS)[number];

export const PRICE_DISPLAY_MODES = ['EXCLUSIVE', 'INCLUSIVE'] as const;

/** Whether buyers may pass their tickets on to someone else (until a cut-off before the start). */
export const TICKET_TRANSFERS = ['OFF', 'ALLOWED'] as const;
export type TicketTransfers = (typeof TICKET_TRANSFERS)[number];
/**
 * Whether buyers may move their order to another date of the event: not at all, to dates at the same price, or to any
 * date with the price difference settled (a dearer date paid by the buyer, a cheaper one refunded).
 */
export const DATE_EXCHANGES = ['OFF', 'SAME_PRICE', 'PAY_DIFFERENCE'] as const;
export type DateExchanges = (typeof DATE_EXCHANGES)[number];
/** Whether buyers may cancel their order: never, free orders only, or paid ones too with a refund. */
export const BUYER_CANCELLATIONS = ['NOT_ALLOWED', 'FREE_ORDERS', 'WITH_REFUND'] as const;
export type BuyerCancellation = (typeof BUYER_CANCELLATIONS)[number];
/** The longest cut-off before an event's start for buyers' changes, in hours (a year). */
export const SELF_SERVICE_CUTOFF_HOURS_MAX = 8760;
export type PriceDisplayMode = (typeof PRICE_DISPLAY_MODES)[number];

/** Everything of an event's settings screen beyond the account's defaults (SEO, checkout, notifications). */
export interface EventPageSettings {
  notify_organizer_of_new_orders: boolean;
  seo_title: string | null;
  seo_description: string | null;
  seo_keywords: string | null;
  allow_search_engine_indexing: boolean;
  /** Sanitised HTML shown above the ticket selection. */
  pre_checkout_message: string | null;
  /** Sanitised HTML shown on the order summary. */
  post_checkout_message: string | null;
  show_remaining_tickets: boolean;
  price_display_mode: PriceDisplayMode;
  cover_display: CoverDisplay;
  /** Buyers may choose to pay offline (bank transfer, at the door); the order waits until marked paid. */
  offline_payments_enabled: boolean;
  /** When orders get an invoice (the organizer's invoice settings issue it): never, on request, always. */
  invoice_mode: InvoiceMode;
  /** Sanitised HTML: how to pay offline, shown at checkout and in the confirmation e-mail. */
  offline_payment_instructions: string | null;
  /** An offline order must be paid within this many days of being placed, or it is cancelled (null: no limit). */
  offline_payment_days: number | null;
  /**
   * ...and by this instant (ISO; set as a local date-time in the event's time zone) at the latest (null: no date); the
   * earlier applies.
   */
  offline_payment_deadline: string | null;
  /** The online payment options buyers see ('stripe', 'mollie.ideal'...: `GET …/payment-options`); null: all. */
  payment_options: string[] | null;
  /** Fairness: tickets one client address may hold at once in unfinished checkouts (null: no cap). */
  client_hold_limit: number | null;
  /** Fairness: reservations one client address (or checkout) may make per minute (null: no cap). */
  client_reservation_limit: number | null;
  /** Buyers may correct attendee details until `attendee_edit_cutoff_hours` before the start (0: until the start). */
  attendee_edits_enabled: boolean;
  attendee_edit_cutoff_hours: number;
  /** Buyers may pass tickets on until `ticket_transfer_cutoff_hours` before the start. */
  ticket_transfers: TicketTransfers;
  ticket_transfer_cutoff_hours: number;
  /** Buyers may move their order to another date (where each ticket costs the same) until the cut-off. */
  date_exchanges: DateExchanges;
  date_exchange_cutoff_hours: number;
  /**
   * Buyers may cancel (free orders only, or with a refund) until `buyer_cancellation_cutoff_hours` before the start.
   */
  buyer_cancellation: BuyerCancellation;
  buyer_cancellation_cutoff_hours: number;
  /** Waitlist offers go out by themselves when units come back, or only when the organizer sends them. */
  waitlist_offer_mode: WaitlistOfferMode;
  /** How long a waitlist offer holds its units. */
  waitlist_offer_hours: number;
}

/** `EventPageSettings` as a response schema. */
export const eventPageSettingsSchema = z.object({
  notify_organizer_of_new_orders: z.boolean(),
  seo_title: z.string().nullable(),
  seo_description: z.string().nullable(),
  seo_keywords: z.string().nullable(),
  allow_search_engine_indexing: z.boolean(),
  pre_checkout_message: z.string().nullable(),
  post_checkout_message: z.string().nullable(),
  show_remaining_tickets: z.boolean(),
  price_display_mode: z.enum(PRICE_DISPLAY_MODES),
  cover_display: z.enum(COVER_DISPLAYS),
  offline_payments_enabled: z.boolean(),
  invoice_mode: z.enum(INVOICE_MODES),
  offline_payment_instructions: z.string().nullable(),
  offline_payment_days: z.number().int().nullable(),
  offline_payment_deadline: z.string().nullable(),
  payment_options: z.array(z.string()).nullable(),
  client_hold_limit: z.number().int().nullable(),
  client_reservation_limit: z.number().int().nullable(),
  attendee_edits_enabled: z.boolean(),
  attendee_edit_cutoff_hours: z.number().int(),
  ticket_transfers: z.enum(TICKET_TRANSFERS),
  ticket_transfer_cutoff_hours: z.number().int(),
  date_exchanges: z.enum(DATE_EXCHANGES),
  date_exchange_cutoff_hours: z.number().int(),
  buyer_cancellation: z.enum(BUYER_CANCELLATIONS),
  buyer_cancellation_cutoff_hours: z.number().int(),
  waitlist_offer_mode: z.enum(WAITLIST_OFFER_MODES),
  waitlist_offer_hours: z.number().int(),
}) satisfies z.ZodType<EventPageSettings>;

export const SEO_TITLE_MAX = 70;
export const SEO_DESCRIPTION_MAX = 300;
export const SEO_KEYWORDS_MAX = 300;
export const MESSAGE_HTML_MAX = 10_000;
/** The longest payment term for offline orders, in days. */
export const OFFLINE_PAYMENT_DAYS_MAX = 365;
/** The fairness caps' bounds and defaults (a venue or office shares one address: keep them generous). */
export const CLIENT_HOLD_LIMIT_DEFAULT = 20;
export const CLIENT_RESERVATION_LIMIT_DEFAULT = 20;
export const CLIENT_LIMIT_MAX = 10_000;

/** Changes to an event's settings; any subset. Colours are partial too. */
export const updateEventSettingsBody = z.object({
  order_timeout_minutes: z.number().int().min(1).max(120).optional(),
  support_email: z.string().trim().toLowerCase().max(254).pipe(z.email()).nullable().optional(),
  email_footer_message: optionalText(MESSAGE_HTML_MAX).optional(),
  notify_organizer_of_new_orders: z.boolean().optional(),
  seo_title: optionalText(SEO_TITLE_MAX).optional(),
  seo_description: optionalText(SEO_DESCRIPTION_MAX).optional(),
  seo_keywords: optionalText(SEO_KEYWORDS_MAX).optional(),
  allow_search_engine_indexing: z.boolean().optional(),
  pre_checkout_message: optionalText(MESSAGE_HTML_MAX).optional(),
  post_checkout_message: optionalText(MESSAGE_HTML_MAX).optional(),
  show_remaining_tickets: z.boolean().optional(),
  price_display_mode: z.enum(PRICE_DISPLAY_MODES).optional(),
  cover_display: z.enum(COVER_DISPLAYS).optional(),
  offline_payments_enabled: z.boolean().optional(),
  invoice_mode: z.enum(INVOICE_MODES).optional(),
  offline_payment_instructions: optionalText(MESSAGE_HTML_MAX).optional(),
  offline_payment_days: z.number().int().min(1).max(OFFLINE_PAYMENT_DAYS_MAX).nullable().optional(),
  offline_payment_deadline: localDateTime.nullable().optional(),
  payment_options: z
    .array(paymentOptionId)
    .min(1)
    .max(PAYMENT_OPTIONS_MAX)
    .transform((ids) => [...new Set(ids)])
    .nullable()
    .optional(),
  client_hold_limit: z.number().int().min(1).max(CLIENT_LIMIT_MAX).nullable().optional(),
  client_reservation_limit: z.number().int().min(1).max(CLIENT_LIMIT_MAX).nullable().optional(),
  attendee_edits_enabled: z.boolean().optional(),
  attendee_edit_cutoff_hours: z.number().int().min(0).max(SELF_SERVICE_CUTOFF_HOURS_MAX).optional(),
  ticket_transfers: z.enum(TICKET_TRANSFERS).optional(),
  ticket_transfer_cutoff_hours: z.number().int().min(0).max(SELF_SERVICE_CUTOFF_HOURS_MAX).optional(),
  date_exchanges: z.enum(DATE_EXCHANGES).optional(),
  date_exchange_cutoff_hours: z.number().int().min(0).max(SELF_SERVICE_CUTOFF_HOURS_MAX).optional(),
  buyer_cancellation: z.enum(BUYER_CANCELLATIONS).optional(),
  buyer_cancellation_cutoff_hours: z.number().int().min(0).max(SELF_SERVICE_CUTOFF_HOURS_MAX).optional(),
  waitlist_offer_mode: z.enum(WAITLIST_OFFER_MODES).optional(),
  waitlist_offer_hours: z.number().int().min(1).max(WAITLIST_OFFER_HOURS_MAX).optional(),
  colors: eventColorsSchema.partial().optional(),
});
export type UpdateEventSettingsBody = z.input<typeof updateEventSettingsBody>;
