import { intlLocale } from '../enums.js';
import { memoByKey } from './memo.js';

const plain = memoByKey((locale) => new Intl.NumberFormat(intlLocale(locale)));
const percent = memoByKey((key) => {
  const [locale, digits] = key.split('|') as [string, string];
  return new Intl.NumberFormat(intlLocale(locale), { style: 'percent', maximumFractionDigits: Number(digits) });
});
const decimal = memoByKey((key) => {
  const [locale, digits] = key.split('|') as [string, string];
  return new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: Number(digits) });
});

/** A count in a language's digits and grouping (`12,345`, `12.345`, `12 345`). */
export const formatNumber = (n: number, locale: string): string => plain(locale).format(n);

/** A number with at most `maxFractionDigits` decimals (`4.5`, `4,5`). */
export const formatDecimal = (n: number, locale: string, maxFractionDigits = 1): string =>
  decimal(`${locale}|${maxFractionDigits}`).format(n);

const fileSize = memoByKey((key) => {
  const [locale, unit] = key.split('|') as [string, string];
  return new Intl.NumberFormat(intlLocale(locale), { style: 'unit', unit, maximumFractionDigits: 1 });
});

/** A file's size in the language's words and digits: `812 byte`, `24 kB`, `1.5 MB` (1 kB = 1,000 bytes). */
export function formatFileSize(bytes: number, locale: string): string {
  if (bytes < 1000) return fileSize(`${locale}|byte`).format(bytes);
  if (bytes < 1_000_000) return fileSize(`${locale}|kilobyte`).format(Math.round(bytes / 100) / 10);
  return fileSize(`${locale}|megabyte`).format(Math.round(bytes / 100_000) / 10);
}

/** A fraction as a percentage (0.125 → `12.5%`, `12,5 %`), with at most `maxFractionDigits` decimals. */
export const formatPercent = (fraction: number, locale: string, maxFractionDigits = 1): string =>
  percent(`${locale}|${maxFractionDigits}`).format(fraction);

/** A whole-number percentage of `part` in `whole` (0 when there is no whole). */
export const wholePercent = (part: number, whole: number): number => (whole ? Math.round((part / whole) * 100) : 0);

/** The decimal separator of a language (`.`, `,`), for number inputs. */
export const decimalSeparator = (locale: string): string =>
  plain(locale)
    .formatToParts(1.5)
    .find((p) => p.type === 'decimal')?.value ?? '.';
