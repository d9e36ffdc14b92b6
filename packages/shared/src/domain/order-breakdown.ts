import type { OrderTotals } from '../contracts/checkout.js';

/** An order line as every screen, mail and document shows it: at list price, before discount, fees and taxes. */
export interface BreakdownLine {
  ticket_name: string;
  tier_label: string | null;
  quantity: number;
  /** The ticket's list price (tier price, donation given), minor units. */
  unit_price: number;
  /** unit_price × quantity. */
  amount: number;
}

/** One row under the lines; `discount` is subtracted, the others added. */
export type BreakdownRow = { kind: 'subtotal' | 'discount' | 'fees' | 'taxes' | 'total'; amount: number };

export interface OrderBreakdown {
  lines: BreakdownLine[];
  /** Subtotal (when anything follows it), discount, fees, taxes (each when not zero), total. */
  rows: BreakdownRow[];
}

/**
 * The one layout of an order's money (checkout, order page, organizer's order, mails): lines at list
 * price, then subtotal, discount, fees, taxes and total, so what is on screen adds up: the lines sum
 * to the subtotal, and subtotal − discount + fees + taxes = total. (Lines at the price after discount,
 * fees and taxes, followed by a discount row, looked like the discount was taken twice.)
 */
export function orderBreakdown(
  items: ReadonlyArray<{ ticket_name: string; tier_label: string | null; quantity: number; unit: { base: number } }>,
  totals: OrderTotals,
): OrderBreakdown {
  const lines = items.map((i) => ({
    ticket_name: i.ticket_name,
    tier_label: i.tier_label,
    quantity: i.quantity,
    unit_price: i.unit.base,
    amount: i.unit.base * i.quantity,
  }));
  return { lines, rows: breakdownRows(totals) };
}

/** The rows under the lines: subtotal (when anything follows it), discount, fees, taxes (each when not zero), total. */
export function breakdownRows(totals: OrderTotals): BreakdownRow[] {
  const rows: BreakdownRow[] = [];
  if (totals.discount || totals.fees || totals.taxes) rows.push({ kind: 'subtotal', amount: totals.subtotal });
  if (totals.discount) rows.push({ kind: 'discount', amount: totals.discount });
  if (totals.fees) rows.push({ kind: 'fees', amount: totals.fees });
  if (totals.taxes) rows.push({ kind: 'taxes', amount: totals.taxes });
  rows.push({ kind: 'total', amount: totals.total });
  return rows;
}
