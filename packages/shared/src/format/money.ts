import { intlLocale } from '../enums.js';
import { currencyExponent } from '../validation.js';
import { memoByKey } from './memo.js';

/**
 * Money is integer minor units (cents) everywhere; these turn it into what a person reads or types.
 * The currency decides the fraction digits (EUR 2, JPY 0, BHD 3).
 */

const money = memoByKey((key) => {
  const [locale, currency] = key.split('|') as [string, string];
  const digits = currencyExponent(currency);
  return new Intl.NumberFormat(intlLocale(locale), {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
});

/** Minor units as money for a language: 1999 EUR → `€19.99`, `19,99 €`; 500 JPY → `¥500`. */
export const formatMoney = (minor: number, currency: string, locale: string): string =>
  money(`${locale}|${currency}`).format(minor / 10 ** currencyExponent(currency));

/** The currency's symbol in a language (`€`, `US$`, `CHF`), for money inputs. */
export const currencySymbol = (currency: string, locale: string): string =>
  money(`${locale}|${currency}`)
    .formatToParts(1.5)
    .find((p) => p.type === 'currency')?.value ?? currency;

/** An amount a person types in major units (19.99) as integer minor units (1999; JPY has none). */
export function toMinorUnits(major: number, currency: string): number {
  // toFixed first: 1.005 * 100 is 100.49999… in binary floating point.
  return Math.round(Number((major * 10 ** currencyExponent(currency)).toFixed(6)));
}

/** Integer minor units as the major-unit number a person edits (1999 → 19.99 for EUR). */
export const fromMinorUnits = (minor: number, currency: string): number => minor / 10 ** currencyExponent(currency);
