import type { RefundsReportDto } from '@admitone/shared';
import { personName } from '@admitone/shared';

import type { Executor } from '../../db/client.js';
import { refundRecords } from './refund-records.js';
import type { ReportEvent } from './report-event.js';
import type { ReportPeriod } from './report-period.js';

/** Each refund made in the period, oldest first (refund-records.ts), with the count and the sum. */
export async function refundsReport(db: Executor, event: ReportEvent, period: ReportPeriod): Promise<RefundsReportDto> {
  const refunds = await refundRecords(db, { eventId: event.id }, period);
  const rows = refunds.map((r) => ({
    order_id: r.order_id,
    order_number: r.order_number,
    buyer_name: personName(r) || null,
    refunded_at: r.at.toISOString(),
    amount: r.amount,
  }));
  return {
    report: 'refunds',
    currency: event.currency,
    timezone: event.timezone,
    period,
    rows,
    totals: { refunds: rows.length, amount: rows.reduce((s, r) => s + r.amount, 0) },
  };
}
