import type { EventReportKind, EventReportOf } from '@admitone/shared';

import type { Executor } from '../../db/client.js';
import { checkInsReport } from './check-ins-report.js';
import { refundsReport } from './refunds-report.js';
import type { ReportEvent } from './report-event.js';
import type { ReportPeriod } from './report-period.js';
import { salesByAffiliate } from './sales-by-affiliate.js';
import { salesByDay } from './sales-by-day.js';
import { salesByPayment } from './sales-by-payment.js';
import { salesByProduct } from './sales-by-product.js';
import { salesByPromoCode } from './sales-by-promo-code.js';
import { taxesAndFees } from './taxes-and-fees.js';

/** One report of an event (checked against the caller's account by the route) over a period. */
export function eventReport<K extends EventReportKind>(
  db: Executor,
  event: ReportEvent,
  report: K,
  period: ReportPeriod,
  now: Date,
): Promise<EventReportOf<K>>;
export async function eventReport(
  db: Executor,
  event: ReportEvent,
  report: EventReportKind,
  period: ReportPeriod,
  now: Date,
) {
  switch (report) {
    case 'sales-by-product':
      return salesByProduct(db, event, period);
    case 'sales-by-promo-code':
      return salesByPromoCode(db, event, period);
    case 'sales-by-affiliate':
      return salesByAffiliate(db, event, period);
    case 'sales-by-day':
      return salesByDay(db, event, period, now);
    case 'sales-by-payment':
      return salesByPayment(db, event, period);
    case 'taxes-and-fees':
      return taxesAndFees(db, event, period);
    case 'refunds':
      return refundsReport(db, event, period);
    case 'check-ins':
      return checkInsReport(db, event, period, now);
  }
}
