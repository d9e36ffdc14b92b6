import { currencyExponent } from '@admitone/shared';

/** Notes and coins of the currencies staff count most (minor units), largest first. */
const KNOWN: Record<string, number[]> = {
  EUR: [50000, 20000, 10000, 5000, 2000, 1000, 500, 200, 100, 50, 20, 10, 5, 2, 1],
  USD: [10000, 5000, 2000, 1000, 500, 200, 100, 25, 10, 5, 1],
  GBP: [5000, 2000, 1000, 500, 200, 100, 50, 20, 10, 5, 2, 1],
  CHF: [100000, 20000, 10000, 5000, 2000, 1000, 500, 200, 100, 50, 20, 10, 5],
  BRL: [20000, 10000, 5000, 2000, 1000, 500, 200, 100, 50, 25, 10, 5],
  CNY: [10000, 5000, 2000, 1000, 500, 100, 50, 10],
};

/** The denominations the close of a shift asks for, in minor units; a currency we do not know gets a 1-2-5 series. */
export function denominationsOf(currency: string): number[] {
  const known = KNOWN[currency.toUpperCase()];
  if (known) return known;
  // Up to 500 in the currency (50,000 minor units at the least: a currency without cents has larger notes).
  const top = Math.max(50_000, 500 * 10 ** currencyExponent(currency));
  const out: number[] = [];
  for (let m = 1; m * 5 <= top; m *= 10) out.push(m, m * 2, m * 5);
  return out.filter((v) => v <= top).sort((a, b) => b - a);
}

/**
 * Amounts a buyer is likely to hand over for a total: the exact sum, then the total rounded up to 5, 10, 20, 50 and 100
 * of the currency (at most four amounts in all), so a cash sale takes one tap for the amount.
 */
export function quickAmounts(total: number, currency: string): number[] {
  const unit = 10 ** currencyExponent(currency);
  const out = [total];
  for (const step of [5, 10, 20, 50, 100].map((n) => n * unit)) {
    const next = Math.ceil(total / step) * step;
    if (next > total && !out.includes(next)) out.push(next);
  }
  return out.sort((a, b) => a - b).slice(0, 4);
}
