import {
  DEFAULT_LOCALE,
  isLocale,
  type Locale,
  LOCALE_COOKIE,
  matchLocale,
  SAVED_LOCALE_COOKIE,
} from '@admitone/shared';

/** One year: the chosen language should outlive the session. */
const COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

/** Reads the locale cookie from a `document.cookie` string; null when absent or unsupported. */
export function readLocaleCookie(cookieString: string): Locale | null {
  for (const part of cookieString.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== LOCALE_COOKIE) continue;
    const value = decodeURIComponent(rest.join('='));
    return isLocale(value) ? value : matchLocale([value]);
  }
  return null;
}

/** The `document.cookie` assignment that stores a chosen locale. */
export function localeCookieString(locale: Locale): string {
  return `${LOCALE_COOKIE}=${encodeURIComponent(locale)}; path=/; max-age=${COOKIE_MAX_AGE}; SameSite=Lax`;
}

/**
 * The `document.cookie` assignment that mirrors the logged-in user's saved locale for the pages the
 * server renders; null removes it (logged out, or nothing saved).
 */
export function savedLocaleCookieString(locale: Locale | null): string {
  return locale
    ? `${SAVED_LOCALE_COOKIE}=${encodeURIComponent(locale)}; path=/; max-age=${COOKIE_MAX_AGE}; SameSite=Lax`
    : `${SAVED_LOCALE_COOKIE}=; path=/; max-age=0; SameSite=Lax`;
}

export interface LocaleSources {
  cookie: Locale | null;
  userLocale?: string | null;
  browserLanguages?: readonly string[];
}

/** Cookie, then the user's saved locale, then the browser languages, then English. */
export function resolveLocale({ cookie, userLocale, browserLanguages = [] }: LocaleSources): Locale {
  if (cookie) return cookie;
  if (isLocale(userLocale)) return userLocale;
  return matchLocale(browserLanguages) ?? DEFAULT_LOCALE;
}

/** Browser languages in preference order. */
export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : [];
}

/** The day.js locale module name for an interface locale. */
export function dayjsLocaleName(locale: Locale): string {
  return locale.toLowerCase();
}
