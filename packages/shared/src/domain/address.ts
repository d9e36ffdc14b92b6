import type { AddressAnswer } from '../contracts/checkout.js';
import { intlLocale } from '../enums.js';

/** A country code's name in the reader's language ("DE" -> "Deutschland" / "Germany"), else the code. */
export function countryName(code: string, locale: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  try {
    return new Intl.DisplayNames([intlLocale(locale)], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * An address as the lines of an envelope, the country named in the reader's language: street, second line,
 * postal code and city, region, country. Empty parts leave no empty line.
 */
export function addressLines(address: AddressAnswer, locale: string): string[] {
  return [
    address.line1,
    address.line2,
    [address.postal_code, address.city].filter((s) => s.trim()).join(' '),
    address.region,
    address.country ? countryName(address.country, locale) : '',
  ]
    .map((s) => s.trim())
    .filter(Boolean);
}

/** An ISO 3166-1 alpha-2 code of a country or territory the browser and the server can name. */
export function isCountryCode(code: string): boolean {
  if (!/^[A-Z]{2}$/.test(code)) return false;
  try {
    return new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' }).of(code) !== undefined;
  } catch {
    return false;
  }
}
