import type { ProductType, TicketBody, TicketDto, TicketTierDto, TicketType } from '@admitone/shared';
import { fromMinorUnits, toMinorUnits, toZonedPickerValue } from '@admitone/shared';

import { toWallClock } from '../../lib/format';

/** A price tier as the form holds it: money in major units, picker values for times. */
export interface TierValues {
  /** Stable React key; new rows get a random one. */
  key: string;
  id?: number;
  label: string;
  price: number | string;
  unlimited: boolean;
  quantity: number | string;
  sale_start: string | null;
  sale_end: string | null;
  is_hidden: boolean;
  /** The tier has been in an order: it can be hidden, not removed (never sent to the API). */
  has_sales: boolean;
}

export interface TicketValues {
  name: string;
  description: string;
  /** Plain text for this ticket's confirmation and ticket mails (what to bring, which entrance). */
  mail_text: string;
  type: TicketType;
  product_type: ProductType;
  /** A general product sold only with tickets (an add-on)… */
  is_addon: boolean;
  /** …at most this many per ticket in the order. */
  addon_max_per_ticket: number | string;
  price: number | string;
  min_price: number | string;
  tiers: TierValues[];
  unlimited: boolean;
  quantity: number | string;
  sale_start: string | null;
  sale_end: string | null;
  min_per_order: number | string;
  max_per_order: number | string;
  is_hidden: boolean;
  hide_when_sold_out: boolean;
  /** Sold out: buyers may join a waitlist, and tickets that come back are offered to them first. */
  waitlist_enabled: boolean;
  hide_before_sale_start: boolean;
  hide_after_sale_end: boolean;
  requires_promo_code: boolean;
  /** Sales channels: sold online (event page, widget, API), at the box office, or both (never neither)… */
  sold_online: boolean;
  sold_at_box_office: boolean;
  /** …and, for a paid ticket sold at the box office, its price there when it differs (empty: the same price). */
  box_office_price: number | string;
  /** A pass: one purchase admits on every date it is sold on that is ahead (a ticket with one price only)… */
  is_pass: boolean;
  /** …priced by the dates that remain… */
  pass_prorated: boolean;
  /** …or for any `pass_picks` of its dates, which the holder picks after buying. */
  pass_picks_on: boolean;
  pass_picks: number | string;
  tax_and_fee_ids: string[];
  /** The category (its id as text); null: a new ticket goes in the first, a changed one stays. */
  category_id: string | null;
}

let nextKey = 0;
/** A blank tier row. */
export const newTier = (): TierValues => ({
  key: `new-${++nextKey}`,
  label: '',
  price: '',
  unlimited: true,
  quantity: '',
  sale_start: null,
  sale_end: null,
  is_hidden: false,
  has_sales: false,
});

const money = (minor: number | null, currency: string) => (minor === null ? '' : fromMinorUnits(minor, currency));
const picker = (iso: string | null, timeZone: string) => (iso ? toZonedPickerValue(iso, timeZone) : null);

function tierValues(tier: TicketTierDto, currency: string, timeZone: string): TierValues {
  return {
    key: `tier-${tier.id}`,
    id: tier.id,
    label: tier.label,
    price: money(tier.price, currency),
    unlimited: tier.quantity === null,
    quantity: tier.quantity ?? '',
    sale_start: picker(tier.sale_start, timeZone),
    sale_end: picker(tier.sale_end, timeZone),
    is_hidden: tier.is_hidden,
    has_sales: tier.has_sales,
  };
}

/** Form values for an existing ticket, or for a new one with the account's default taxes chosen. */
export function ticketValues(
  ticket: TicketDto | undefined,
  currency: string,
  timeZone: string,
  defaultTaxIds: number[],
  categoryId: number | null = null,
): TicketValues {
  if (!ticket) {
    return {
      name: '',
      description: '',
      mail_text: '',
      type: 'PAID',
      product_type: 'TICKET',
      is_addon: false,
      addon_max_per_ticket: 1,
      price: '',
      min_price: '',
      tiers: [newTier()],
      unlimited: true,
      quantity: '',
      sale_start: null,
      sale_end: null,
      min_per_order: 1,
      max_per_order: '',
      is_hidden: false,
      hide_when_sold_out: false,
      waitlist_enabled: false,
      hide_before_sale_start: false,
      hide_after_sale_end: false,
      requires_promo_code: false,
      sold_online: true,
      sold_at_box_office: true,
      box_office_price: '',
      is_pass: false,
      pass_prorated: false,
      pass_picks_on: false,
      pass_picks: 5,
      tax_and_fee_ids: defaultTaxIds.map(String),
      category_id: categoryId === null ? null : String(categoryId),
    };
  }
  return {
    name: ticket.name,
    description: ticket.description ?? '',
    mail_text: ticket.mail_text ?? '',
    type: ticket.type,
    product_type: ticket.product_type,
    is_addon: ticket.addon_max_per_ticket !== null,
    addon_max_per_ticket: ticket.addon_max_per_ticket ?? 1,
    price: money(ticket.price, currency),
    min_price: money(ticket.min_price, currency),
    tiers: ticket.tiers.length ? ticket.tiers.map((t) => tierValues(t, currency, timeZone)) : [newTier()],
    unlimited: ticket.quantity === null,
    quantity: ticket.quantity ?? '',
    sale_start: picker(ticket.sale_start, timeZone),
    sale_end: picker(ticket.sale_end, timeZone),
    min_per_order: ticket.min_per_order,
    max_per_order: ticket.max_per_order ?? '',
    is_hidden: ticket.is_hidden,
    hide_when_sold_out: ticket.hide_when_sold_out,
    waitlist_enabled: ticket.waitlist_enabled,
    hide_before_sale_start: ticket.hide_before_sale_start,
    hide_after_sale_end: ticket.hide_after_sale_end,
    requires_promo_code: ticket.requires_promo_code,
    sold_online: ticket.sold_online,
    sold_at_box_office: ticket.sold_at_box_office,
    box_office_price: money(ticket.box_office_price, currency),
    is_pass: ticket.is_pass,
    pass_prorated: ticket.pass_prorated,
    pass_picks_on: typeof ticket.pass_picks === 'number',
    pass_picks: ticket.pass_picks ?? 5,
    tax_and_fee_ids: ticket.tax_and_fee_ids.map(String),
    category_id: String(ticket.category_id),
  };
}

