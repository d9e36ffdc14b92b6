import type { PublicTicketDto, UnitPrice } from '@admitone/shared';

/** Tickets of the public catalogue for the selector's tests: on sale, 10 selectable, nothing special. */

/** A unit price without discount, fees or taxes (`extra` for those). */
export const unitPrice = (base: number, extra: Partial<UnitPrice> = {}): UnitPrice => ({
  base,
  discount: 0,
  price: base,
  fees: [],
  taxes: [],
  fee_total: 0,
  tax_total: 0,
  total: base,
  ...extra,
});

/** A paid ticket at 10.00 named `T<id>`, with what the test gives. */
export const publicTicket = (t: Partial<PublicTicketDto> & Pick<PublicTicketDto, 'id'>): PublicTicketDto => ({
  name: `T${t.id}`,
  description: null,
  type: 'PAID',
  sale_state: 'ON_SALE',
  sale_start: null,
  sale_end: null,
  min_per_order: 1,
  max_per_order: null,
  max_selectable: 10,
  remaining: null,
  unit: unitPrice(1000),
  min_price: null,
  tiers: [],
  charges: [],
  is_discounted: false,
  unlocked_by_promo: false,
  category_id: 1,
  product_type: 'TICKET',
  addon_max_per_ticket: null,
  waitlist: false,
  waitlist_max: null,
  pass: null,
  ...t,
});
