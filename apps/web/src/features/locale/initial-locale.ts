import { tokenStore } from '../../lib/api-client';
import { browserLanguages, readLocaleCookie, resolveLocale } from '../../lib/locale';
import { queryClient } from '../../lib/query-client';
import { fetchMe, userKeys } from '../users/api/me';

/** The language an app starts in: the cookie, else the logged-in user's saved one, else the browser's, else English. */
export async function initialLocale() {
  const cookie = readLocaleCookie(document.cookie);
  let userLocale: string | null = null;
  if (!cookie && tokenStore.get()) {
    try {
      const me = await fetchMe({ redirectOnUnauthorized: false });
      queryClient.setQueryData(userKeys.me(), me);
      userLocale = me.user.locale;
    } catch {
      // Not logged in (or offline): the pages handle that themselves.
    }
  }
  return resolveLocale({ cookie, userLocale, browserLanguages: browserLanguages() });
}
