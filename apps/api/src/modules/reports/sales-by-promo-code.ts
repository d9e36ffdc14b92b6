import type { PromoCodeSalesRowDto, SalesByPromoCodeReportDto } from '@admitone/shared';
import { sql } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { rowsOf } from '../inventory/counters.js';
import { refundRecords } from './refund-records.js';
import { num, type ReportEvent } from './report-event.js';
import type { ReportPeriod } from './report-period.js';
import { soldInPeriod, UNITS_OF_ORDER } from './sold-orders.js';

type Figures = Omit<PromoCodeSalesRowDto, 'promo_code_id' | 'code'>;
const zero = (): Figures => ({ orders: 0, units: 0, discounts: 0, gross: 0, refunded: 0, net: 0 });

/** The row an order counts in: its code (by id, or as written when the code was deleted since), or none. */
const keyOf = (promoCodeId: number | null, code: string | null) =>
  promoCodeId !== null ? `id:${promoCodeId}` : code ? `code:${code.toUpperCase()}` : 'none';

/**
 * Per promo code: the sold orders of the period that used it (counted as on the dashboard), their
 * units, the discount they got, gross, refunds made in the period and net. Every code of the event
 * is listed, also unused ones; orders without a code are the last row (`code` null); the totals
 * are all sold orders, so they agree with the dashboard and the other reports.
 */
export async function salesByPromoCode(
  db: Executor,
  event: ReportEvent,
  period: ReportPeriod,
): Promise<SalesByPromoCodeReportDto> {
  const codes = await rowsOf<{ id: number; code: string }>(
    db,
    sql`select id, code from promo_codes where event_id = ${event.id} order by code_key, id`,
  );
  const sold = await rowsOf<{
    promo_code_id: number | null;
    promo_code: string | null;
    orders: number;
    units: string;
    discounts: string;
    gross: string;
  }>(
    db,
    sql`select o.promo_code_id, o.promo_code, count(*)::int as orders, sum(u.units) as units, sum(o.discount_total) as discounts, sum(o.total) as gross
        from orders o ${UNITS_OF_ORDER}
        where o.event_id = ${event.id} and ${soldInPeriod(event.timezone, period)}
        group by o.promo_code_id, o.promo_code`,
  );
  const refunds = await refundRecords(db, { eventId: event.id }, period);

  const figures = new Map<string, Figures & { code: string | null; promo_code_id: number | null }>();
  const row = (promoCodeId: number | null, code: string | null) => {
    const id = promoCodeId === null ? null : Number(promoCodeId);
    const k = keyOf(id, code);
    if (!figures.has(k)) figures.set(k, { promo_code_id: id, code: id === null ? (code ?? null) : code, ...zero() });
    return figures.get(k)!;
  };
  for (const c of codes) row(c.id, c.code).code = c.code;
  for (const s of sold) {
    const f = row(s.promo_code_id, s.promo_code);
    f.orders += Number(s.orders);
    f.units += num(s.units);
    f.discounts += num(s.discounts);
    f.gross += num(s.gross);
  }
  for (const r of refunds) row(r.promo_code_id, r.promo_code).refunded += r.amount;
  row(null, null);

  const known = codes.map((c) => figures.get(keyOf(Number(c.id), c.code))!);
  const gone = [...figures.entries()]
    .filter(
      ([k]) => k.startsWith('code:') || (k.startsWith('id:') && !known.some((f) => `id:${f.promo_code_id}` === k)),
    )
    .map(([, f]) => f);
  const rows = [...known, ...gone.sort((a, b) => (a.code ?? '').localeCompare(b.code ?? '')), figures.get('none')!].map(
    (f) => ({ ...f, net: f.gross - f.refunded }),
  );
  const totals = zero();
  for (const f of rows)
    for (const k of ['orders', 'units', 'discounts', 'gross', 'refunded'] as const) totals[k] += f[k];
  totals.net = totals.gross - totals.refunded;
  return { report: 'sales-by-promo-code', currency: event.currency, timezone: event.timezone, period, rows, totals };
}
