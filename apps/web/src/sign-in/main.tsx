import '../lib/zod-jitless';
import '../app/mantine-styles';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { Providers } from '../app/providers';
import { initialLocale } from '../features/locale/initial-locale';
import { setLocaleGetter } from '../lib/api-client';
import { activateLocale, chooseSignInCatalogs, i18n } from '../lib/i18n';
import { focusAfterArriving } from '../lib/page-leave';
import { SignInApp } from './SignInApp';

/**
 * The sign-in app's entry (signin.html, served for every address under /auth): log in, sign up, reset a
 * password, accept an invitation. Translated from a catalog holding only these screens' messages.
 */
setLocaleGetter(() => i18n.locale || undefined);
chooseSignInCatalogs();
focusAfterArriving();

async function boot() {
  await activateLocale(await initialLocale());
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers>
        <SignInApp />
      </Providers>
    </StrictMode>,
  );
}

void boot();
