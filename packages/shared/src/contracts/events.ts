import { z } from 'zod';

import { EVENT_LIFECYCLES, EVENT_STATUSES, type EventLifecycle, type EventStatus } from '../enums.js';
import { LIMITS } from '../limits.js';
import { customIssue } from '../validation.js';
import { eventColorsOutSchema, type EventDefaults } from './accounts.js';
import { publicEventSchema } from './checkout.js';
import {
  currencyField,
  hasOffset,
  listQuery,
  localDateTime,
  oneOf,
  optionalText,
  pageOf,
  timezoneField,
} from './common.js';
import {
  type EventLocation,
  eventLocationOutSchema,
  type EventPageSettings,
  eventPageSettingsSchema,
} from './event-edit.js';
import { type ImageDto, imageSchema } from './images.js';
import { type WaitlistDemandDto, waitlistDemandSchema } from './waitlist.js';

/** Compares two wall-clock strings of the same time zone (an instant with an offset is compared by the server). */
const normalise = (s: string) => s.replace(' ', 'T').slice(0, 16);
const comparable = (a: string, b: string) => !hasOffset(a) && !hasOffset(b);

export const createEventBody = z
  .object({
    title: z.string().trim().min(1).max(LIMITS.TITLE_MAX),
    organizer_id: z.number().int().positive().max(LIMITS.ID_MAX),
    start_date: localDateTime,
    end_date: localDateTime.nullish().transform((v) => v ?? null),
    timezone: timezoneField,
    currency: currencyField,
    description: optionalText(LIMITS.DESCRIPTION_MAX),
  })
  .refine(
    (v) => !v.end_date || !comparable(v.start_date, v.end_date) || normalise(v.end_date) > normalise(v.start_date),
    {
      path: ['end_date'],
      when: (p) => {
        const v = p.value as { start_date?: unknown; end_date?: unknown } | undefined;
        return typeof v?.start_date === 'string' && typeof v?.end_date === 'string';
      },
      ...customIssue('end_before_start'),
    },
  );
export type CreateEventBody = z.input<typeof createEventBody>;

export const EVENT_SORTS = ['start_date', 'created_at', 'title'] as const;
export const eventListQuery = listQuery(EVENT_SORTS, {
  status: z.enum(EVENT_STATUSES),
  lifecycle: z.enum(EVENT_LIFECYCLES),
  organizer_id: z.coerce.number().int().positive().max(LIMITS.ID_MAX),
});
export type EventListQuery = z.input<typeof eventListQuery>;

/** `GET /api/events/{id}/payment-readiness`: whether buyers can pay for the event's paid tickets. */
export interface PaymentReadinessDto {
  /** Card payments through Stripe are set up for the account (or the platform's, in single mode). */
  card: boolean;
  /** The event accepts offline payments (bank transfer, at the door...). */
  offline: boolean;
  /** Tickets that cost money (a price, a tier with a price, or a donation with a minimum). */
  paid_tickets: number;
  /** Paid tickets exist and there is no way to pay: going live is refused. */
  blocked: boolean;
}

/** `PaymentReadinessDto` as a response schema. */
export const paymentReadinessSchema = z.object({
  card: z.boolean(),
  offline: z.boolean(),
  paid_tickets: z.number().int(),
  blocked: z.boolean(),
}) satisfies z.ZodType<PaymentReadinessDto>;
export const paymentReadinessResponse = oneOf(paymentReadinessSchema);

export interface EventDto {
  id: number;
  title: string;
  slug: string;
  /** Sanitised HTML. */
  description: string | null;
  status: EventStatus;
  lifecycle: EventLifecycle;
  /** ISO 8601 instants in UTC; show them in `timezone`. */
  start_date: string;
  end_date: string | null;
  timezone: string;
  currency: string;
  organizer: { id: number; name: string };
  is_online: boolean;
  /** Sanitised HTML. */
  online_details: string | null;
  location: EventLocation;
  cover_image: ImageDto | null;
  /** Order timeout, support e-mail, e-mail footer and page colours (from the account's defaults at creation). */
  settings: EventDefaults & EventPageSettings;
  created_at: string;
  updated_at: string;
}

/** `EventDto['settings']` as a response schema: the account's defaults copied at creation and the page settings. */
export const eventSettingsSchema = eventPageSettingsSchema.extend({
  order_timeout_minutes: z.number().int(),
  support_email: z.string().nullable(),
  email_footer_message: z.string().nullable(),
  colors: eventColorsOutSchema,
}) satisfies z.ZodType<EventDefaults & EventPageSettings>;

/** `EventDto` as a response schema. */
export const eventSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  status: z.enum(EVENT_STATUSES),
  lifecycle: z.enum(EVENT_LIFECYCLES),
  start_date: z.iso.datetime({ offset: true }),
  end_date: z.iso.datetime({ offset: true }).nullable(),
  timezone: z.string(),
  currency: z.string(),
  organizer: z.object({ id: z.number().int(), name: z.string() }),
  is_online: z.boolean(),
  online_details: z.string().nullable(),
  location: eventLocationOutSchema,
  cover_image: imageSchema.nullable(),
  settings: eventSettingsSchema,
  created_at: z.iso.datetime({ offset: true }),
  updated_at: z.iso.datetime({ offset: true }),
}) satisfies z.ZodType<EventDto>;
export const eventResponse = oneOf(eventSchema);
export const eventListResponse = pageOf(eventSchema);
/** `GET /api/events/{id}/preview`: the event as visitors would see it (`PublicEventDto`), whatever its `status`. */
export const eventPreviewResponse = z.object({
  data: publicEventSchema,
  meta: z.object({ status: z.enum(EVENT_STATUSES) }),
});

