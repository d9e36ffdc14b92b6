import { isLocale, type Locale } from '@admitone/shared';
import type { QueryClient } from '@tanstack/react-query';

import { tokenStore } from '../../lib/api-client';
import { savedLocaleCookieString } from '../../lib/locale';
import { type Me, userKeys } from '../users/api/me';

const isMeKey = (key: readonly unknown[]) =>
  key.length === 2 && key[0] === userKeys.me()[0] && key[1] === userKeys.me()[1];

/**
 * Keeps the saved-locale cookie equal to the logged-in user's saved language, whenever the cached
 * `me` changes (boot, login, profile, language switcher), and drops it when the session ends. The
 * server reads it for the buyer pages it renders, which carry no bearer token. Returns the unsubscribe.
 */
export function mirrorSavedLocale(
  queryClient: QueryClient,
  writeCookie: (cookie: string) => void = (c) => (document.cookie = c),
): () => void {
  let written: Locale | null | undefined;
  const write = (locale: Locale | null) => {
    if (locale === written) return;
    written = locale;
    writeCookie(savedLocaleCookieString(locale));
  };
  return queryClient.getQueryCache().subscribe((event) => {
    if (!isMeKey(event.query.queryKey)) return;
    // Removed also after a while unused: only a forgotten token means the session ended.
    if (event.type === 'removed') {
      if (!tokenStore.get()) write(null);
      return;
    }
    const me = event.query.state.data as Me | undefined;
    if (event.type === 'updated' && me) write(isLocale(me.user.locale) ? me.user.locale : null);
  });
}
