import { readFileSync } from 'node:fs';
import path from 'node:path';

/** msgid -> msgstr of a .po catalog (single-line entries, as Lingui writes them). */
function readPo(file: string): Map<string, string> {
  const text = readFileSync(path.resolve(import.meta.dirname, file), 'utf8');
  const map = new Map<string, string>();
  for (const block of text.split(/\n\s*\n/)) {
    const id = /^msgid "(.*)"$/m.exec(block)?.[1];
    const str = /^msgstr "(.*)"$/m.exec(block)?.[1];
    if (id && str) map.set(id.replace(/\\"/g, '"'), str.replace(/\\"/g, '"'));
  }
  return map;
}

/**
 * Looks English interface strings up in a locale's web catalog, so one flow runs in any
 * language and fails if a string is missing from it.
 */
export function catalog(locale: string): (english: string) => string {
  if (locale === 'en') return (s) => s;
  const map = readPo(`../apps/web/src/locales/${locale}/messages.po`);
  // Messages with explicit ids (the shared field messages, `field.*`) are found by their English text too.
  for (const [id, english] of readPo('../apps/web/src/locales/en/messages.po')) {
    const translated = map.get(id);
    if (id !== english && translated && !map.has(english)) map.set(english, translated);
  }
  return (english) => {
    const found = map.get(english);
    if (!found) throw new Error(`"${english}" has no ${locale} translation`);
    return found;
  };
}

/** Looks a server message up by its id ("error.not_found") in a locale's API catalog. */
export function apiCatalog(locale: string): (id: string) => string {
  const map = readPo(`../apps/api/src/locales/${locale}/messages.po`);
  return (id) => {
    const found = map.get(id);
    if (!found) throw new Error(`"${id}" has no ${locale} translation in the API catalog`);
    return found;
  };
}
