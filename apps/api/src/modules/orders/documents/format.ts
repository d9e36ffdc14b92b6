import { currencyExponent, intlLocale, type EventLocation } from '@admitone/shared';

/** The ticket's name with its tier (`Front stage – Early bird`). */
export function ticketLabel(a: { ticket_name: string; tier_label: string | null }): string {
  return a.tier_label ? `${a.ticket_name} – ${a.tier_label}` : a.ticket_name;
}

/** Minor units as money for a locale (`£45.00`, `45,00 £`); the currency decides the fraction digits. */
export function formatMoney(minor: number, currency: string, locale: string): string {
  const digits = currencyExponent(currency);
  return new Intl.NumberFormat(intlLocale(locale), { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
    minor / 10 ** digits,
  );
}

/** The location on one line (venue, street, city, country), or null when nothing is filled in. */
export function formatAddress(location: EventLocation, locale = 'en'): string | null {
  let country: string | null = null;
  if (location.country) {
    try {
      country = new Intl.DisplayNames([intlLocale(locale), 'en'], { type: 'region' }).of(location.country) ?? location.country;
    } catch {
      country = location.country;
    }
  }
  const cityLine = [location.zip_or_postal_code, location.city].filter(Boolean).join(' ');
  const parts = [location.venue_name, location.address_line_1, location.address_line_2, cityLine, location.state_or_region, country];
  const text = parts.filter((p): p is string => Boolean(p && p.trim())).join(', ');
  return text || null;
}

/** The event's start (and end) as wall-clock time in its own time zone, for a locale. */
export function formatEventDate(start: string, end: string | null, timeZone: string, locale: string): string {
  const fmt = new Intl.DateTimeFormat(intlLocale(locale), {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  });
  const from = new Date(start);
  if (!end) return fmt.format(from);
  return fmt.formatRange(from, new Date(end));
}
