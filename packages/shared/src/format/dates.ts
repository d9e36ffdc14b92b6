import { intlLocale } from '../enums.js';
import { memoByKey } from './memo.js';

/**
 * Instants (ISO strings or Dates, always UTC) shown as the wall clock of a time zone, usually the
 * event's, in a language. The server's mails and PDFs and the screens use the same functions.
 */

type Instant = string | Date;
const at = (instant: Instant) => (instant instanceof Date ? instant : new Date(instant));

const medium = memoByKey((key) => {
  const [locale, timeZone] = key.split('|') as [string, string];
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeStyle: 'short', timeZone });
});
const full = memoByKey((key) => {
  const [locale, timeZone] = key.split('|') as [string, string];
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'full', timeZone });
});
const zoneName = memoByKey((key) => {
  const [locale, timeZone] = key.split('|') as [string, string];
  return new Intl.DateTimeFormat(intlLocale(locale), { timeZone, timeZoneName: 'short' });
});
const long = memoByKey((key) => {
  const [locale, timeZone] = key.split('|') as [string, string];
  return new Intl.DateTimeFormat(intlLocale(locale), {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  });
});

/** Date and time in a time zone and language, e.g. "12 Mar 2026, 19:30". */
export const formatDateTime = (instant: Instant, timeZone: string, locale: string): string =>
  medium(`${locale}|${timeZone}`).format(at(instant));

/** A long date, e.g. "Thursday, 12 March 2026". */
export const formatDate = (instant: Instant, timeZone: string, locale: string): string =>
  full(`${locale}|${timeZone}`).format(at(instant));

/** A start and optional end as one range ("12 Mar 2026, 19:30 – 22:00"). */
export function formatDateRange(start: Instant, end: Instant | null, timeZone: string, locale: string): string {
  const format = medium(`${locale}|${timeZone}`);
  return end ? format.formatRange(at(start), at(end)) : format.format(at(start));
}

/** The short name of a time zone at an instant, e.g. "CET" or "GMT+1". */
export function formatTimeZoneName(instant: Instant, timeZone: string, locale: string): string {
  const parts = zoneName(`${locale}|${timeZone}`).formatToParts(at(instant));
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
}

/**
 * An instant in the event's time zone, naming that zone when the reader's clock shows another time
 * ("12 Mar 2026, 19:30 CET" for a reader elsewhere; no zone for a reader in the event's own).
 */
export function formatEventDateTime(
  instant: Instant,
  eventTimeZone: string,
  locale: string,
  readerTimeZone: string,
): string {
  const there = formatDateTime(instant, eventTimeZone, locale);
  if (there === formatDateTime(instant, readerTimeZone, locale)) return there;
  return `${there} ${formatTimeZoneName(instant, eventTimeZone, locale)}`;
}

/**
 * An event's start (and end) written out for mails and PDFs, naming the zone:
 * "Thursday, 12 March 2026 at 19:30 CET – 22:00 CET".
 */
export function formatEventDate(start: Instant, end: Instant | null, timeZone: string, locale: string): string {
  return eventDates(`${locale}|${timeZone}|${at(start).toISOString()}|${end ? at(end).toISOString() : ''}`);
}
/** Kept per event and language too: formatting a range takes a while, and every ticket of an event shows the same. */
const eventDates = memoByKey((key) => {
  const [locale, timeZone, start, end] = key.split('|') as [string, string, string, string];
  const format = long(`${locale}|${timeZone}`);
  return end ? format.formatRange(new Date(start), new Date(end)) : format.format(new Date(start));
});

/** An instant as the wall clock a date picker holds ("YYYY-MM-DD HH:mm:ss") in a time zone. */
export function toZonedPickerValue(instant: Instant, timeZone: string): string {
  const parts = pickerParts(timeZone).formatToParts(at(instant));
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}:00`;
}
const pickerParts = memoByKey(
  (timeZone) =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }),
);
