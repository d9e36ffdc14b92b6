import type { DateRule, Weekday } from '../contracts/event-dates.js';

/** A weekday constant of rrule's `RRule` (`RRule.MO`), which can also name the n-th one of a month. */
interface RRuleWeekday {
  nth(n: number): unknown;
}

/**
 * What the expansion uses of rrule's `RRule` class. The server and the browser import rrule each in their own way
 * (CommonJS in Node, ES modules in the bundle) and pass the class in.
 */
export interface RRuleClass {
  new (options: Record<string, unknown>): { all(each: (date: Date, index: number) => boolean): Date[] };
  readonly DAILY: number;
  readonly WEEKLY: number;
  readonly MONTHLY: number;
  readonly MO: RRuleWeekday;
  readonly TU: RRuleWeekday;
  readonly WE: RRuleWeekday;
  readonly TH: RRuleWeekday;
  readonly FR: RRuleWeekday;
  readonly SA: RRuleWeekday;
  readonly SU: RRuleWeekday;
}

const pad = (n: number) => String(n).padStart(2, '0');
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** A "floating" date: its UTC fields are the wall-clock day (rrule's way without a `tzid`). */
function floating(day: string, endOfDay = false): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d, endOfDay ? 23 : 0, endOfDay ? 59 : 0, endOfDay ? 59 : 0));
}
const dayOf = (date: Date) => `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;

/** The start times of each day ("19:30"): the times given, or one every `every_minutes` from `from` before `to`. */
export function timesOfDay(rule: Pick<DateRule, 'times' | 'slots'>): string[] {
  if (rule.times) return [...new Set(rule.times)].sort();
  if (!rule.slots) return [];
  const { from, to, every_minutes } = rule.slots;
  const out: string[] = [];
  for (let m = minutesOf(from); m < minutesOf(to) && every_minutes > 0; m += every_minutes)
    out.push(`${pad(Math.floor(m / 60))}:${pad(m % 60)}`);
  return out;
}

/** The RFC 5545 rule of the days (the times are applied to each day afterwards). */
function daysOf(rule: DateRule, RRule: RRuleClass) {
  const weekday = (d: Weekday) => RRule[d];
  const start = floating(rule.start_on);
  const frequencies = { DAILY: RRule.DAILY, WEEKLY: RRule.WEEKLY, MONTHLY: RRule.MONTHLY };
  return new RRule({
    freq: frequencies[rule.frequency],
    interval: rule.interval,
    dtstart: start,
    ...(rule.until ? { until: floating(rule.until, true) } : {}),
    ...(rule.count ? { count: rule.count } : {}),
    ...(rule.frequency === 'MONTHLY'
      ? rule.monthly_nth
        ? { byweekday: [weekday(rule.monthly_nth.weekday).nth(rule.monthly_nth.nth)] }
        : { bymonthday: [start.getUTCDate()] }
      : rule.weekdays.length
        ? { byweekday: rule.weekdays.map(weekday) }
        : {}),
  });
}

/**
 * The starts a rule makes, in order, on the wall clock of the event's zone ("2026-12-31T19:30"): every day the
 * rule falls on but its exceptions, at every time of the day; at most `cap`. The server turns each into an instant
 * (event-dates/date-rules.ts); the rule form previews them as they are.
 */
export function ruleStarts(rule: DateRule, RRule: RRuleClass, cap: number): string[] {
  const times = timesOfDay(rule);
  const skip = new Set(rule.exceptions);
  const out: string[] = [];
  if (!times.length) return out;
  daysOf(rule, RRule).all((day) => {
    const local = dayOf(day);
    if (skip.has(local)) return true;
    for (const time of times) {
      out.push(`${local}T${time}`);
      if (out.length >= cap) return false;
    }
    return true;
  });
  return out;
}
