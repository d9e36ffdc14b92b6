import { isLocale, type Locale, matchLocale, type PublicEventDto } from '@admitone/shared';
import { i18n, type Messages } from '@lingui/core';

import { browserLanguages, localeCookieString, readLocaleCookie, resolveLocale } from '../../lib/locale';

type CatalogModule = { messages: Messages };

/** The buyer app's catalogs (its own messages only, see vite.config.ts), one chunk per language. */
const catalogs: Record<Locale, () => Promise<CatalogModule>> = {
  en: () => import('virtual:admitone-public-catalog/en'),
  de: () => import('virtual:admitone-public-catalog/de'),
  fr: () => import('virtual:admitone-public-catalog/fr'),
  es: () => import('virtual:admitone-public-catalog/es'),
  pt: () => import('virtual:admitone-public-catalog/pt'),
  'pt-BR': () => import('virtual:admitone-public-catalog/pt-BR'),
  'zh-CN': () => import('virtual:admitone-public-catalog/zh-CN'),
};

/** The messages of the lazily loaded pages (checkout, tickets), merged in when one of them opens. */
const deepCatalogs: Record<Locale, () => Promise<CatalogModule>> = {
  en: () => import('virtual:admitone-public-catalog/deep/en'),
  de: () => import('virtual:admitone-public-catalog/deep/de'),
  fr: () => import('virtual:admitone-public-catalog/deep/fr'),
  es: () => import('virtual:admitone-public-catalog/deep/es'),
  pt: () => import('virtual:admitone-public-catalog/deep/pt'),
  'pt-BR': () => import('virtual:admitone-public-catalog/deep/pt-BR'),
  'zh-CN': () => import('virtual:admitone-public-catalog/deep/zh-CN'),
};
let deepWanted = false;

/** What the server puts in `<script id="admitone-data">` on public pages. */
export interface PublicServerData {
  event?: PublicEventDto | null;
  locale?: Locale | null;
  promo_code?: string | null;
}

/** Reads the server's data script; null when the page was not rendered by the server. */
export function readServerData(doc: Document = document): PublicServerData | null {
  const script = doc.getElementById('admitone-data');
  if (!script?.textContent) return null;
  try {
    return JSON.parse(script.textContent) as PublicServerData;
  } catch {
    return null;
  }
}

/**
 * An explicit `override` (the widget's `lang`) wins; otherwise, as in the main app: the locale cookie, then the
 * server's choice, then the browser languages.
 */
export function initialPublicLocale(serverLocale: string | null | undefined, override?: string | null): Locale {
  const forced = override ? matchLocale([override]) : null;
  if (forced) return forced;
  const cookie = readLocaleCookie(document.cookie);
  return resolveLocale({ cookie, userLocale: serverLocale, browserLanguages: browserLanguages() });
}

/** Loads a language's catalog and switches the page to it, including `<html lang>`. */
export async function activatePublicLocale(locale: Locale): Promise<void> {
  if (__ADMITONE_COMPILE_MESSAGES__) {
    // Only in LINGUI_KEEP_MESSAGES builds: strings not yet extracted are compiled from their source.
    const { compileMessage } = await import('@lingui/message-utils/compileMessage');
    i18n.setMessagesCompiler(compileMessage);
  }
  const [{ messages }, deep] = await Promise.all([catalogs[locale](), deepWanted ? deepCatalogs[locale]() : null]);
  i18n.loadAndActivate({ locale, messages: deep ? { ...messages, ...deep.messages } : messages });
  document.documentElement.lang = locale;
}

/** Adds the checkout and ticket pages' messages (from then on, also after a language change). */
export async function loadDeepMessages(): Promise<void> {
  deepWanted = true;
  const locale = (isLocale(i18n.locale) ? i18n.locale : 'en') as Locale;
  const { messages } = await deepCatalogs[locale]();
  if (i18n.locale === locale) i18n.load(locale, messages);
}

/** A visitor picked a language: remember it and switch. */
export async function choosePublicLocale(locale: Locale): Promise<void> {
  document.cookie = localeCookieString(locale);
  await activatePublicLocale(locale);
}

export { i18n };
