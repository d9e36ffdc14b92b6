import { useLingui } from '@lingui/react/macro';
import { Center, Loader } from '@mantine/core';
import { Suspense } from 'react';

import { PageErrorBoundary } from '../components/PageErrorBoundary';
import { PlainErrorScreen } from '../components/PlainErrorScreen';
import { AuthLayout } from '../features/auth/components/AuthLayout';
import { useLocation } from '../lib/history-navigation';
import { useFocusOnNavigation } from '../lib/use-focus-on-navigation';
import { matchSignInScreen } from './sign-in-routes';

/**
 * The sign-in app: the screen of the current address in the sign-in card, or the 404 screen. Moving
 * between sign-in screens keeps the page; leaving them loads the organizer app (lib/sign-in-navigation.tsx).
 */
export function SignInApp() {
  const { pathname } = useLocation();
  useFocusOnNavigation(pathname);
  const screen = matchSignInScreen(pathname);
  return (
    <PageErrorBoundary resetKey={pathname}>
      {screen ? (
        <AuthLayout>
          <Suspense fallback={<ScreenLoader />}>
            <screen.Page token={screen.token} />
          </Suspense>
        </AuthLayout>
      ) : (
        <PlainErrorScreen notFound />
      )}
    </PageErrorBoundary>
  );
}

/** While a screen's code loads (all but the login form come when first opened). */
function ScreenLoader() {
  const { t } = useLingui();
  return (
    <Center py="xl">
      <Loader role="progressbar" aria-label={t`Loading`} />
    </Center>
  );
}
