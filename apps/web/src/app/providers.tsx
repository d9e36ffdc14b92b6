import { I18nProvider } from '@lingui/react';
import { useLingui } from '@lingui/react/macro';
import { MantineProvider, mergeThemeOverrides } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useMemo, useRef } from 'react';

import { cssVariablesResolver, theme } from '../components/theme';
import { i18n } from '../lib/i18n';
import { queryClient } from '../lib/query-client';

/**
 * Loaded with the first notification shown: most visits never see one (the login page does not). Without a network
 * (the box office sells offline) the load waits for the network and tries again, instead of failing the whole screen.
 */
const loadNotifications = (): Promise<typeof import('./AppNotifications')> =>
  import('./AppNotifications').catch(
    () =>
      new Promise((resolve) => window.addEventListener('online', () => resolve(loadNotifications()), { once: true })),
  );
const AppNotifications = lazy(loadNotifications);

/** Mounts the toasts once there is something to show, and keeps them from then on. */
function NotificationsWhenNeeded() {
  const { notifications, queue } = useNotifications();
  const wanted = useRef(false);
  if (notifications.length || queue.length) wanted.current = true;
  return wanted.current ? (
    <Suspense fallback={null}>
      <AppNotifications />
    </Suspense>
  ) : null;
}

/** Theme, translations, server state and notifications for the whole app. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <LocalizedMantineProvider>
          <NotificationsWhenNeeded />
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
    () =>
      mergeThemeOverrides(theme, {
        components: {
          PasswordInput: { defaultProps: { visibilityToggleButtonProps: { 'aria-label': showPassword } } },
        },
      }),
    [showPassword],
  );
  return (
    <MantineProvider theme={localized} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      {children}
    </MantineProvider>
  );
}
