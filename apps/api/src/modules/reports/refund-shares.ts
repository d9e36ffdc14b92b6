import { inArray } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { orderItems } from '../../db/schema/index.js';
import type { RefundRecord } from './refund-records.js';

/** What a refund gave back of one order line. */
export interface LineRefund {
  ticket_id: number;
  tier_id: number | null;
  amount: number;
}

/**
 * Splits `amount` over weights in proportion, in whole minor units that add up to it exactly: each
 * share rounded down, the units left over to the largest remainders (the first line on a tie). A
 * line that cost nothing gets nothing; when nothing cost anything, the first line takes it all.
 */
export function splitProportionally(amount: number, weights: number[]): number[] {
  if (!weights.length) return [];
  const sign = amount < 0 ? -1 : 1;
  const whole = BigInt(Math.abs(amount));
  const parts = weights.map((w) => BigInt(Math.max(0, w)));
  const total = parts.reduce((s, w) => s + w, 0n);
  if (total === 0n) return weights.map((_, i) => (i === 0 ? amount : 0));
  // Exact integer arithmetic: amount × weight reaches beyond 2^53 for large orders.
  const shares = parts.map((w) => (whole * w) / total);
  const rests = parts.map((w) => (whole * w) % total);
  let left = whole - shares.reduce((s, v) => s + v, 0n);
  const order = rests
    .map((rest, i) => ({ i, rest }))
    .sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1));
  for (const { i } of order) {
    if (left <= 0n) break;
    shares[i]! += 1n;
    left -= 1n;
  }
  return shares.map((s) => Number(s) * sign);
}

/**
 * The refunds of a period per order line (ticket and tier): an order's refunds are not tied to its
 * lines, so each is shared over them in proportion to what they cost. A full refund gives every line
 * back exactly what it cost.
 */
export async function refundsPerLine(db: Executor, refunds: RefundRecord[]): Promise<LineRefund[]> {
  const orderIds = [...new Set(refunds.map((r) => r.order_id))];
  if (!orderIds.length) return [];
  const lines = await db
    .select({
      order_id: orderItems.order_id,
      ticket_id: orderItems.ticket_id,
      tier_id: orderItems.tier_id,
      total: orderItems.total,
    })
    .from(orderItems)
    .where(inArray(orderItems.order_id, orderIds))
    .orderBy(orderItems.order_id, orderItems.id);
  const byOrder = new Map<number, typeof lines>();
  for (const line of lines) byOrder.set(line.order_id, [...(byOrder.get(line.order_id) ?? []), line]);
  const out: LineRefund[] = [];
  for (const refund of refunds) {
    const own = byOrder.get(refund.order_id) ?? [];
    splitProportionally(
      refund.amount,
      own.map((l) => l.total),
    ).forEach((amount, i) => out.push({ ticket_id: own[i]!.ticket_id, tier_id: own[i]!.tier_id, amount }));
  }
  return out;
}
