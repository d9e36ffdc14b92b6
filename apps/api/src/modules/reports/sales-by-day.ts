import {
  CHANNEL_SALES_FIGURES,
  type ChannelSalesDto,
  type DaySalesRowDto,
  type SalesByDayReportDto,
} from '@admitone/shared';
import { sql } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { localDayText } from '../../db/sql-local-time.js';
import { rowsOf } from '../inventory/counters.js';
import { channelSales, channelSums } from './channel-split.js';
import { refundRecords, sumBy } from './refund-records.js';
import { num, type ReportEvent } from './report-event.js';
import { daysOf, type ReportPeriod } from './report-period.js';
import { soldInPeriod, UNITS_OF_ORDER } from './sold-orders.js';

/**
 * Day by day in the event's time zone: sold orders by the day they completed (as the dashboard's daily
 * series), their units and gross, also by sale channel (channel-split.ts); refunds by the day they were made;
 * net = gross - refunded. Every day of the period is a row, days without anything too.
 */
export async function salesByDay(
  db: Executor,
  event: ReportEvent,
  period: ReportPeriod,
  now: Date,
): Promise<SalesByDayReportDto> {
  const sold = await rowsOf<
    { day: string; orders: number; units: string; gross: string } & Record<keyof ChannelSalesDto, string>
  >(
    db,
    sql`select ${localDayText(sql.raw('o.completed_at'), event.timezone)} as day, count(*)::int as orders, sum(u.units) as units, sum(o.total) as gross,
          ${channelSums(sql`u.units`, sql`o.total`)}
        from orders o ${UNITS_OF_ORDER}
        where o.event_id = ${event.id} and ${soldInPeriod(event.timezone, period)}
        group by 1`,
  );
  const refunds = await refundRecords(db, { eventId: event.id }, period);
  const refunded = sumBy(
    refunds,
    (r) => r.day,
    (r) => r.amount,
  );
  const byDay = new Map(sold.map((s) => [s.day, s]));
  const days = daysOf(period, [...byDay.keys(), ...refunded.keys()], event.timezone, now);
  const rows: DaySalesRowDto[] = days.map((date) => {
    const s = byDay.get(date);
    const gross = num(s?.gross);
    const back = refunded.get(date) ?? 0;
    return {
      date,
      orders: Number(s?.orders ?? 0),
      units: num(s?.units),
      gross,
      refunded: back,
      net: gross - back,
      ...channelSales(s),
    };
  });
  const totals = { orders: 0, units: 0, gross: 0, refunded: 0, net: 0, ...channelSales() };
  const keys = ['orders', 'units', 'gross', 'refunded', 'net', ...CHANNEL_SALES_FIGURES] as const;
  for (const r of rows) for (const k of keys) totals[k] += r[k];
  return { report: 'sales-by-day', currency: event.currency, timezone: event.timezone, period, rows, totals };
}
