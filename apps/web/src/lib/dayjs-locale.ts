import type { Locale } from '@admitone/shared';
import dayjs from 'dayjs';

import { dayjsLocaleName } from './locale';

/** day.js month and weekday names for the date pickers (English is built in). */
const dayjsLocales: Record<Exclude<Locale, 'en'>, () => Promise<unknown>> = {
  de: () => import('dayjs/locale/de'),
  fr: () => import('dayjs/locale/fr'),
  es: () => import('dayjs/locale/es'),
  pt: () => import('dayjs/locale/pt'),
  'pt-BR': () => import('dayjs/locale/pt-br'),
  'zh-CN': () => import('dayjs/locale/zh-cn'),
};

/** Loads and selects day.js's names for `locale` (lib/i18n.ts runs it with every switch of language). */
export async function loadDayjsLocale(locale: Locale): Promise<void> {
  if (locale !== 'en') await dayjsLocales[locale]();
  dayjs.locale(dayjsLocaleName(locale));
}
