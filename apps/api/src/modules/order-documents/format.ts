import { type EventLocation, intlLocale, memoByKey } from '@admitone/shared';

/** The ticket's name with its tier (`Front stage – Early bird`). */
export function ticketLabel(a: { ticket_name: string; tier_label: string | null }): string {
  return a.tier_label ? `${a.ticket_name} – ${a.tier_label}` : a.ticket_name;
}

const regionNames = memoByKey((locale) => new Intl.DisplayNames([intlLocale(locale), 'en'], { type: 'region' }));

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
