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

/** day.js month and weekday names for the date pickers (English is built in). */
const dayjsLocales: Record<Exclude<Locale, 'en'>, () => Promise<unknown>> = {
  de: () => import('dayjs/locale/de'),
  fr: () => import('dayjs/locale/fr'),
  es: () => import('dayjs/locale/es'),
  pt: () => import('dayjs/locale/pt'),
  'pt-BR': () => import('dayjs/locale/pt-br'),
  'zh-CN': () => import('dayjs/locale/zh-cn'),
};

/** Loads a language's catalog and switches the whole interface to it, including `<html lang>`. */
export async function activateLocale(locale: Locale): Promise<void> {
  if (__ADMITONE_COMPILE_MESSAGES__) {
    // Only in LINGUI_KEEP_MESSAGES builds: strings not yet extracted are compiled from their source,
    // so their placeholders ("{count}") are filled in as after extraction.
    const { compileMessage } = await import('@lingui/message-utils/compileMessage');
    i18n.setMessagesCompiler(compileMessage);
  }
  const [{ messages }] = await Promise.all([catalogs[locale](), locale === 'en' ? null : dayjsLocales[locale]()]);
  dayjs.locale(dayjsLocaleName(locale));
  i18n.loadAndActivate({ locale, messages });
  document.documentElement.lang = locale;
}

/** Remembers an explicit language choice in the locale cookie. */
export function saveLocaleCookie(locale: Locale): void {
  document.cookie = localeCookieString(locale);
}

export { i18n };
