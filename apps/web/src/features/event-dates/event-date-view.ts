import { type EventDateDto, type EventDateStatus, intlLocale, toZonedPickerValue } from '@admitone/shared';

/**
 * What the dates screen reads of a date beyond its fields: its wall clock in the event's zone (day, month,
 * time: the filters, the calendar and the list group by it) and how much of it is left.
 */

/** A date of the event with its wall clock in the event's time zone. */
export interface DateRow extends EventDateDto {
  /** "2026-12-31" */
  day: string;
  /** "2026-12" */
  month: string;
  /** "19:30" */
  time: string;
  /** "22:00", or null without an end. */
  endTime: string | null;
}

const DAY_MS = 86_400_000;

/** A zone's offset from UTC at an instant (ms), read through the shared picker value (a slow Intl call). */
function offsetAt(ms: number, timeZone: string): number {
  const wall = toZonedPickerValue(new Date(ms), timeZone);
  const [y, mo, d, h, mi] = wall.match(/\d+/g)!.map(Number) as [number, number, number, number, number];
  return Date.UTC(y, mo - 1, d, h, mi) - (ms - (((ms % 60_000) + 60_000) % 60_000));
}

/**
 * The zone's offset at any instant from `from` to `to`, with one Intl call a day and a few more around
 * each change (daylight saving), instead of one per date: 5,000 dates of a year read their wall clock in
 * a few milliseconds rather than a few hundred. Assumes at most one change a day, as every zone has.
 */
export function zoneOffsets(timeZone: string, from: number, to: number): (ms: number) => number {
  const days: number[] = [];
  for (let t = from; t <= to + DAY_MS; t += DAY_MS) days.push(t);
  const offsets = days.map((t) => offsetAt(t, timeZone));
  // Where the offset changes between two days, the instant of the change (to the minute).
  const changes: { at: number; offset: number }[] = [];
  for (let i = 1; i < days.length; i++) {
    if (offsets[i] === offsets[i - 1]) continue;
    let lo = days[i - 1]!;
    let hi = days[i]!;
    while (hi - lo > 60_000) {
      const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
      if (offsetAt(mid, timeZone) === offsets[i - 1]) lo = mid;
      else hi = mid;
    }
    changes.push({ at: hi, offset: offsets[i]! });
  }
  const first = offsets[0]!;
  return (ms) => {
    let offset = first;
    for (const change of changes) {
      if (ms >= change.at) offset = change.offset;
      else break;
    }
    return offset;
  };
}

/** An instant's wall clock with a known offset: "2026-12-31T19:30". */
const wallClock = (ms: number, offset: number) => new Date(ms + offset).toISOString().slice(0, 16);

/** The wall clock of every date in the event's time zone, computed once per list. */
export function toDateRows(dates: readonly EventDateDto[], timeZone: string): DateRow[] {
  if (!dates.length) return [];
  const starts = dates.map((d) => Date.parse(d.start_date));
  const ends = dates.map((d) => (d.end_date ? Date.parse(d.end_date) : null));
  const all = [...starts, ...ends.filter((e): e is number => e !== null)];
  const offset = zoneOffsets(timeZone, Math.min(...all), Math.max(...all));
  return dates.map((d, i) => {
    const start = wallClock(starts[i]!, offset(starts[i]!));
    const end = ends[i];
    return {
      ...d,
      day: start.slice(0, 10),
      month: start.slice(0, 7),
      time: start.slice(11, 16),
      endTime: end === null || end === undefined ? null : wallClock(end, offset(end)).slice(11, 16),
    };
  });
}

/**
 * How a date sells, as the calendar colours it: on sale, few left (under 10% or under 5 of its capacity),
 * sold out (by its status or its capacity taken), or not sold at all (cancelled or hidden).
 */
export type Availability = 'ON_SALE' | 'FEW_LEFT' | 'SOLD_OUT' | 'UNAVAILABLE';

export function availabilityOf(date: Pick<EventDateDto, 'status' | 'capacity' | 'taken'>): Availability {
  if (date.status === 'CANCELLED' || date.status === 'HIDDEN') return 'UNAVAILABLE';
  if (date.status === 'SOLD_OUT') return 'SOLD_OUT';
  if (date.capacity === null) return 'ON_SALE';
  const left = date.capacity - date.taken;
  if (left <= 0) return 'SOLD_OUT';
  return left < 5 || left < date.capacity * 0.1 ? 'FEW_LEFT' : 'ON_SALE';
}

/** The statuses an organizer may give dates here: cancelling is its own action (it cancels the orders). */
export const EDITABLE_STATUSES = ['ON_SALE', 'SOLD_OUT', 'HIDDEN'] as const satisfies readonly EventDateStatus[];
export type EditableStatus = (typeof EDITABLE_STATUSES)[number];

/** "2026-12" of a month and the next or previous one. */
export function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** Noon UTC of a wall-clock day: formatted in UTC, it names that day whatever the reader's zone. */
export const dayInstant = (day: string): Date => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d, 12));
};

const weekdayFormats = new Map<string, Intl.DateTimeFormat>();
/**
 * The days of the week Monday first, in a language ("Mon" or "Monday"): the rule form's chips and the
 * calendar's headings. Read from 2 to 8 March 2027 (a Monday to a Sunday) at noon UTC.
 */
export function weekdayNames(locale: string, width: 'short' | 'long'): string[] {
  const key = `${locale}|${width}`;
  let format = weekdayFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(locale), { weekday: width, timeZone: 'UTC' });
    weekdayFormats.set(key, format);
  }
  return Array.from({ length: 7 }, (_, i) => format.format(Date.UTC(2027, 2, 1 + i, 12)));
}

const monthFormats = new Map<string, Intl.DateTimeFormat>();
/** A month ("2026-12") in a language: "December 2026". */
export function monthName(month: string, locale: string): string {
  let format = monthFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(locale), { month: 'long', year: 'numeric', timeZone: 'UTC' });
    monthFormats.set(locale, format);
  }
  return format.format(dayInstant(`${month}-01`));
}

/**
 * The weeks of a month's grid ("2026-12"): days as "2026-11-30", the month's own and the neighbours' that
 * fill its first and last week; weeks start on Monday, or on Sunday when `sundayFirst`.
 */
export function monthGrid(month: string, sundayFirst: boolean): string[][] {
  const first = dayInstant(`${month}-01`);
  const lead = sundayFirst ? first.getUTCDay() : (first.getUTCDay() + 6) % 7;
  const start = first.getTime() - lead * 86_400_000;
  const weeks: string[][] = [];
  for (let w = 0; w < 6; w++) {
    const week = Array.from({ length: 7 }, (_, i) =>
      new Date(start + (w * 7 + i) * 86_400_000).toISOString().slice(0, 10),
    );
    if (w > 0 && !week[0]!.startsWith(month)) break;
    weeks.push(week);
  }
  return weeks;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
/** A day ("2026-12-05") in a language, short: "Dec 5, 2026" (the rule form's day fields). */
export function formatDay(day: string, locale: string): string {
  let format = dayFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeZone: 'UTC' });
    dayFormats.set(locale, format);
  }
  return format.format(dayInstant(day));
}
