import {
  CHANNEL_SALES_FIGURES,
  type ChannelSalesDto,
  type ProductSalesRowDto,
  type ProductType,
  type SalesByProductReportDto,
  type SalesMoneyDto,
} from '@admitone/shared';
import { sql } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { rowsOf } from '../inventory/counters.js';
import { channelSales, channelSums } from './channel-split.js';
import { refundRecords } from './refund-records.js';
import { refundsPerLine } from './refund-shares.js';
import { num, type ReportEvent } from './report-event.js';
import type { ReportPeriod } from './report-period.js';
import { soldInPeriod } from './sold-orders.js';

type Figures = SalesMoneyDto & ChannelSalesDto & { units: number };
const zero = (): Figures => ({
  units: 0,
  gross: 0,
  discounts: 0,
  taxes: 0,
  fees: 0,
  refunded: 0,
  net: 0,
  ...channelSales(),
});
const withNet = (f: Figures): Figures => ({ ...f, net: f.gross - f.refunded });
const ADDED = ['units', 'gross', 'discounts', 'taxes', 'fees', 'refunded', ...CHANNEL_SALES_FIGURES] as const;
function add(into: Figures, f: Partial<Figures>) {
  for (const k of ADDED) into[k] += f[k] ?? 0;
}

/**
 * What each product (ticket or general product) sold in the period, and each tier of a tiered one:
 * units and gross as the dashboard's "by product" (order lines of sold orders), of it the discounts,
 * taxes and fees the lines carried, and units and gross by sale channel (channel-split.ts); refunds made in the
 * period shared over the refunded orders' lines (refund-shares.ts); net = gross - refunded. Every product of the
 * event, in the order buyers see them.
 */
export async function salesByProduct(
  db: Executor,
  event: ReportEvent,
  period: ReportPeriod,
): Promise<SalesByProductReportDto> {
  const products = await rowsOf<{ id: number; name: string; product_type: ProductType }>(
    db,
    sql`select t.id, t.name, t.product_type from tickets t join product_categories c on c.id = t.category_id
        where t.event_id = ${event.id} order by c.sort_order, c.id, t.sort_order, t.id`,
  );
  const tiers = await rowsOf<{ id: number; ticket_id: number; label: string }>(
    db,
    sql`select r.id, r.ticket_id, r.label from ticket_tiers r join tickets t on t.id = r.ticket_id where t.event_id = ${event.id} order by r.sort_order, r.id`,
  );
  const sold = await rowsOf<
    {
      ticket_id: number;
      tier_id: number | null;
      units: string;
      gross: string;
      discounts: string;
      taxes: string;
      fees: string;
    } & Record<keyof ChannelSalesDto, string>
  >(
    db,
    sql`select i.ticket_id, i.tier_id, sum(i.quantity) as units, sum(i.total) as gross,
          sum(coalesce((i.unit->>'discount')::bigint, 0) * i.quantity) as discounts,
          sum(coalesce((i.unit->>'tax_total')::bigint, 0) * i.quantity) as taxes,
          sum(coalesce((i.unit->>'fee_total')::bigint, 0) * i.quantity) as fees,
          ${channelSums(sql`i.quantity`, sql`i.total`)}
        from order_items i join orders o on o.id = i.order_id
        where o.event_id = ${event.id} and ${soldInPeriod(event.timezone, period)}
        group by i.ticket_id, i.tier_id`,
  );
  const refunds = await refundsPerLine(db, await refundRecords(db, { eventId: event.id }, period));

  const key = (ticketId: number, tierId: number | null) => `${ticketId}:${tierId ?? ''}`;
  const lines = new Map<string, Figures>();
  const line = (ticketId: number, tierId: number | null) => {
    const k = key(Number(ticketId), tierId === null ? null : Number(tierId));
    if (!lines.has(k)) lines.set(k, zero());
    return lines.get(k)!;
  };
  for (const s of sold)
    add(line(s.ticket_id, s.tier_id), {
      units: num(s.units),
      gross: num(s.gross),
      discounts: num(s.discounts),
      taxes: num(s.taxes),
      fees: num(s.fees),
      ...channelSales(s),
    });
  for (const r of refunds) add(line(r.ticket_id, r.tier_id), { refunded: r.amount });

  const totals = zero();
  const rows: ProductSalesRowDto[] = products.map((p) => {
    const own = zero();
    for (const [k, f] of lines) if (k.startsWith(`${p.id}:`)) add(own, f);
    add(totals, own);
    const tierRows = tiers
      .filter((t) => Number(t.ticket_id) === Number(p.id))
      .map((t) => ({
        tier_id: Number(t.id),
        label: t.label,
        ...withNet(lines.get(key(Number(p.id), Number(t.id))) ?? zero()),
      }));
    return { ticket_id: Number(p.id), name: p.name, product_type: p.product_type, ...withNet(own), tiers: tierRows };
  });
  return {
    report: 'sales-by-product',
    currency: event.currency,
    timezone: event.timezone,
    period,
    rows,
    totals: withNet(totals),
  };
}
