import {
  CHANNEL_SALES_FIGURES,
  type ChannelSalesDto,
  type CurrencyTotalsDto,
  type EventSalesRowDto,
  type SalesByEventReportDto,
} from '@admitone/shared';
import { sql } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { rowsOf } from '../inventory/counters.js';
import { channelSales, channelSums } from './channel-split.js';
import { refundRecords, sumBy } from './refund-records.js';
import { num } from './report-event.js';
import type { ReportPeriod } from './report-period.js';
import { soldInPeriod, UNITS_OF_ORDER } from './sold-orders.js';

/**
 * The account's sales per event in the period, each event's days read in its own time zone (so a row
 * is that event's "sales by day" total for the same dates): sold orders, units, gross (also by sale channel),
 * refunds made in the period and net, in the event's currency. Only events with sales or refunds in the period;
 * totals per currency, never across currencies. `eventIds` (a member's or key's scope): only those events.
 */
export async function salesByEvent(
  db: Executor,
  accountId: number,
  period: ReportPeriod,
  eventIds: readonly number[] | null = null,
): Promise<SalesByEventReportDto> {
  const sold = await rowsOf<
    { event_id: number; orders: number; units: string; gross: string } & Record<keyof ChannelSalesDto, string>
  >(
    db,
    sql`select o.event_id, count(*)::int as orders, sum(u.units) as units, sum(o.total) as gross,
          ${channelSums(sql`u.units`, sql`o.total`)}
        from orders o join events ev on ev.id = o.event_id ${UNITS_OF_ORDER}
        where o.account_id = ${accountId} and ${soldInPeriod(sql.raw('ev.timezone'), period)}
        group by o.event_id`,
  );
  const refunded = sumBy(
    await refundRecords(db, { accountId }, period),
    (r) => String(r.event_id),
    (r) => r.amount,
  );
  const inScope = (id: string) => eventIds === null || eventIds.includes(Number(id));
  const ids = new Set([...sold.map((s) => String(s.event_id)), ...refunded.keys()].filter(inScope));
  if (!ids.size) return { period, rows: [], totals: [] };
  const events = await rowsOf<{
    id: number;
    title: string;
    start_date: Date | string;
    timezone: string;
    currency: string;
  }>(
    db,
    sql`select id, title, start_date, timezone, currency from events where account_id = ${accountId} and id in (${sql.join(
      [...ids].map((id) => sql`${Number(id)}`),
      sql`, `,
    )}) order by start_date desc, id desc`,
  );
  const byEvent = new Map(sold.map((s) => [String(s.event_id), s]));
  const rows: EventSalesRowDto[] = events.map((e) => {
    const s = byEvent.get(String(e.id));
    const gross = num(s?.gross);
    const back = refunded.get(String(e.id)) ?? 0;
    return {
      event_id: Number(e.id),
      title: e.title,
      start_date: new Date(e.start_date).toISOString(),
      timezone: e.timezone,
      currency: e.currency,
      orders: Number(s?.orders ?? 0),
      units: num(s?.units),
      gross,
      refunded: back,
      net: gross - back,
      ...channelSales(s),
    };
  });
  const totals = new Map<string, CurrencyTotalsDto>();
  for (const r of rows) {
    const t = totals.get(r.currency) ?? {
      currency: r.currency,
      events: 0,
      orders: 0,
      units: 0,
      gross: 0,
      refunded: 0,
      net: 0,
      ...channelSales(),
    };
    t.events += 1;
    for (const k of ['orders', 'units', 'gross', 'refunded', 'net', ...CHANNEL_SALES_FIGURES] as const) t[k] += r[k];
    totals.set(r.currency, t);
  }
  return { period, rows, totals: [...totals.values()].sort((a, b) => a.currency.localeCompare(b.currency)) };
}
