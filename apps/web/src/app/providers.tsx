import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { i18n } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { cssVariablesResolver, theme } from './theme';

// Loaded after the first paint: no page needs a notification before it has rendered.
const AppNotifications = lazy(() => import('./AppNotifications'));

/** Theme, translations, server state and notifications for the whole app. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
          <Suspense fallback={null}>
            <AppNotifications />
          </Suspense>
          {children}
        </MantineProvider>
      </QueryClientProvider>
    </I18nProvider>
  );
}
