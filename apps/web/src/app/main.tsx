import '../lib/zod-jitless';
import './mantine-styles';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';

import { initialLocale } from '../features/locale/initial-locale';
import { mirrorSavedLocale } from '../features/locale/saved-locale-cookie';
import { followUserChangesInOtherTabs } from '../features/users/api/me';
import { setLocaleGetter } from '../lib/api-client';
import { loadDayjsLocale } from '../lib/dayjs-locale';
import { activateLocale, addLocaleLoader, i18n } from '../lib/i18n';
import { focusAfterArriving } from '../lib/page-leave';
import { queryClient } from '../lib/query-client';
import { Providers } from './providers';
import { router } from './router';

setLocaleGetter(() => i18n.locale || undefined);
addLocaleLoader(loadDayjsLocale);
mirrorSavedLocale(queryClient);
followUserChangesInOtherTabs(queryClient);
focusAfterArriving();

async function boot() {
  await activateLocale(await initialLocale());
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}

void boot();
