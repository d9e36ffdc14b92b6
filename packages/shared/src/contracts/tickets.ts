import { z } from 'zod';

import type { TicketKind } from '../domain/pricing.js';
import { LIMITS } from '../limits.js';
import { customIssue } from '../validation.js';
import { localDateTime, oneOf, optionalText, pageOf, syncListFields } from './common.js';

export const TICKET_TYPES = ['FREE', 'PAID', 'DONATION', 'TIERED'] as const satisfies readonly TicketKind[];
export type TicketType = (typeof TICKET_TYPES)[number];

/**
 * TICKET admits a person (attendee details, QR code, check-in); GENERAL is anything else sold (merchandise, parking, an
 * add-on, a donation).
 */
export const PRODUCT_TYPES = ['TICKET', 'GENERAL'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

/** The most add-on units a general product may allow per ticket. */
export const ADDON_PER_TICKET_MAX = 100;
/** The longest text a ticket puts in its mails. */
export const MAIL_TEXT_MAX = 2000;

export const TICKET_SALE_STATES = [
  'ON_SALE',
  'SALE_STARTS',
  'NOT_ON_SALE',
  'SOLD_OUT',
  'SALE_ENDED',
  'HIDDEN',
] as const;
export type TicketSaleState = (typeof TICKET_SALE_STATES)[number];

const money = z.number().int().min(0).max(100_000_000);
const quantity = z.number().int().min(0).max(10_000_000).nullable();

export const ticketTierBody = z.object({
  /** Present when updating an existing tier; absent for a new one. */
  id: z.number().int().positive().max(LIMITS.ID_MAX).optional(),
  label: z.string().trim().min(1).max(LIMITS.NAME_MAX),
  price: money,
  quantity: quantity.default(null),
  sale_start: localDateTime.nullable().default(null),
  sale_end: localDateTime.nullable().default(null),
  is_hidden: z.boolean().default(false),
});

/**
 * A ticket. Money in minor units of the event currency, entered excluding taxes and fees.
 * Sale windows are wall-clock times in the event's time zone.
 */
export const ticketBody = z
  .object({
    name: z.string().trim().min(1).max(LIMITS.NAME_MAX),
    description: optionalText(LIMITS.DESCRIPTION_MAX),
    /** Plain text put in the confirmation and ticket mails of this ticket (what to bring, where to enter). */
    mail_text: optionalText(MAIL_TEXT_MAX),
    type: z.enum(TICKET_TYPES),
    product_type: z.enum(PRODUCT_TYPES).default('TICKET'),
    /**
     * GENERAL only: sold only together with tickets, at most this many per ticket in the order (null: sold on its own).
     */
    addon_max_per_ticket: z.number().int().min(1).max(ADDON_PER_TICKET_MAX).nullable().default(null),
    /** PAID: the price. Ignored otherwise. */
    price: money.nullable().default(null),
    /** DONATION: the least a buyer may give. */
    min_price: money.nullable().default(null),
    tiers: z.array(ticketTierBody).max(50).default([]),
    /** null: unlimited. TIERED tickets use the tiers' quantities instead. */
    quantity: quantity.default(null),
    sale_start: localDateTime.nullable().default(null),
    sale_end: localDateTime.nullable().default(null),
    min_per_order: z.number().int().min(1).max(1000).default(1),
    max_per_order: z.number().int().min(1).max(1000).nullable().default(null),
    is_hidden: z.boolean().default(false),
    hide_when_sold_out: z.boolean().default(false),
    hide_before_sale_start: z.boolean().default(false),
    hide_after_sale_end: z.boolean().default(false),
    /** Sold out: buyers may join a waitlist and are offered units that come back. */
    waitlist_enabled: z.boolean().default(false),
    /** Shown only to buyers with a promo code that applies to it. */
    requires_promo_code: z.boolean().default(false),
    /** Sales channels (issue #41): sold online (event page, widget, API), at the box office, or both. */
    sold_online: z.boolean().default(true),
    sold_at_box_office: z.boolean().default(true),
    /** PAID: the price at the box office, when it differs (null: the same). Ignored otherwise. */
    box_office_price: money.nullable().default(null),
    /**
     * A pass (a ticket, not tiered): one purchase admits once on every date it is sold on that is still ahead
     * (the dates the organizer ticks for it: all of a run, or a set such as a weekend).
     */
    is_pass: z.boolean().default(false),
    /** A pass priced by the dates that remain (bought mid-run, it costs its share). Ignored for other tickets. */
    pass_prorated: z.boolean().default(false),
    /**
     * A pass for any N of its dates, which the holder picks after buying (each pick takes a place on its date); null:
     * every date. Not prorated.
     */
    pass_picks: z.number().int().min(1).max(1000).nullable().default(null),
    tax_and_fee_ids: z.array(z.number().int().positive().max(LIMITS.ID_MAX)).max(50).default([]),
    /**
     * The category it is listed under (one of the event's); null: a new ticket goes in the first, a changed one stays
     * where it is.
     */
    category_id: z.number().int().positive().max(LIMITS.ID_MAX).nullable().default(null),
  })
  .superRefine((v, ctx) => {
    if (v.product_type === 'TICKET' && v.addon_max_per_ticket !== null)
      ctx.addIssue({
        code: 'custom',
        path: ['addon_max_per_ticket'],
        ...customIssue('invalid'),
        input: v.addon_max_per_ticket,
      });
    if (v.is_pass && (v.product_type !== 'TICKET' || v.type === 'TIERED'))
      ctx.addIssue({ code: 'custom', path: ['is_pass'], ...customIssue('pass_ticket_only'), input: v.is_pass });
    if (!v.is_pass && v.pass_picks !== null)
      ctx.addIssue({ code: 'custom', path: ['pass_picks'], ...customIssue('invalid'), input: v.pass_picks });
    if (v.is_pass && v.waitlist_enabled)
      ctx.addIssue({
        code: 'custom',
        path: ['waitlist_enabled'],
        ...customIssue('pass_no_waitlist'),
        input: v.waitlist_enabled,
      });
    if (!v.sold_online && !v.sold_at_box_office)
      ctx.addIssue({ code: 'custom', path: ['sold_online'], ...customIssue('channel_required'), input: v.sold_online });
    if (v.type === 'PAID' && v.price === null)
      ctx.addIssue({ code: 'custom', path: ['price'], ...customIssue('required'), input: v.price });
    if (v.type === 'DONATION' && v.min_price === null)
      ctx.addIssue({ code: 'custom', path: ['min_price'], ...customIssue('required'), input: v.min_price });
    if (v.type === 'TIERED' && v.tiers.length === 0)
      ctx.addIssue({ code: 'custom', path: ['tiers'], ...customIssue('tiers_required'), input: v.tiers });
    if (v.max_per_order !== null && v.max_per_order < v.min_per_order) {
      ctx.addIssue({
        code: 'custom',
        path: ['max_per_order'],
        ...customIssue('max_below_min'),
        input: v.max_per_order,
      });
    }
    if (v.sale_start && v.sale_end && v.sale_end.replace(' ', 'T') <= v.sale_start.replace(' ', 'T')) {
      ctx.addIssue({ code: 'custom', path: ['sale_end'], ...customIssue('end_before_start'), input: v.sale_end });
    }
    v.tiers.forEach((tier, i) => {
      if (tier.sale_start && tier.sale_end && tier.sale_end.replace(' ', 'T') <= tier.sale_start.replace(' ', 'T')) {
        ctx.addIssue({
          code: 'custom',
          path: ['tiers', i, 'sale_end'],
          ...customIssue('end_before_start'),
          input: tier.sale_end,
        });
      }
    });
  });
export type TicketBody = z.input<typeof ticketBody>;

export const ticketSortBody = z.object({
  ticket_ids: z.array(z.number().int().positive().max(LIMITS.ID_MAX)).min(1).max(500),
});
export type TicketSortBody = z.input<typeof ticketSortBody>;

export const ticketParams = z.object({
  eventId: z.coerce.number().int().positive().max(LIMITS.ID_MAX),
  ticketId: z.coerce.number().int().positive().max(LIMITS.ID_MAX),
});
export const eventParams = z.object({ eventId: z.coerce.number().int().positive().max(LIMITS.ID_MAX) });

export interface TicketTierDto {
  id: number;
  label: string;
  price: number;
  quantity: number | null;
  sale_start: string | null;
  sale_end: string | null;
  is_hidden: boolean;
  sale_state: TicketSaleState;
  sold: number;
  reserved: number;
  /** Has been in an order: can be hidden, not deleted. */
  has_sales: boolean;
  /** null: unlimited. */
  available: number | null;
  /** What a buyer pays for one, with this ticket's taxes and fees. */
  price_with_charges: number;
}

export interface TicketDto {
  id: number;
  event_id: number;
  name: string;
  description: string | null;
  mail_text: string | null;
  type: TicketType;
  product_type: ProductType;
  addon_max_per_ticket: number | null;
  price: number | null;
  min_price: number | null;
  quantity: number | null;
  sale_start: string | null;
  sale_end: string | null;
  min_per_order: number;
  max_per_order: number | null;
  is_hidden: boolean;
  hide_when_sold_out: boolean;
  hide_before_sale_start: boolean;
  hide_after_sale_end: boolean;
  waitlist_enabled: boolean;
  requires_promo_code: boolean;
  sold_online: boolean;
  sold_at_box_office: boolean;
  box_office_price: number | null;
  is_pass: boolean;
  pass_prorated: boolean;
  /** Any N of its dates, picked by the holder later; null: every date. */
  pass_picks: number | null;
  tax_and_fee_ids: number[];
  /** The product category it is listed under. */
  category_id: number;
  sort_order: number;
  tiers: TicketTierDto[];
  sale_state: TicketSaleState;
  sold: number;
  reserved: number;
  available: number | null;
  /**
   * For PAID: the price with taxes and fees; for DONATION the minimum with them; 0 for FREE; for TIERED the cheapest
   * tier.
   */
  price_with_charges: number;
  /** Whether the type may still change (no sales or attendees yet). */
  can_change_type: boolean;
  /** Has been in an order: it can be hidden, not deleted. */
  has_orders: boolean;
  created_at: string;
  updated_at: string;
}

/** `TicketTierDto` as a response schema. */
export const ticketTierSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  price: z.number().int(),
  quantity: z.number().int().nullable(),
  sale_start: z.iso.datetime({ offset: true }).nullable(),
  sale_end: z.iso.datetime({ offset: true }).nullable(),
  is_hidden: z.boolean(),
  sale_state: z.enum(TICKET_SALE_STATES),
  sold: z.number().int(),
  reserved: z.number().int(),
  has_sales: z.boolean(),
  available: z.number().int().nullable(),
  price_with_charges: z.number().int(),
}) satisfies z.ZodType<TicketTierDto>;

