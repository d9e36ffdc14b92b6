import { type DateRule, EVENT_DATES_MAX, type Weekday } from '@admitone/shared';
import { RRule } from 'rrule';

/**
 * The dates a rule makes, worked out in the browser for the rule form's preview. It follows the server's
 * expansion (apps/api/src/modules/event-dates/date-rules.ts, which the server alone applies): the days of
 * the RFC 5545 rule without its exceptions, each at every time of the day. It stays on the wall clock of
 * the event's zone (`2026-12-31T19:30`), which is what the organizer reads; the server turns each into an
 * instant (a time inside a spring-forward gap moves after it there).
 */

/** One more than an event may hold: enough to say "too many". */
const PREVIEW_CAP = EVENT_DATES_MAX + 1;

const RRULE_DAYS = { MO: RRule.MO, TU: RRule.TU, WE: RRule.WE, TH: RRule.TH, FR: RRule.FR, SA: RRule.SA, SU: RRule.SU };
const FREQUENCIES = { DAILY: RRule.DAILY, WEEKLY: RRule.WEEKLY, MONTHLY: RRule.MONTHLY };

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

function rruleOf(rule: DateRule): RRule {
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
        ? { byweekday: rule.weekdays.map((d: Weekday) => RRULE_DAYS[d]) }
        : {}),
  });
}

export interface RulePreview {
  /** How many dates the rule makes (at most EVENT_DATES_MAX + 1: more than an event may hold). */
  count: number;
  /** Whether it would make more than that. */
  capped: boolean;
  /** The first few, as wall-clock starts ("2026-12-31T19:30"). */
  first: string[];
  /** Every start, as wall-clock strings (for the "in the past" check). */
  all: string[];
}

/** The wall-clock starts a valid rule makes, in order, up to one more than an event may hold. */
export function previewRule(rule: DateRule, firstFew = 5): RulePreview {
  const times = timesOfDay(rule);
  const skip = new Set(rule.exceptions);
  const all: string[] = [];
  if (times.length) {
    rruleOf(rule).all((day) => {
      const local = dayOf(day);
      if (skip.has(local)) return true;
      for (const time of times) {
        all.push(`${local}T${time}`);
        if (all.length >= PREVIEW_CAP) return false;
      }
      return true;
    });
  }
  return { count: all.length, capped: all.length > EVENT_DATES_MAX, first: all.slice(0, firstFew), all };
}
