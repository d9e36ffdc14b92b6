import { currencyExponent, type EventLocation, intlLocale } from '@admitone/shared';

/**
 * Intl formatters are slow to build (about a millisecond each) and a sell-out mails thousands of
 * tickets with the same few: they are kept per locale, currency and time zone (a bounded memo).
 */
function memo<T>(make: (key: string) => T, limit = 500): (key: string) => T {
  const made = new Map<string, T>();
  return (key) => {
    let value = made.get(key);
    if (value === undefined) {
      if (made.size >= limit) made.clear();
      value = make(key);
      made.set(key, value);
    }
    return value;
  };
}

/** The ticket's name with its tier (`Front stage – Early bird`). */
export function ticketLabel(a: { ticket_name: string; tier_label: string | null }): string {
  return a.tier_label ? `${a.ticket_name} – ${a.tier_label}` : a.ticket_name;
}

/** Minor units as money for a locale (`£45.00`, `45,00 £`); the currency decides the fraction digits. */
export function formatMoney(minor: number, currency: string, locale: string): string {
  return moneyFormat(`${locale}|${currency}`).format(minor / 10 ** currencyExponent(currency));
}
const moneyFormat = memo((key) => {
  const [locale, currency] = key.split('|') as [string, string];
  const digits = currencyExponent(currency);
  return new Intl.NumberFormat(intlLocale(locale), {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
});
const regionNames = memo((locale) => new Intl.DisplayNames([intlLocale(locale), 'en'], { type: 'region' }));

/** The location on one line (venue, street, city, country), or null when nothing is filled in. */
export function formatAddress(location: EventLocation, locale = 'en'): string | null {
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

/** The event's start (and end) as wall-clock time in its own time zone, for a locale. */
export function formatEventDate(start: string, end: string | null, timeZone: string, locale: string): string {
  return eventDates(`${locale}|${timeZone}|${start}|${end ?? ''}`);
}
/**
 * Kept per event and language as well: formatting a range takes a while, and every ticket of an event shows the same
 * one.
 */
const eventDates = memo((key) => {
  const [locale, timeZone, start, end] = key.split('|') as [string, string, string, string];
  const fmt = dateFormat(`${locale}|${timeZone}`);
  const from = new Date(start);
  return end ? fmt.formatRange(from, new Date(end)) : fmt.format(from);
});
const dateFormat = memo((key) => {
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
