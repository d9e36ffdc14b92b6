import type { EventLocation } from '@admitone/shared';
import { intlLocale } from '@admitone/shared';

/** A country code as a name in the visitor's language ("GB" -> "United Kingdom"). */
export function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([intlLocale(locale), 'en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The address as lines: venue, street lines, "postcode city", region, country (empty parts left out). */
export function addressLines(location: EventLocation, locale: string): string[] {
  const cityLine = [location.zip_or_postal_code, location.city].filter(Boolean).join(' ');
  return [
    location.venue_name,
    location.address_line_1,
    location.address_line_2,
    cityLine,
    location.state_or_region,
    location.country ? countryName(location.country, locale) : null,
  ].filter((part): part is string => Boolean(part));
}
