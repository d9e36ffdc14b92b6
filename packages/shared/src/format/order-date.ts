import { formatDateRange } from './dates.js';

/**
 * The date an order or a ticket is for on one line, in the event's time zone: its times, then its label
 * when it has one ("12 Mar 2027, 19:30 – 22:00 · Premiere"), as lists and the door show it.
 */
export function formatOrderDate(
  date: { start_date: string; end_date: string | null; label: string | null },
  timeZone: string,
  locale: string,
): string {
  const when = formatDateRange(date.start_date, date.end_date, timeZone, locale);
  return date.label ? `${when} · ${date.label}` : when;
}
