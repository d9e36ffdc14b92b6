import { type SQL, sql } from 'drizzle-orm';

import { SOLD } from '../events/event-stats.js';
import { forPeriodDate, inPeriod, type ReportPeriod } from './report-period.js';

/**
 * The sales of a period, as the dashboard counts them (events/event-stats.ts): orders `o` in a SOLD
 * status that completed, counted on the day they completed (in `tz`), also when refunded since.
 * Refunds are their own figure (refund-records.ts). With the period's date, only orders for that date.
 */
export function soldInPeriod(tz: SQL | string, period: ReportPeriod): SQL {
  return sql`o.status in ${SOLD} and o.completed_at is not null and ${inPeriod(sql.raw('o.completed_at'), tz, period)}
    and ${forPeriodDate(period)}`;
}

/** Units (order lines' quantities) of order `o`, as a lateral join named `u`. */
export const UNITS_OF_ORDER = sql.raw(
  'left join lateral (select coalesce(sum(i.quantity), 0) as units from order_items i where i.order_id = o.id) u on true',
);
