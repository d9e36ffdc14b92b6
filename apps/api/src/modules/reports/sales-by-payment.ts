import type { PaymentProvider, PaymentSalesRowDto, SalesByPaymentReportDto } from '@admitone/shared';
import { sql } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { rowsOf } from '../inventory/counters.js';
import { refundRecords } from './refund-records.js';
import { num, type ReportEvent } from './report-event.js';
import { forPeriodDate, inPeriod, type ReportPeriod } from './report-period.js';
import { soldInPeriod } from './sold-orders.js';

type Figures = Omit<PaymentSalesRowDto, 'provider' | 'method'>;
const zero = (): Figures => ({ orders: 0, gross: 0, refunded: 0, charged_back: 0, net: 0 });

/**
 * Per way of paying (the order's provider and, where known, the method there): the sold orders of the period (counted
 * as on the dashboard) and their gross, the refunds made in the period, and what buyers' banks took back in the period
 * (the orders' CHARGEBACK history). Orders with nothing to pay are one row (provider null), listed last; the others by
 * gross, largest first. The totals are all sold orders, so they agree with the dashboard and the other reports.
 */
export async function salesByPayment(
  db: Executor,
  event: ReportEvent,
  period: ReportPeriod,
): Promise<SalesByPaymentReportDto> {
  const sold = await rowsOf<{ provider: PaymentProvider | null; method: string | null; orders: number; gross: string }>(
    db,
    sql`select case when o.total = 0 then null else o.payment_provider end as provider,
          case when o.total = 0 then null else o.payment_method end as method,
          count(*)::int as orders, sum(o.total) as gross
        from orders o
        where o.event_id = ${event.id} and ${soldInPeriod(event.timezone, period)}
        group by 1, 2`,
  );
  const chargebacks = await rowsOf<{ provider: PaymentProvider | null; method: string | null; amount: string }>(
    db,
    sql`select o.payment_provider as provider, o.payment_method as method,
          sum(coalesce((h.data->>'amount')::int, 0)) as amount
        from order_events h
        join orders o on o.id = h.order_id
        where o.event_id = ${event.id} and h.kind = 'CHARGEBACK'
          and ${inPeriod(sql.raw('h.created_at'), event.timezone, period)} and ${forPeriodDate(period)}
        group by 1, 2`,
  );
  const refunds = await refundRecords(db, { eventId: event.id }, period);

  const figures = new Map<string, PaymentSalesRowDto>();
  const row = (provider: PaymentProvider | null, method: string | null) => {
    const k = `${provider ?? ''}:${method ?? ''}`;
    if (!figures.has(k)) figures.set(k, { provider, method, ...zero() });
    return figures.get(k)!;
  };
  for (const s of sold) {
    const f = row(s.provider, s.method);
    f.orders += Number(s.orders);
    f.gross += num(s.gross);
  }
  for (const r of refunds) row(r.payment_provider, r.payment_method).refunded += r.amount;
  for (const c of chargebacks) row(c.provider, c.method).charged_back += num(c.amount);

  const rows = [...figures.values()]
    .map((f) => ({ ...f, net: f.gross - f.refunded - f.charged_back }))
    .sort((a, b) => Number(a.provider === null) - Number(b.provider === null) || b.gross - a.gross);
  const totals = zero();
  for (const f of rows) for (const k of ['orders', 'gross', 'refunded', 'charged_back'] as const) totals[k] += f[k];
  totals.net = totals.gross - totals.refunded - totals.charged_back;
  return { report: 'sales-by-payment', currency: event.currency, timezone: event.timezone, period, rows, totals };
}
