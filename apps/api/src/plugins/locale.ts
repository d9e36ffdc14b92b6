import {
  DEFAULT_LOCALE,
  isLocale,
  type Locale,
  LOCALE_COOKIE,
  matchLocale,
  parseAcceptLanguage,
  SAVED_LOCALE_COOKIE,
} from '@admitone/shared';
import type { FastifyRequest } from 'fastify';

/** A supported locale from the named cookie of a Cookie header; null when absent or unusable. */
function cookieLocale(header: string | undefined, name: string): Locale | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      let value: string;
      try {
        value = decodeURIComponent(rest.join('='));
      } catch {
        // Not valid percent-encoding: no choice was made.
        return null;
      }
      return isLocale(value) ? value : matchLocale([value]);
    }
  }
  return null;
}

/**
 * The language of a request: the locale cookie, else the logged-in user's saved locale, else the
 * Accept-Language header, else English (the same precedence as the web app). Pages the server renders
 * carry no bearer token: for them the saved locale comes from the cookie the web app mirrors it in.
 */
export function requestLocale(request: FastifyRequest): Locale {
  const cookies = request.headers.cookie;
  return (
    cookieLocale(cookies, LOCALE_COOKIE) ??
    (isLocale(request.auth?.user.locale) ? request.auth.user.locale : null) ??
    cookieLocale(cookies, SAVED_LOCALE_COOKIE) ??
    matchLocale(parseAcceptLanguage(request.headers['accept-language'])) ??
    DEFAULT_LOCALE
  );
}
