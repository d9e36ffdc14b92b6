/**
 * The one pricing rule, in integer minor units (see docs/DOMAIN.md). Per unit:
 * base (tier price; a donation's chosen amount) -> promo discount (percentage or fixed; never below
 * zero; not for free or donation tickets) -> fees (fixed, or a percentage of the discounted price)
 * -> taxes (fixed, or a percentage of the discounted price plus fees). A unit that is free after the
 * discount carries no fees and no taxes. Every percentage is rounded half-up, once, per unit.
 */

export type TicketKind = 'FREE' | 'PAID' | 'DONATION' | 'TIERED';

export interface Charge {
  id: number;
  name: string;
  type: 'TAX' | 'FEE';
  calculation_type: 'PERCENTAGE' | 'FIXED';
  /** A percentage (up to 3 decimals) or an amount in minor units. */
  rate: number;
}

export interface Promo {
  discount_type: 'PERCENTAGE' | 'FIXED' | 'NONE';
  /** A percentage (0-100) or an amount in minor units. */
  discount: number;
}

export interface UnitPrice {
  base: number;
  discount: number;
  /** Base minus discount: what the ticket itself costs. */
  price: number;
  fees: Array<{ id: number; name: string; amount: number }>;
  taxes: Array<{ id: number; name: string; amount: number }>;
  fee_total: number;
  tax_total: number;
  /** What the buyer pays for one unit. */
  total: number;
  /**
   * Taxes the unit would carry but does not, because the buyer accounts for them (reverse charge, docs/DOMAIN.md
   * "Invoices"); absent: none left out.
   */
  exempt_taxes?: Array<{ id: number; name: string; amount: number }>;
}

/** `amount * percent / 100`, rounded half-up, exactly (percent has at most 3 decimals). */
export function percentOf(amount: number, percent: number): number {
  const milli = Math.round(percent * 1000);
  return Math.floor((amount * milli + 50_000) / 100_000);
}

/** Prices one unit of a ticket. `base` is the tier price, the paid price, 0 for free, or the donation. */
export function priceUnit(
  kind: TicketKind,
  base: number,
  charges: readonly Charge[],
  promo: Promo | null = null,
): UnitPrice {
  if (!Number.isInteger(base) || base < 0) throw new RangeError(`base must be a non-negative integer, got ${base}`);
  let discount = 0;
  if (promo && (kind === 'PAID' || kind === 'TIERED')) {
    if (promo.discount_type === 'PERCENTAGE') discount = percentOf(base, Math.min(100, promo.discount));
    else if (promo.discount_type === 'FIXED') discount = promo.discount;
    discount = Math.min(base, Math.max(0, discount));
  }
  const price = base - discount;
  if (price === 0) return { base, discount, price, fees: [], taxes: [], fee_total: 0, tax_total: 0, total: 0 };

  const amountOf = (c: Charge, of: number) => (c.calculation_type === 'PERCENTAGE' ? percentOf(of, c.rate) : c.rate);
  const fees = charges
    .filter((c) => c.type === 'FEE')
    .map((c) => ({ id: c.id, name: c.name, amount: amountOf(c, price) }));
  const fee_total = fees.reduce((s, f) => s + f.amount, 0);
  const taxes = charges
    .filter((c) => c.type === 'TAX')
    .map((c) => ({ id: c.id, name: c.name, amount: amountOf(c, price + fee_total) }));
  const tax_total = taxes.reduce((s, t) => s + t.amount, 0);
  return { base, discount, price, fees, taxes, fee_total, tax_total, total: price + fee_total + tax_total };
}
