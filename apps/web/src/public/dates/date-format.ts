import { intlLocale, memoByKey } from '@admitone/shared';

import { plainSpaces } from '../lib/plain-spaces';

/**
 * How the date chooser writes dates: instants in the event's time zone, calendar days ("2027-03-05") as
 * they are (read at noon UTC). Intl only: the buyer page carries no date library. Plain spaces, so the
 * server's text equals the browser's.
 */

type Options = Intl.DateTimeFormatOptions;
const KINDS = {
  /** "Saturday, 6 March 2027 at 19:30" */
  long: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: 'numeric', minute: '2-digit' },
  /** "Sat, 6 Mar 2027, 19:30" */
  short: { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' },
  /** "19:30" */
  time: { hour: 'numeric', minute: '2-digit' },
  /** "6 Mar 2027" */
  day: { day: 'numeric', month: 'short', year: 'numeric' },
  /** "Friday, 5 March 2027" */
  weekdayDay: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
  /** "March 2027" */
  month: { month: 'long', year: 'numeric' },
  /** "Mon" / "Monday" */
  weekdayShort: { weekday: 'short' },
  weekdayLong: { weekday: 'long' },
  /** "2027-03-05" (en-CA writes ISO days) */
  iso: { year: 'numeric', month: '2-digit', day: '2-digit' },
} satisfies Record<string, Options>;
const formats = memoByKey((key) => {
  const [locale, timeZone, kind] = key.split('|') as [string, string, keyof typeof KINDS];
  return new Intl.DateTimeFormat(intlLocale(locale), { ...KINDS[kind], timeZone });
});

const format = (kind: keyof typeof KINDS, locale: string, timeZone: string) => formats(`${locale}|${timeZone}|${kind}`);
const range = (f: Intl.DateTimeFormat, start: string, end: string | null) =>
  plainSpaces(end ? f.formatRange(new Date(start), new Date(end)) : f.format(new Date(start)));

/** A date's start (and end) written out: "Saturday, 6 March 2027, 19:30 – 21:00". */
export const formatChosenDate = (start: string, end: string | null, timeZone: string, locale: string) =>
  range(format('long', locale, timeZone), start, end);

/** A date's start, short, with its weekday: "Sat, 6 Mar 2027, 19:30". */
export const formatDateChoice = (start: string, timeZone: string, locale: string) =>
  plainSpaces(format('short', locale, timeZone).format(new Date(start)));

/** A time slot: "19:30 – 21:00" (or just "19:30"). */
export const formatSlot = (start: string, end: string | null, timeZone: string, locale: string) =>
  range(format('time', locale, timeZone), start, end);

/** The days from a first to a last start, short: "6 Mar – 12 Jun 2027". */
export const formatDayRange = (first: string, last: string, timeZone: string, locale: string) =>
  range(format('day', locale, timeZone), first, last);

/** One day, short: "6 Mar 2027". */
export const formatShortDay = (start: string, timeZone: string, locale: string) =>
  plainSpaces(format('day', locale, timeZone).format(new Date(start)));

/** The calendar day ("2027-03-05") an instant falls on in a time zone. */
export const dayOf = (instant: string, timeZone: string) => formats(`en-CA|${timeZone}|iso`).format(new Date(instant));

/** Noon UTC of a calendar day: written in UTC, it names that day whatever the reader's zone. */
export const dayInstant = (day: string): Date => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d, 12));
};

/** A calendar day written out: "Friday, 5 March 2027". */
export const formatDayLong = (day: string, locale: string) =>
  plainSpaces(format('weekdayDay', locale, 'UTC').format(dayInstant(day)));

/** A month ("2027-03") by name: "March 2027". */
export const formatMonth = (month: string, locale: string) =>
  plainSpaces(format('month', locale, 'UTC').format(dayInstant(`${month}-01`)));

/** The days of the week, Monday first ("Mon" or "Monday"), read from 1 to 7 March 2027 (a Monday to a Sunday). */
export const weekdayNames = (locale: string, width: 'short' | 'long'): string[] =>
  Array.from({ length: 7 }, (_, i) =>
    format(width === 'short' ? 'weekdayShort' : 'weekdayLong', locale, 'UTC').format(Date.UTC(2027, 2, 1 + i, 12)),
  );

/**
 * The weeks of a month ("2027-03"), Monday first: each day as "2027-03-05", or null before the 1st and
 * after the month's last day.
 */
export function monthWeeks(month: string): Array<Array<string | null>> {
  const first = dayInstant(`${month}-01`);
  const lead = (first.getUTCDay() + 6) % 7;
  const length = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  const cells: Array<string | null> = Array.from({ length: lead }, () => null);
  for (let d = 1; d <= length; d++) cells.push(`${month}-${String(d).padStart(2, '0')}`);
  while (cells.length % 7) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
}

/** Whole days from one calendar day to another (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string) =>
  Math.round((dayInstant(to).getTime() - dayInstant(from).getTime()) / 86_400_000);