/** One day of an event's sales and visits (in the event's time zone). */
export interface EventStatsDay {
  /** YYYY-MM-DD in the event's time zone. */
  date: string;
  orders: number;
  tickets: number;
  /** Minor units. */
  gross: number;
  page_views: number;
}

export const STATS_PERIODS = [7, 14, 30, 90] as const;
export const eventStatsQuery = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((v) => (STATS_PERIODS as readonly number[]).includes(v), customIssue('invalid_value'))
    .default(14),
  /** One of the event's dates: its orders and tickets only (page views and the waitlist stay the event's). */
  event_date_id: z.coerce.number().int().positive().max(LIMITS.ID_MAX).optional(),
});

/** `GET /api/events/{id}/stats`: what the dashboard shows. Money in minor units of `currency`. */
export interface EventStatsDto {
  currency: string;
  orders_completed: number;
  orders_awaiting_payment: number;
  orders_cancelled: number;
  /**
   * Valid tickets sold (general products left out): a pass once, whatever its dates. With `event_date_id`, the
   * tickets that admit on that date, a pass's ticket for it too (docs/DOMAIN.md, "Passes").
   */
  tickets_sold: number;
  /** Tickets of orders awaiting an offline payment, counted as `tickets_sold`. */
  tickets_reserved: number;
  /** Valid (ACTIVE) attendees: one per person and date, so a pass's ticket on each of its dates. */
  tickets_valid: number;
  /** Valid (ACTIVE) attendees checked in at the door (one per date for a pass); out of `tickets_valid`. */
  tickets_checked_in: number;
  gross_sales: number;
  total_discount: number;
  total_fees: number;
  total_taxes: number;
  /** Refunded to buyers (card refunds, late payments). */
  total_refunded: number;
  page_views: number;
  unique_visitors: number;
  /** Completed orders per unique visitor (0-1), null without visitors. */
  conversion_rate: number | null;
  /** The chosen period (`days`, default 14), oldest first. */
  daily: EventStatsDay[];
  /** Every ticket of the event in the order buyers see them (category by category), with what it sold. */
  by_product: ProductSalesDto[];
  /** `tickets_sold` and `gross_sales` split by where they were sold. */
  by_channel: ChannelStatsDto;
  /** Tickets people are waiting for (waitlist), most wanted first. */
  waitlist_demand: WaitlistDemandDto[];
}

/**
 * Sales split by channel (docs/DOMAIN.md, "The box office"): valid tickets sold (counted as `tickets_sold`) and gross
 * of sold orders online, paid at the box office (cash or a card terminal), and given free there (complimentary, counted
 * apart: no money). The tickets add up to `tickets_sold`, the gross to `gross_sales`.
 */
export interface ChannelStatsDto {
  online_tickets: number;
  online_gross: number;
  box_office_tickets: number;
  box_office_gross: number;
  complimentary_tickets: number;
}
export const channelStatsSchema = z.object({
  online_tickets: z.number().int(),
  online_gross: z.number().int(),
  box_office_tickets: z.number().int(),
  box_office_gross: z.number().int(),
  complimentary_tickets: z.number().int(),
}) satisfies z.ZodType<ChannelStatsDto>;

/** What one ticket sold: units and gross (with taxes and fees) of orders that completed, refunded or not. */
export interface ProductSalesDto {
  ticket_id: number;
  name: string;
  category_id: number;
  sold: number;
  gross: number;
}
export const productSalesSchema = z.object({
  ticket_id: z.number().int(),
  name: z.string(),
  category_id: z.number().int(),
  sold: z.number().int(),
  gross: z.number().int(),
}) satisfies z.ZodType<ProductSalesDto>;

/** `EventStatsDay` as a response schema. */
export const eventStatsDaySchema = z.object({
  date: z.string(),
  orders: z.number().int(),
  tickets: z.number().int(),
  gross: z.number().int(),
  page_views: z.number().int(),
}) satisfies z.ZodType<EventStatsDay>;

/** `EventStatsDto` as a response schema. */
export const eventStatsSchema = z.object({
  currency: z.string(),
  orders_completed: z.number().int(),
  orders_awaiting_payment: z.number().int(),
  orders_cancelled: z.number().int(),
  tickets_sold: z.number().int(),
  tickets_reserved: z.number().int(),
  tickets_valid: z.number().int(),
  tickets_checked_in: z.number().int(),
  gross_sales: z.number().int(),
  total_discount: z.number().int(),
  total_fees: z.number().int(),
  total_taxes: z.number().int(),
  total_refunded: z.number().int(),
  page_views: z.number().int(),
  unique_visitors: z.number().int(),
  conversion_rate: z.number().nullable(),
  daily: z.array(eventStatsDaySchema),
  by_product: z.array(productSalesSchema),
  by_channel: channelStatsSchema,
  waitlist_demand: z.array(waitlistDemandSchema),
}) satisfies z.ZodType<EventStatsDto>;
export const eventStatsResponse = oneOf(eventStatsSchema);
