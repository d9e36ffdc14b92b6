import { formatEventDate, formatEventDateTime as formatInstantForReader, intlLocale } from '@admitone/shared';

/**
 * An instant in the event's time zone, naming that zone when the reader's clock shows another time
 * (packages/shared `formatEventDateTime`), for a reader in this browser's time zone by default.
 */
export function formatEventDateTime(
  iso: string,
  eventTimeZone: string,
  locale: string,
  readerTimeZone: string = browserTimeZone(),
): string {
  return formatInstantForReader(iso, eventTimeZone, locale, readerTimeZone);
}

/** One date of an event as a choice names it: its times in the event's zone, with its label ("… · Premiere"). */
export function dateWithLabel(
  d: { start_date: string; end_date: string | null; label: string | null },
  timeZone: string,
  locale: string,
): string {
  const when = formatEventDate(d.start_date, d.end_date, timeZone, locale);
  return d.label ? `${when} · ${d.label}` : when;
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

/** Shows a picker value ("YYYY-MM-DD HH:mm:ss", wall clock) in a language, e.g. "12 Jul 2026, 19:30". */
export const wallClockFormatter = (locale: string) => (value: string) => {
  const date = new Date(value.replace(' ', 'T'));
  return Number.isNaN(date.getTime())
    ? value
    : new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeStyle: 'short' }).format(date);
};