/** `TicketDto` as a response schema. */
export const ticketSchema = z.object({
  id: z.number().int(),
  event_id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  mail_text: z.string().nullable(),
  type: z.enum(TICKET_TYPES),
  product_type: z.enum(PRODUCT_TYPES),
  addon_max_per_ticket: z.number().int().nullable(),
  price: z.number().int().nullable(),
  min_price: z.number().int().nullable(),
  quantity: z.number().int().nullable(),
  sale_start: z.iso.datetime({ offset: true }).nullable(),
  sale_end: z.iso.datetime({ offset: true }).nullable(),
  min_per_order: z.number().int(),
  max_per_order: z.number().int().nullable(),
  is_hidden: z.boolean(),
  hide_when_sold_out: z.boolean(),
  hide_before_sale_start: z.boolean(),
  hide_after_sale_end: z.boolean(),
  waitlist_enabled: z.boolean(),
  requires_promo_code: z.boolean(),
  sold_online: z.boolean(),
  sold_at_box_office: z.boolean(),
  box_office_price: z.number().int().nullable(),
  is_pass: z.boolean(),
  pass_prorated: z.boolean(),
  pass_picks: z.number().int().nullable(),
  tax_and_fee_ids: z.array(z.number().int()),
  category_id: z.number().int(),
  sort_order: z.number().int(),
  tiers: z.array(ticketTierSchema),
  sale_state: z.enum(TICKET_SALE_STATES),
  sold: z.number().int(),
  reserved: z.number().int(),
  available: z.number().int().nullable(),
  price_with_charges: z.number().int(),
  can_change_type: z.boolean(),
  has_orders: z.boolean(),
  created_at: z.iso.datetime({ offset: true }),
  updated_at: z.iso.datetime({ offset: true }),
}) satisfies z.ZodType<TicketDto>;
export const ticketResponse = oneOf(ticketSchema);
/** All of an event's tickets as one page (`GET /api/events/{id}/tickets`), or one sync page of them. */
export const ticketListResponse = pageOf(ticketSchema);
/**
 * The product list's query: nothing (every ticket and general product as one page, in their order), or
 * incremental sync (`syncListFields`), `per_page` at a time, by when each was last edited.
 */
export const ticketListQuery = z.object({
  per_page: z.coerce
    .number()
    .int()
    .min(1)
    .max(LIMITS.PER_PAGE_MAX)
    .optional()
    .describe('Sync mode only: rows per page'),
  ...syncListFields,
});
/** All of an event's tickets in their new order, without paging (`PUT /api/events/{id}/tickets/sort`). */
export const ticketSortResponse = z.object({ data: z.array(ticketSchema) });
