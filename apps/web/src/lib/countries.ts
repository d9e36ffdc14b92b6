import { intlLocale, LOCALES } from '@admitone/shared';
/** Codes that name groupings or placeholders rather than countries and territories. */
const NOT_COUNTRIES = new Set([
  'EU',
  'EZ',
  'UN',
  'QO',
  'XA',
  'XB',
  'ZZ',
  'AN',
  'BU',
  'CS',
  'DD',
  'FX',
  'NT',
  'SU',
  'TP',
  'YD',
  'YU',
  'ZR',
]);

let cachedCodes: string[] | null = null;

/** ISO 3166-1 alpha-2 codes the runtime can name (built from Intl, so no list to keep up to date). */
export function countryCodes(): string[] {
  if (cachedCodes) return cachedCodes;
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  const codes: string[] = [];
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      if (NOT_COUNTRIES.has(code)) continue;
      const name = names.of(code);
      if (name && name !== 'Unknown Region') codes.push(code);
    }
  }
  cachedCodes = codes;
  return codes;
}

/** Select options `{ value: 'DE', label: 'Germany' }`, named and sorted in a language. */
export function countryOptions(locale: string): { value: string; label: string }[] {
  let names: Intl.DisplayNames;
  try {
    names = new Intl.DisplayNames([intlLocale(locale), 'en'], { type: 'region' });
  } catch {
    names = new Intl.DisplayNames(['en'], { type: 'region' });
  }
  const collator = new Intl.Collator(intlLocale(locale));
  return countryCodes()
    .map((code) => ({ value: code, label: names.of(code) ?? code }))
    .sort((x, y) => collator.compare(x.label, y.label));
}

/** Text as a search compares it: lower case, accents off ("Österreich" is "osterreich"). */
export const foldForSearch = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

let cachedAliases: Map<string, string[]> | null = null;

/**
 * What finds a country in a search: its code and its names in every language of the app, folded
 * ("deutschland", "allemagne" and "germany" all find DE, whatever language the screen is in).
 */
export function countryAliases(): Map<string, string[]> {
  if (cachedAliases) return cachedAliases;
  const namers = LOCALES.map((l) => new Intl.DisplayNames([intlLocale(l), 'en'], { type: 'region' }));
  cachedAliases = new Map(
    countryCodes().map((code) => [
      code,
      [code.toLowerCase(), ...new Set(namers.map((n) => foldForSearch(n.of(code) ?? code)))],
    ]),
  );
  return cachedAliases;
}

/** A country's name in a language (`DE` → "Germany", "Deutschland"); the code itself where the runtime has none. */
export function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([intlLocale(locale), 'en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
