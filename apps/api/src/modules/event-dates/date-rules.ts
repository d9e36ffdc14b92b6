import type { DateRule, Weekday } from '@admitone/shared';
// rrule ships CommonJS to Node: its named exports are reached through the default one.
import rrule from 'rrule';

import { zonedToUtc } from '../../shared/dates.js';

const { RRule } = rrule;

/** The most occurrences a rule expands to: one more than an event may hold, so the caller can refuse. */
export const EXPANSION_CAP = 5001;

/** What one occurrence of a rule becomes: a date's start and end. */
export interface Occurrence {
  start: Date;
  end: Date | null;
}

const RRULE_DAYS = { MO: RRule.MO, TU: RRule.TU, WE: RRule.WE, TH: RRule.TH, FR: RRule.FR, SA: RRule.SA, SU: RRule.SU };
const FREQUENCIES = { DAILY: RRule.DAILY, WEEKLY: RRule.WEEKLY, MONTHLY: RRule.MONTHLY };

const pad = (n: number) => String(n).padStart(2, '0');
/** A "floating" date: its UTC fields are the wall-clock day (rrule's way without a `tzid`). */
const floating = (day: string, endOfDay = false) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d, endOfDay ? 23 : 0, endOfDay ? 59 : 0, endOfDay ? 59 : 0));
};
const dayOf = (floatingDate: Date) =>
  `${floatingDate.getUTCFullYear()}-${pad(floatingDate.getUTCMonth() + 1)}-${pad(floatingDate.getUTCDate())}`;

/** The wall-clock start times of each day: the times given, or the slots from `from` while before `to`. */
export function timesOfDay(rule: Pick<DateRule, 'times' | 'slots'>): string[] {
  if (rule.times) return [...rule.times].sort();
  const { from, to, every_minutes } = rule.slots!;
  const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
  const out: string[] = [];
  for (let m = minutes(from); m < minutes(to); m += every_minutes)
    out.push(`${pad(Math.floor(m / 60))}:${pad(m % 60)}`);
  return out;
}

/** The RFC 5545 rule of the days (times are applied to each day afterwards). */
function rruleOf(rule: DateRule) {
  const weekdays = (days: readonly Weekday[]) => days.map((d) => RRULE_DAYS[d]);
  const start = floating(rule.start_on);
  return new RRule({
    freq: FREQUENCIES[rule.frequency],
    interval: rule.interval,
    dtstart: start,
    ...(rule.until ? { until: floating(rule.until, true) } : {}),
    ...(rule.count ? { count: rule.count } : {}),
    ...(rule.frequency === 'MONTHLY'
      ? rule.monthly_nth
        ? { byweekday: [RRULE_DAYS[rule.monthly_nth.weekday].nth(rule.monthly_nth.nth)] }
        : { bymonthday: [start.getUTCDate()] }
      : rule.weekdays.length
        ? { byweekday: weekdays(rule.weekdays) }
        : {}),
  });
}

/**
 * The dates a rule makes, in order: every day the rule falls on (but its exceptions) at every time of the
 * day, each read on the wall clock of `timeZone` (so a 19:30 show stays 19:30 across daylight-saving
 * changes; a time that does not exist on a spring-forward day becomes the one after the gap, and two
 * that become the same instant count once). Stops at EXPANSION_CAP dates.
 */
export function expandRule(rule: DateRule, timeZone: string): Occurrence[] {
  const times = timesOfDay(rule);
  const skip = new Set(rule.exceptions);
  const durationMs = rule.duration_minutes === null ? null : rule.duration_minutes * 60_000;
  const out: Occurrence[] = [];
  const seen = new Set<number>();
  rruleOf(rule).all((day) => {
    const local = dayOf(day);
    if (skip.has(local)) return true;
    for (const time of times) {
      const start = zonedToUtc(`${local}T${time}`, timeZone);
      if (seen.has(start.getTime())) continue;
      seen.add(start.getTime());
      out.push({ start, end: durationMs === null ? null : new Date(start.getTime() + durationMs) });
      if (out.length >= EXPANSION_CAP) return false;
    }
    return true;
  });
  return out;
}
