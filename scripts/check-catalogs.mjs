// CI check: every message of the web app and the API exists, translated and not fuzzy, in all
// seven locales. Extracts first, so a string added in code without a translation fails too.
// And one register per language (#38), in screens and mails alike: German says Sie, Chinese 您,
// French vous, Spanish usted; a translation with an informal form fails.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const LOCALES = ['en', 'de', 'fr', 'es', 'pt', 'pt-BR', 'zh-CN'];
const CATALOGS = ['apps/web/src/locales', 'apps/api/src/locales'];
/**
 * What the informal register looks like, per locale. Whole words only: a letter or digit next to it
 * makes it part of another word ("Direkt", "Produkt", "teuer"; "tes" in "toutes").
 */
const word = (words) => new RegExp(`(?<![\\p{L}\\p{N}])(${words.join('|')})(?![\\p{L}\\p{N}])`, 'iu');
const INFORMAL = {
  de: word([
    'du',
    'dich',
    'dir',
    'dein',
    'deine',
    'deinen',
    'deinem',
    'deiner',
    'deines',
    'euch',
    'euer',
    'eure',
    'euren',
    'eurem',
    'eurer',
    'eures',
  ]),
  fr: word(['tu', 'toi', 'ton', 'ta', 'tes']),
  es: word(['tú', 'tu', 'tus', 'te', 'ti', 'contigo', 'tuyo', 'tuya', 'tuyos', 'tuyas']),
  'zh-CN': /你/u,
};

execFileSync('npx', ['lingui', 'extract', '--clean'], { cwd: root, stdio: 'ignore' });

/** Splits a .po file into entries: { id, translation, fuzzy }. */
function parsePo(text) {
  const entries = [];
  for (const block of text.split(/\n\s*\n/)) {
    const lines = block.split('\n');
    let field = null;
    const entry = { id: '', translation: '', fuzzy: false, obsolete: false };
    for (const line of lines) {
      if (line.startsWith('#,') && line.includes('fuzzy')) entry.fuzzy = true;
      if (line.startsWith('#~')) entry.obsolete = true;
      const m = /^(msgid|msgstr|msgctxt) "(.*)"$/.exec(line);
      if (m) {
        field = m[1];
        if (field === 'msgid') entry.id = m[2];
        if (field === 'msgstr') entry.translation = m[2];
        continue;
      }
      const cont = /^"(.*)"$/.exec(line);
      if (cont && field === 'msgid') entry.id += cont[1];
      if (cont && field === 'msgstr') entry.translation += cont[1];
    }
    if (entry.id) entries.push(entry);
  }
  return entries;
}

let problems = 0;
for (const dir of CATALOGS) {
  const ids = {};
  for (const locale of LOCALES) {
    const entries = parsePo(readFileSync(path.join(root, dir, locale, 'messages.po'), 'utf8'));
    ids[locale] = new Set(entries.map((e) => e.id));
    if (locale === 'en') continue;
    for (const e of entries) {
      if (e.obsolete || e.fuzzy || !e.translation) {
        problems++;
        console.error(`${dir}/${locale}: ${e.fuzzy ? 'fuzzy' : e.obsolete ? 'obsolete' : 'missing'}: ${e.id}`);
      }
      const informal = INFORMAL[locale]?.exec(e.translation);
      if (informal) {
        problems++;
        console.error(
          `${dir}/${locale}: informal "${informal[0]}" (one register per language): ${e.id}\n  msgstr "${e.translation}"`,
        );
      }
    }
  }
  for (const locale of LOCALES) {
    if (ids[locale].size !== ids.en.size) {
      problems++;
      console.error(`${dir}/${locale}: ${ids[locale].size} messages, English has ${ids.en.size}`);
    }
  }
}
if (problems) {
  console.error(`\n${problems} catalog problem(s). Translate them in the .po files.`);
  process.exit(1);
}
console.log('All catalogs complete in', LOCALES.join(', '));
