import { currencyExponent, intlLocale } from '@admitone/shared';

/** Formats an instant as date and time in a time zone and locale, e.g. "12 Mar 2026, 19:30". */
export function formatDateTime(iso: string, timeZone: string, locale: string): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
    new Date(iso),
  );
}

/** Formats an instant as a long date, e.g. "Thursday, 12 March 2026". */
export function formatDate(iso: string, timeZone: string, locale: string): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'full', timeZone }).format(new Date(iso));
}

/** Formats a start and optional end as one range in the event's zone ("12 Mar 2026, 19:30 – 22:00"). */
export function formatDateRange(startIso: string, endIso: string | null, timeZone: string, locale: string): string {
  const format = new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeStyle: 'short', timeZone });
  if (!endIso) return format.format(new Date(startIso));
  return format.formatRange(new Date(startIso), new Date(endIso));
}

/** Short name of a time zone at an instant, e.g. "CET" or "GMT+1". */
export function formatTimeZoneName(iso: string, timeZone: string, locale: string): string {
  const parts = new Intl.DateTimeFormat(intlLocale(locale), { timeZone, timeZoneName: 'short' }).formatToParts(
    new Date(iso),
  );
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
}

/**
 * An instant in the event's time zone, naming that zone when the reader's clock shows another time
 * ("12 Mar 2026, 19:30 CET" for a buyer elsewhere; no zone for a buyer in the event's own).
 */
export function formatEventDateTime(
  iso: string,
  eventTimeZone: string,
  locale: string,
  readerTimeZone: string = browserTimeZone(),
): string {
  const there = formatDateTime(iso, eventTimeZone, locale);
  if (there === formatDateTime(iso, readerTimeZone, locale)) return there;
  return `${there} ${formatTimeZoneName(iso, eventTimeZone, locale)}`;
}

/** Formats integer minor units of a currency, e.g. 1999 EUR → "€19.99" (JPY has no minor unit). */
export function formatMoney(minor: number, currency: string, locale: string): string {
  const value = minor / 10 ** currencyExponent(currency);
  return new Intl.NumberFormat(intlLocale(locale), { style: 'currency', currency }).format(value);
}

/** Converts a date picker value ("YYYY-MM-DD HH:mm:ss") to the API wall-clock form "YYYY-MM-DDTHH:mm". */
export function toWallClock(value: string | null | undefined): string | null {
  if (!value) return null;
  const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})/.exec(value);
  return match ? `${match[1]}T${match[2]}` : null;
}

/** The browser's IANA time zone, or UTC when it cannot be read. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** All IANA time zones the runtime knows, with UTC included. */
export function supportedTimeZones(): string[] {
  let zones: string[];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  return zones.includes('UTC') ? zones : ['UTC', ...zones];
}

/** An instant as the wall-clock value a date picker holds ("YYYY-MM-DD HH:mm:ss") in a time zone. */
export function toZonedPickerValue(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}:00`;
}

/** Shows a picker value ("YYYY-MM-DD HH:mm:ss", wall clock) in a language, e.g. "12 Jul 2026, 19:30". */
export const wallClockFormatter = (locale: string) => (value: string) => {
  const date = new Date(value.replace(' ', 'T'));
  return Number.isNaN(date.getTime())
    ? value
    : new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeStyle: 'short' }).format(date);
};

/** Converts an amount a person types in major units (19.99) to integer minor units (1999; JPY has none). */
export function toMinorUnits(major: number, currency: string): number {
  // toFixed first: 1.005 * 100 is 100.49999… in binary floating point.
  return Math.round(Number((major * 10 ** currencyExponent(currency)).toFixed(6)));
}

/** Integer minor units as the major-unit number a person edits (1999 → 19.99 for EUR). */
export function fromMinorUnits(minor: number, currency: string): number {
  return minor / 10 ** currencyExponent(currency);
}

/** A whole-number percentage of `part` in `whole` (0 when there is no whole). */
export const percentOf = (part: number, whole: number): number => (whole ? Math.round((part / whole) * 100) : 0);
