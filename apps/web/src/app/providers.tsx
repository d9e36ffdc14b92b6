import { I18nProvider } from '@lingui/react';
import { useLingui } from '@lingui/react/macro';
import { MantineProvider, mergeThemeOverrides } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { cssVariablesResolver, theme } from '../components/theme';
import { i18n } from '../lib/i18n';
import { queryClient } from '../lib/query-client';

// Loaded after the first paint: no page needs a notification before it has rendered.
const AppNotifications = lazy(() => import('./AppNotifications'));

/** Theme, translations, server state and notifications for the whole app. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <LocalizedMantineProvider>
          <Suspense fallback={null}>
            <AppNotifications />
          </Suspense>
          {children}
        </LocalizedMantineProvider>
      </QueryClientProvider>
    </I18nProvider>
  );
}

/**
 * The theme with the interface language's words for what Mantine would otherwise name in English
 * (the password fields' show/hide button is "Toggle password visibility" out of the box).
 */
function LocalizedMantineProvider({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const showPassword = t`Show or hide the password`;
  const localized = useMemo(
    () => mergeThemeOverrides(theme, { components: { PasswordInput: { defaultProps: { visibilityToggleButtonProps: { 'aria-label': showPassword } } } } }),
    [showPassword],
  );
  return (
    <MantineProvider theme={localized} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      {children}
    </MantineProvider>
  );
}
