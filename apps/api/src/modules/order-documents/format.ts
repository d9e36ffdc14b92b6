import {
  type EventLocation,
  formatEventDate,
  intlLocale,
  type Locale,
  memoByKey,
  type SeatDto,
} from '@admitone/shared';

import { translate } from '../../i18n/i18n.js';

const M = {
  withLabel: /*i18n*/ { id: 'date.with_label', message: '{date} ({label})' },
  seatText: /*i18n*/ { id: 'seat.text', message: '{section}row {row}, seat {seat}' },
};

/**
 * A ticket's or an order's date written out (mails, PDFs), in the event's time zone, with the date's label
 * when it has one: "Thursday, 12 March 2026 at 19:30 CET (Premiere)".
 */
export function formatTicketDate(
  e: { start_date: string; end_date: string | null; timezone: string; date_label?: string | null },
  locale: Locale,
): string {
  const date = formatEventDate(e.start_date, e.end_date, e.timezone, locale);
  return e.date_label ? translate(locale, M.withLabel, { date, label: e.date_label }) : date;
}

/** The ticket's name with its tier (`Front stage – Early bird`). */
export function ticketLabel(a: { ticket_name: string; tier_label: string | null }): string {
  return a.tier_label ? `${a.ticket_name} – ${a.tier_label}` : a.ticket_name;
}

const regionNames = memoByKey((locale) => new Intl.DisplayNames([intlLocale(locale), 'en'], { type: 'region' }));

/** The location on one line (venue, street, city, country), or null when nothing is filled in. */
export function formatAddress(location: Omit<EventLocation, 'latitude' | 'longitude'>, locale = 'en'): string | null {
  let country: string | null = null;
  if (location.country) {
    try {
      country = regionNames(locale).of(location.country) ?? location.country;
    } catch {
      country = location.country;
    }
  }
  const cityLine = [location.zip_or_postal_code, location.city].filter(Boolean).join(' ');
  const parts = [
    location.venue_name,
    location.address_line_1,
    location.address_line_2,
    cityLine,
    location.state_or_region,
    country,
  ];
  const text = parts.filter((p): p is string => Boolean(p && p.trim())).join(', ');
  return text || null;
}

/** Where a ticket sits, in the reader's language: "Stalls, row B, seat 12" (a standing area: "Ground floor, Pit"). */
export function seatText(seat: SeatDto, locale: Locale): string {
  const section = seat.section ? `${seat.section}, ` : '';
  if (!seat.seat) return `${section}${seat.row}`;
  return translate(locale, M.seatText, { section, row: seat.row, seat: seat.seat });
}

/** The ticket's name with its tier, and where it sits when seated (`Stalls – Ground floor, row B, seat 12`). */
export function ticketWithSeat(
  a: { ticket_name: string; tier_label: string | null; seat?: SeatDto | null },
  locale: Locale,
): string {
  return a.seat ? `${ticketLabel(a)} – ${seatText(a.seat, locale)}` : ticketLabel(a);
}
