import type { AffiliateSalesRowDto, SalesByAffiliateReportDto } from '@admitone/shared';
import { sql } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { rowsOf } from '../inventory/counters.js';
import { refundRecords } from './refund-records.js';
import { num, type ReportEvent } from './report-event.js';
import type { ReportPeriod } from './report-period.js';
import { soldInPeriod, UNITS_OF_ORDER } from './sold-orders.js';

type Figures = Omit<AffiliateSalesRowDto, 'affiliate_id' | 'name' | 'code'>;
const zero = (): Figures => ({ orders: 0, units: 0, gross: 0, refunded: 0, net: 0 });

/**
 * Per affiliate: the sold orders of the period its link brought (counted as on the dashboard), their
 * units, gross, refunds made in the period and net. Every affiliate of the event is listed, also
 * those without sales; orders no affiliate brought (or whose affiliate was deleted) are the last row.
 */
export async function salesByAffiliate(
  db: Executor,
  event: ReportEvent,
  period: ReportPeriod,
): Promise<SalesByAffiliateReportDto> {
  const affiliates = await rowsOf<{ id: number; name: string; code: string }>(
    db,
    sql`select id, name, code from affiliates where event_id = ${event.id} order by lower(name), id`,
  );
  const sold = await rowsOf<{ affiliate_id: number | null; orders: number; units: string; gross: string }>(
    db,
    sql`select o.affiliate_id, count(*)::int as orders, sum(u.units) as units, sum(o.total) as gross
        from orders o ${UNITS_OF_ORDER}
        where o.event_id = ${event.id} and ${soldInPeriod(event.timezone, period)}
        group by o.affiliate_id`,
  );
  const refunds = await refundRecords(db, { eventId: event.id }, period);
  const ids = new Set(affiliates.map((a) => Number(a.id)));
  const figures = new Map<number | null, Figures>([
    [null, zero()],
    ...affiliates.map((a): [number, Figures] => [Number(a.id), zero()]),
  ]);
  const of = (id: number | null) => figures.get(id !== null && ids.has(Number(id)) ? Number(id) : null)!;
  for (const s of sold) {
    const f = of(s.affiliate_id);
    f.orders += Number(s.orders);
    f.units += num(s.units);
    f.gross += num(s.gross);
  }
  for (const r of refunds) of(r.affiliate_id).refunded += r.amount;

  const rows: AffiliateSalesRowDto[] = [
    ...affiliates.map((a) => ({
      affiliate_id: Number(a.id),
      name: a.name,
      code: a.code,
      ...figures.get(Number(a.id))!,
    })),
    { affiliate_id: null, name: null, code: null, ...figures.get(null)! },
  ].map((r) => ({ ...r, net: r.gross - r.refunded }));
  const totals = zero();
  for (const r of rows) for (const k of ['orders', 'units', 'gross', 'refunded'] as const) totals[k] += r[k];
  totals.net = totals.gross - totals.refunded;
  return { report: 'sales-by-affiliate', currency: event.currency, timezone: event.timezone, period, rows, totals };
}