// An emptied number field is sent as null so the schema reports "required" on it.
const minor = (v: number | string, currency: string) =>
  (typeof v === 'number' ? toMinorUnits(v, currency) : null) as number;
const count = (v: number | string) => (typeof v === 'number' ? v : null) as number;

/** Whether the form's ticket may be a pass: a ticket (not a product) with one price (not tiered). */
export const canBePass = (v: Pick<TicketValues, 'product_type' | 'type'>) =>
  v.product_type === 'TICKET' && v.type !== 'TIERED';

/** The API body for the form values (money in minor units, times as wall clock in the event zone). */
export function ticketBody(v: TicketValues, currency: string): TicketBody {
  const pass = canBePass(v) && v.is_pass;
  return {
    name: v.name,
    description: v.description.trim() || null,
    mail_text: v.mail_text.trim() || null,
    type: v.type,
    product_type: v.product_type,
    addon_max_per_ticket: v.product_type === 'GENERAL' && v.is_addon ? count(v.addon_max_per_ticket) : null,
    price: v.type === 'PAID' ? minor(v.price, currency) : null,
    min_price: v.type === 'DONATION' ? minor(v.min_price, currency) : null,
    tiers:
      v.type === 'TIERED'
        ? v.tiers.map((t) => ({
            ...(t.id ? { id: t.id } : {}),
            label: t.label,
            price: minor(t.price, currency),
            quantity: t.unlimited ? null : count(t.quantity),
            sale_start: toWallClock(t.sale_start),
            sale_end: toWallClock(t.sale_end),
            is_hidden: t.is_hidden,
          }))
        : [],
    quantity: v.unlimited || v.type === 'TIERED' ? null : count(v.quantity),
    sale_start: toWallClock(v.sale_start),
    sale_end: toWallClock(v.sale_end),
    min_per_order: typeof v.min_per_order === 'number' ? v.min_per_order : 1,
    max_per_order: typeof v.max_per_order === 'number' ? v.max_per_order : null,
    is_hidden: v.is_hidden,
    hide_when_sold_out: v.hide_when_sold_out,
    // A pass has no waitlist (it needs a place on every one of its dates).
    waitlist_enabled: v.waitlist_enabled && !pass,
    hide_before_sale_start: v.hide_before_sale_start,
    hide_after_sale_end: v.hide_after_sale_end,
    requires_promo_code: v.requires_promo_code,
    sold_online: v.sold_online,
    sold_at_box_office: v.sold_at_box_office,
    // Optional: left empty, the box office charges the price. Only a paid ticket sold there has one.
    box_office_price:
      v.type === 'PAID' && v.sold_at_box_office && typeof v.box_office_price === 'number'
        ? toMinorUnits(v.box_office_price, currency)
        : null,
    is_pass: pass,
    pass_prorated: pass && !v.pass_picks_on && v.type === 'PAID' && v.pass_prorated,
    pass_picks: pass && v.pass_picks_on ? count(v.pass_picks) : null,
    tax_and_fee_ids: v.tax_and_fee_ids.map(Number),
    category_id: v.category_id ? Number(v.category_id) : null,
  };
}

/** The body that saves a ticket unchanged except for its hidden flag (hide/unhide from the list). */
export function withHidden(ticket: TicketDto, hidden: boolean, currency: string, timeZone: string): TicketBody {
  return { ...ticketBody(ticketValues(ticket, currency, timeZone, []), currency), is_hidden: hidden };
}

/** The base price the "buyer pays" preview starts from: 0 free, the price, the donation minimum, the cheapest tier. */
export function previewBase(v: TicketValues, currency: string): number | null {
  const m = (x: number | string) => (typeof x === 'number' && x >= 0 ? toMinorUnits(x, currency) : null);
  if (v.type === 'FREE') return 0;
  if (v.type === 'PAID') return m(v.price);
  if (v.type === 'DONATION') return m(v.min_price);
  const prices = v.tiers.map((t) => m(t.price)).filter((p): p is number => p !== null);
  return prices.length ? Math.min(...prices) : null;
}

/** Errors the schema cannot see: a quantity left empty without "unlimited" would silently mean unlimited. */
export function quantityErrors(v: TicketValues, required: string): Record<string, string> {
  const errors: Record<string, string> = {};
  if (v.type !== 'TIERED' && !v.unlimited && typeof v.quantity !== 'number') errors.quantity = required;
  if (v.type === 'TIERED') {
    v.tiers.forEach((t, i) => {
      if (!t.unlimited && typeof t.quantity !== 'number') errors[`tiers.${i}.quantity`] = required;
    });
  }
  return errors;
}
