import { checkVAT, countries } from 'jsvat';

/** The EU member states (ISO 3166-1), whose VAT numbers and reverse-charge rule apply. */
export const EU_COUNTRIES: ReadonlySet<string> = new Set([
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
]);

/** The country a VAT number belongs to (its prefix; Greece's numbers start EL), or null. */
export function vatCountry(vat: string): string | null {
  const prefix = vat.slice(0, 2).toUpperCase();
  const country = prefix === 'EL' ? 'GR' : prefix;
  return EU_COUNTRIES.has(country) ? country : null;
}

/**
 * Whether a VAT number is well formed for its country (pattern and check digits, with `jsvat`): an EU number starting
 * with its country's prefix and, when `country` is given, that country's. It says nothing of whether the number is
 * registered (VIES answers that; the buyer vouches for it).
 */
export function isValidVatNumber(vat: string, country?: string | null): boolean {
  const own = vatCountry(vat);
  if (!own || (country && EU_COUNTRIES.has(country) && own !== country)) return false;
  const result = checkVAT(vat, countries);
  return result.isValid;
}

/**
 * The reverse-charge rule (docs/DOMAIN.md "Invoices"): the buyer, a business with an EU VAT number of another member
 * state than the seller's, accounts for the VAT where the service is taxed there: an online event (a service to a
 * business is taxed where the business is, Art. 44 of Directive 2006/112/EC), or an event taking place in the buyer's
 * country (admission is taxed where the event is, Art. 53, and the buyer accounts for it, Art. 196). An event in the
 * seller's own country, or a third one, keeps its VAT; so does any sale to a buyer without a VAT number.
 */
export function reverseChargeApplies(p: {
  sellerVat: string | null;
  buyerVat: string | null;
  isOnline: boolean;
  /** Where the event takes place (its date's venue, else the event's); null: unknown. */
  eventCountry: string | null;
}): boolean {
  if (!p.sellerVat || !p.buyerVat) return false;
  const seller = vatCountry(p.sellerVat);
  const buyer = vatCountry(p.buyerVat);
  if (!seller || !buyer || seller === buyer) return false;
  return p.isOnline || p.eventCountry === buyer;
}
