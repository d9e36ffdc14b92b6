import type { FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, LOCALE_COOKIE, isLocale, matchLocale, parseAcceptLanguage, type Locale } from '@admitone/shared';

function cookieLocale(header: string | undefined): Locale | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === LOCALE_COOKIE) {
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
 * Accept-Language header, else English (the same precedence as the web app).
 */
export function requestLocale(request: FastifyRequest): Locale {
  return (
    cookieLocale(request.headers.cookie) ??
    (isLocale(request.auth?.user.locale) ? request.auth.user.locale : null) ??
    matchLocale(parseAcceptLanguage(request.headers['accept-language'])) ??
    DEFAULT_LOCALE
  );
}
