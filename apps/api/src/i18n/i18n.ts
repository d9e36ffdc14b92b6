import { readFile } from 'node:fs/promises';
import path from 'node:path';

import { DEFAULT_LOCALE, type Locale, LOCALES } from '@admitone/shared';
import { type I18n, type MessageDescriptor, setupI18n } from '@lingui/core';
import { formatter } from '@lingui/format-po';
import { compileMessage } from '@lingui/message-utils/compileMessage';

const localesDir = path.resolve(import.meta.dirname, '../locales');
const instances = new Map<Locale, I18n>();

/** Reads the API's .po catalogs (errors and e-mails) once; missing translations fall back to English. */
export async function loadCatalogs(): Promise<void> {
  if (instances.size) return;
  const po = formatter({ explicitIdAsDefault: true });
  for (const locale of LOCALES) {
    let messages: Record<string, string> = {};
    try {
      const content = await readFile(path.join(localesDir, locale, 'messages.po'), 'utf8');
      const catalog = await po.parse(content, { locale, sourceLocale: 'en', filename: `${locale}/messages.po` });
      messages = Object.fromEntries(
        Object.entries(catalog)
          .filter(([, entry]) => entry.translation)
          .map(([id, entry]) => [id, entry.translation as string]),
      );
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    const i18n = setupI18n();
    i18n.setMessagesCompiler(compileMessage);
    i18n.loadAndActivate({ locale, messages });
    instances.set(locale, i18n);
  }
}

/** The i18n instance of a locale (English when catalogs are not loaded). */
export function i18nFor(locale: Locale | null | undefined): I18n {
  const found = instances.get(locale ?? DEFAULT_LOCALE) ?? instances.get(DEFAULT_LOCALE);
  if (found) return found;
  const fallback = setupI18n();
  fallback.setMessagesCompiler(compileMessage);
  fallback.loadAndActivate({ locale: DEFAULT_LOCALE, messages: {} });
  instances.set(DEFAULT_LOCALE, fallback);
  return fallback;
}

/** Translates a descriptor into a locale. */
export function translate(
  locale: Locale | null | undefined,
  descriptor: MessageDescriptor,
  values?: Record<string, unknown>,
): string {
  return i18nFor(locale)._({ ...descriptor, values: { ...(descriptor.values ?? {}), ...(values ?? {}) } });
}
