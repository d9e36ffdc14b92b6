import type { TaxesAndFeesReportDto, TaxFeeRowDto, TaxType } from '@admitone/shared';
import { sql } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { rowsOf } from '../inventory/counters.js';
import { num, type ReportEvent } from './report-event.js';
import type { ReportPeriod } from './report-period.js';
import { soldInPeriod } from './sold-orders.js';

/**
 * The taxes and fees charged on the period's sales (sold orders, as the dashboard counts them), per
 * tax or fee: how many units carried it and the amount, from each order line's priced unit as it was
 * charged (so the rows add up to the dashboard's taxes and fees). Named as now, or as charged when it
 * was deleted since. Refunds are not split back into taxes and fees.
 */
export async function taxesAndFees(
  db: Executor,
  event: ReportEvent,
  period: ReportPeriod,
): Promise<TaxesAndFeesReportDto> {
  const charged = (kind: TaxType, field: 'taxes' | 'fees') => sql`
    select ${kind}::text as type, (c->>'id')::int as id, c->>'name' as name, i.quantity as units, coalesce((c->>'amount')::bigint, 0) * i.quantity as amount
    from order_items i join orders o on o.id = i.order_id cross join lateral jsonb_array_elements(coalesce(i.unit->${sql.raw(`'${field}'`)}, '[]'::jsonb)) c
    where o.event_id = ${event.id} and ${soldInPeriod(event.timezone, period)}`;
  const rows = await rowsOf<{ type: TaxType; id: number; name: string; units: string; amount: string }>(
    db,
    sql`select x.type, x.id, coalesce(max(t.name), max(x.name)) as name, sum(x.units) as units, sum(x.amount) as amount
        from (${charged('TAX', 'taxes')} union all ${charged('FEE', 'fees')}) x
        left join taxes_and_fees t on t.id = x.id and t.account_id = ${event.account_id}
        group by x.type, x.id`,
  );
  const list: TaxFeeRowDto[] = rows
    .map((r) => ({ tax_id: Number(r.id), name: r.name, type: r.type, units: num(r.units), amount: num(r.amount) }))
    .sort((a, b) =>
      a.type === b.type ? a.name.localeCompare(b.name) || a.tax_id - b.tax_id : a.type === 'TAX' ? -1 : 1,
    );
  const taxes = list.filter((r) => r.type === 'TAX').reduce((s, r) => s + r.amount, 0);
  const fees = list.filter((r) => r.type === 'FEE').reduce((s, r) => s + r.amount, 0);
  return {
    report: 'taxes-and-fees',
    currency: event.currency,
    timezone: event.timezone,
    period,
    rows: list,
    totals: { taxes, fees, total: taxes + fees },
  };
}
