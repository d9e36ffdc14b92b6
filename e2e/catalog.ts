import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Looks English interface strings up in a locale's web catalog, so one flow runs in any
 * language and fails if a string is missing from it.
 */
export function catalog(locale: string): (english: string) => string {
  if (locale === 'en') return (s) => s;
  const text = readFileSync(path.resolve(import.meta.dirname, `../apps/web/src/locales/${locale}/messages.po`), 'utf8');
  const map = new Map<string, string>();
  for (const block of text.split(/\n\s*\n/)) {
    const id = /^msgid "(.*)"$/m.exec(block)?.[1];
    const str = /^msgstr "(.*)"$/m.exec(block)?.[1];
    if (id && str) map.set(id.replace(/\\"/g, '"'), str.replace(/\\"/g, '"'));
  }
  return (english) => {
    const found = map.get(english);
    if (!found) throw new Error(`"${english}" has no ${locale} translation`);
    return found;
  };
}
