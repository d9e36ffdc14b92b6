import type { Locale } from '@admitone/shared';
import { i18n, type Messages } from '@lingui/core';
import dayjs from 'dayjs';
import { dayjsLocaleName, localeCookieString } from './locale';

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

/** The sign-in screens' catalogs: their messages only (app/sign-in-pages.ts). */
const signInCatalogs: Record<Locale, () => Promise<CatalogModule>> = {
  en: () => import('virtual:admitone-app-catalog/sign-in/en'),
  de: () => import('virtual:admitone-app-catalog/sign-in/de'),
  fr: () => import('virtual:admitone-app-catalog/sign-in/fr'),
  es: () => import('virtual:admitone-app-catalog/sign-in/es'),
  pt: () => import('virtual:admitone-app-catalog/sign-in/pt'),
  'pt-BR': () => import('virtual:admitone-app-catalog/sign-in/pt-BR'),
  'zh-CN': () => import('virtual:admitone-app-catalog/sign-in/zh-CN'),
};

/** day.js month and weekday names for the date pickers (English is built in). */
const dayjsLocales: Record<Exclude<Locale, 'en'>, () => Promise<unknown>> = {
  de: () => import('dayjs/locale/de'),
  fr: () => import('dayjs/locale/fr'),
  es: () => import('dayjs/locale/es'),
  pt: () => import('dayjs/locale/pt'),
  'pt-BR': () => import('dayjs/locale/pt-br'),
  'zh-CN': () => import('dayjs/locale/zh-cn'),
};

/** Whether a screen other than the sign-in ones has been asked for: from then on, whole catalogs. */
let wholeWanted = true;
/** The language whose whole catalog is loaded (null: none, or only the sign-in screens' one). */
let wholeLoaded: Locale | null = null;

/**
 * Loads a language's catalog and switches the whole interface to it, including `<html lang>`. The
 * sign-in screens' small catalog while only they were opened (`signInOnly` at start), else the whole one.
 */
export async function activateLocale(locale: Locale, options: { signInOnly?: boolean } = {}): Promise<void> {
  if (options.signInOnly) wholeWanted = false;
  if (__ADMITONE_COMPILE_MESSAGES__) {
    // Only in LINGUI_KEEP_MESSAGES builds: strings not yet extracted are compiled from their source,
    // so their placeholders ("{count}") are filled in as after extraction.
    const { compileMessage } = await import('@lingui/message-utils/compileMessage');
    i18n.setMessagesCompiler(compileMessage);
  }
  const whole = wholeWanted;
  const [{ messages }] = await Promise.all([(whole ? catalogs : signInCatalogs)[locale](), locale === 'en' ? null : dayjsLocales[locale]()]);
  dayjs.locale(dayjsLocaleName(locale));
  i18n.loadAndActivate({ locale, messages });
  wholeLoaded = whole ? locale : null;
  document.documentElement.lang = locale;
}

/** Before any screen but the sign-in ones shows: the whole catalog of the language in use. */
export async function ensureWholeCatalog(): Promise<void> {
  wholeWanted = true;
  const locale = i18n.locale as Locale;
  if (locale && wholeLoaded !== locale) await activateLocale(locale);
}

/** Remembers an explicit language choice in the locale cookie. */
export function saveLocaleCookie(locale: Locale): void {
  document.cookie = localeCookieString(locale);
}

export { i18n };
