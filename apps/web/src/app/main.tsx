import '../lib/zod-jitless';
import './mantine-styles';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { mirrorSavedLocale } from '../features/locale/saved-locale-cookie';
import { fetchMe, followUserChangesInOtherTabs, userKeys } from '../features/users/api/me';
import { setLocaleGetter, setNavigate, tokenStore } from '../lib/api-client';
import { activateLocale, i18n } from '../lib/i18n';
import { browserLanguages, readLocaleCookie, resolveLocale } from '../lib/locale';
import { queryClient } from '../lib/query-client';
import { Providers } from './providers';
import { router } from './router';
import { isSignInPath } from './sign-in-pages';

setLocaleGetter(() => i18n.locale || undefined);
setNavigate((to) => void router.navigate(to));
mirrorSavedLocale(queryClient);
followUserChangesInOtherTabs(queryClient);

/** Cookie, else the logged-in user's saved locale, else the browser languages, else English. */
async function initialLocale() {
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

async function boot() {
  await activateLocale(await initialLocale(), { signInOnly: isSignInPath(window.location.pathname) });
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}

void boot();
