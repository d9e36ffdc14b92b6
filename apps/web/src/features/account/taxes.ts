import { currencyExponent, formatMoney, formatPercent, type TaxCalculation, type TaxOrFeeDto } from '@admitone/shared';

/**
 * Converts what a person types into the API's `rate`: a percentage stays as typed, a fixed amount
 * (1.50) becomes integer minor units of the currency (150; JPY has none).
 */
export function rateToApi(calculation: TaxCalculation, typed: number, currency: string): number {
  if (calculation === 'PERCENTAGE') return typed;
  // toFixed first: 1.005 * 100 is 100.49999… in binary floating point.
  return Math.round(Number((typed * 10 ** currencyExponent(currency)).toFixed(6)));
}

/** The API's `rate` as the number a person edits (150 → 1.5 for EUR). */
export function rateFromApi(calculation: TaxCalculation, rate: number, currency: string): number {
  if (calculation === 'PERCENTAGE') return rate;
  return rate / 10 ** currencyExponent(currency);
}

/** "7.5 %" for a percentage, "€1.50" for a fixed amount, in the reader's language. */
export function formatRate(tax: Pick<TaxOrFeeDto, 'calculation_type' | 'rate' | 'currency'>, locale: string): string {
  if (tax.calculation_type === 'FIXED') return formatMoney(tax.rate, tax.currency, locale);
  return formatPercent(tax.rate / 100, locale, 3);
}
