import {
  addDays,
  daysBetween,
  type EventReportKind,
  REPORT_MAX_DAYS,
  type ReportPeriodDto,
  todayIn,
} from '@admitone/shared';
import { type SQL, sql } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { localDay } from '../../db/sql-local-time.js';
import { DomainError } from '../../shared/errors.js';
import { checkDateFilter } from '../event-dates/order-dates.js';

/** The days a report covers, as asked: calendar days in the event's time zone, null where open. */
export type ReportPeriod = ReportPeriodDto;

/** The period from a checked query (absent bounds are open), and an event report's date. */
export const periodOf = (q: { from?: string; to?: string; event_date_id?: number }): ReportPeriod => ({
  from: q.from ?? null,
  to: q.to ?? null,
  ...(q.event_date_id !== undefined ? { event_date_id: q.event_date_id } : {}),
});

/**
 * The period of an event report, with its date when asked: one of the event's dates (else a field error, as a
 * choice that does not exist), and not for the check-ins report, which counts every date.
 */
export async function eventReportPeriod(
  db: Executor,
  eventId: number,
  report: EventReportKind,
  query: { from?: string; to?: string; event_date_id?: number },
): Promise<ReportPeriod> {
  if (query.event_date_id !== undefined && report === 'check-ins')
    throw new DomainError('VALIDATION_FAILED', { fields: { event_date_id: [{ key: 'invalid_value' }] } });
  await checkDateFilter(db, eventId, query.event_date_id, 'event_date_id');
  return periodOf(query);
}

/**
 * "Order `o` is for the period's date" (no date: every order). An order is for one date, its lines': a pass's
 * sale counts on its line's date only, not on each date it admits on (docs/DOMAIN.md, "Passes").
 */
export function forPeriodDate(period: ReportPeriod): SQL {
  if (!period.event_date_id) return sql`true`;
  return sql`exists (select 1 from order_items di where di.order_id = o.id and di.event_date_id = ${period.event_date_id})`;
}

/**
 * "The instant's day in `tz` lies in the period": both bounds included, an open bound no condition.
 * `instant` and `tz` are SQL (a column such as `sql.raw('o.completed_at')`, or a value).
 */
export function inPeriod(instant: SQL, tz: SQL | string, period: ReportPeriod): SQL {
  const parts: SQL[] = [];
  if (period.from) parts.push(sql`${localDay(instant, tz)} >= ${period.from}::date`);
  if (period.to) parts.push(sql`${localDay(instant, tz)} <= ${period.to}::date`);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

/**
 * Every day of a period, oldest first. An open start is the first day with something to show (else
 * today), an open end today (or the last such day when later). A period that comes out longer than
 * REPORT_MAX_DAYS (only possible with an open end) is refused like a too long one asked for.
 */
export function daysOf(period: ReportPeriod, activeDays: string[], timeZone: string, now: Date): string[] {
  const today = todayIn(timeZone, now);
  const sorted = [...activeDays].sort();
  const from = period.from ?? sorted[0] ?? today;
  const last = sorted.at(-1);
  const to = period.to ?? (last && last > today ? last : today);
  const span = daysBetween(from, to) + 1;
  if (span > REPORT_MAX_DAYS)
    throw new DomainError('VALIDATION_FAILED', {
      fields: { from: [{ key: 'period_too_long', values: { max: REPORT_MAX_DAYS } }] },
    });
  const days: string[] = [];
  for (let i = 0; i < span; i++) days.push(addDays(from, i));
  return days;
}
