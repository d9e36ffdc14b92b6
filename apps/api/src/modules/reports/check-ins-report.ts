import type { CheckInHourDto, CheckInsReportDto } from '@admitone/shared';
import { sql } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { localHourText } from '../../db/sql-local-time.js';
import { checkInListsOf, checkInListViews } from '../check-in/check-in-lists.repository.js';
import { rowsOf } from '../inventory/counters.js';
import type { ReportEvent } from './report-event.js';
import { inPeriod, type ReportPeriod } from './report-period.js';

const HOUR_MS = 3_600_000;
/** Hours between the first and the last check-in are all listed when they span at most this many. */
const FILL_HOURS = 72;

/** The next wall-clock hour of `YYYY-MM-DDTHH:00`. */
const nextHour = (hour: string) => new Date(Date.parse(`${hour}:00Z`) + HOUR_MS).toISOString().slice(0, 13) + ':00';

/**
 * Check-ins per list and per hour (in the event's time zone) of the period: the people checked in on
 * each list (one per person and list; a check-out takes it back), as the check-in screen counts them,
 * by the hour they came in, with the valid tickets each list admits now.
 */
export async function checkInsReport(
  db: Executor,
  event: ReportEvent,
  period: ReportPeriod,
  now: Date,
): Promise<CheckInsReportDto> {
  const lists = await checkInListViews(db, await checkInListsOf(db, event.account_id, event.id), now);
  const counted = await rowsOf<{ list_id: number; hour: string; n: number }>(
    db,
    sql`select c.list_id, ${localHourText(sql.raw('c.checked_in_at'), event.timezone)} as hour, count(*)::int as n
        from list_check_ins c join attendees a on a.id = c.attendee_id and a.status = 'ACTIVE'
        where c.event_id = ${event.id} and ${inPeriod(sql.raw('c.checked_in_at'), event.timezone, period)}
        group by 1, 2`,
  );
  const index = new Map(lists.map((l, i) => [l.id, i]));
  const byHour = new Map<string, number[]>();
  for (const c of counted) {
    const i = index.get(Number(c.list_id));
    if (i === undefined) continue;
    if (!byHour.has(c.hour))
      byHour.set(
        c.hour,
        lists.map(() => 0),
      );
    byHour.get(c.hour)![i]! += Number(c.n);
  }
  let hours = [...byHour.keys()].sort();
  const first = hours[0];
  const last = hours.at(-1);
  if (first && last && (Date.parse(`${last}:00Z`) - Date.parse(`${first}:00Z`)) / HOUR_MS <= FILL_HOURS) {
    hours = [first];
    while (hours.at(-1)! < last) hours.push(nextHour(hours.at(-1)!));
  }
  const rows: CheckInHourDto[] = hours.map((hour) => {
    const counts = byHour.get(hour) ?? lists.map(() => 0);
    return { hour, counts, total: counts.reduce((s, n) => s + n, 0) };
  });
  const checkedIn = lists.map((_, i) => rows.reduce((s, r) => s + r.counts[i]!, 0));
  return {
    report: 'check-ins',
    currency: event.currency,
    timezone: event.timezone,
    period,
    lists: lists.map((l, i) => ({ list_id: l.id, name: l.name, checked_in: checkedIn[i]!, valid: l.total })),
    hours: rows,
    totals: { checked_in: checkedIn.reduce((s, n) => s + n, 0), valid: lists.reduce((s, l) => s + l.total, 0) },
  };
}
