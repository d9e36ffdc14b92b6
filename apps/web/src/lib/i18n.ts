import type { Locale } from '@admitone/shared';
import { i18n, type Messages } from '@lingui/core';

import { localeCookieString } from './locale';

type CatalogModule = { messages: Messages };

/** Catalogs compiled from the .po files by the Lingui Vite plugin, one chunk per language. */
const catalogs: Record<Locale, () => Promise<CatalogModule>> = {
  en: () => import('../locales/en/messages.po'),
  de: () => import('../locales/de/messages.po'),
  fr: () => import('../locales/fr/messages.po'),
  es: () => import('../locales/es/messages.po'),
  pt: () => import('../locales/pt/messages.po'),
  'pt-BR': () => import('../locales/pt-BR/messages.po'),
  'zh-CN': () => import('../locales/zh-CN/messages.po'),
};

/** The sign-in app's catalogs: only the messages of its screens (vite.config.ts makes them). */
const signInCatalogs: Record<Locale, () => Promise<CatalogModule>> = {
  en: () => import('virtual:admitone-app-catalog/sign-in/en'),
  de: () => import('virtual:admitone-app-catalog/sign-in/de'),
  fr: () => import('virtual:admitone-app-catalog/sign-in/fr'),
  es: () => import('virtual:admitone-app-catalog/sign-in/es'),
  pt: () => import('virtual:admitone-app-catalog/sign-in/pt'),
  'pt-BR': () => import('virtual:admitone-app-catalog/sign-in/pt-BR'),
  'zh-CN': () => import('virtual:admitone-app-catalog/sign-in/zh-CN'),
};

/** Which catalogs the app translates from: the whole ones (organizer app), or the sign-in screens'. */
let catalogSet: 'whole' | 'sign-in' = 'whole';
/** The sign-in app (src/sign-in/) translates from its small catalogs: called once, before the first activateLocale. */
export function chooseSignInCatalogs(): void {
  catalogSet = 'sign-in';
}

/** Work an app adds to every switch of language (the organizer app: day.js names for its date pickers). */
const localeLoaders: Array<(locale: Locale) => Promise<void>> = [];
export function addLocaleLoader(load: (locale: Locale) => Promise<void>): void {
  localeLoaders.push(load);
}

/** Loads a language's catalog and switches the whole interface to it, including `<html lang>`. */
export async function activateLocale(locale: Locale): Promise<void> {
  if (__ADMITONE_COMPILE_MESSAGES__) {
    // Only in LINGUI_KEEP_MESSAGES builds: strings not yet extracted are compiled from their source,
    // so their placeholders ("{count}") are filled in as after extraction.
    const { compileMessage } = await import('@lingui/message-utils/compileMessage');
    i18n.setMessagesCompiler(compileMessage);
  }
  const [{ messages }] = await Promise.all([
    (catalogSet === 'whole' ? catalogs : signInCatalogs)[locale](),
    ...localeLoaders.map((load) => load(locale)),
  ]);
  i18n.loadAndActivate({ locale, messages });
  document.documentElement.lang = locale;
}

/** Remembers an explicit language choice in the locale cookie. */
export function saveLocaleCookie(locale: Locale): void {
  document.cookie = localeCookieString(locale);
}

export { i18n };
