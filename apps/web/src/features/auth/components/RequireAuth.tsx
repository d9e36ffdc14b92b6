import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';

import { FullPageLoader } from '../../../components/FullPageLoader';
import { redirectToLogin, tokenStore, TWO_FACTOR_REQUIRED_EVENT } from '../../../lib/api-client';
import { hasStatus } from '../../../lib/api-error';
import { meQueryOptions } from '../../users/api/me';

// Only for members of an account that requires two-factor sign-in who have none yet.
const TwoFactorGate = lazy(() =>
  import('../../two-factor/components/TwoFactorGate').then((m) => ({ default: m.TwoFactorGate })),
);

/**
 * Renders its children only for a logged-in user; otherwise saves the address and opens the login. A user whose
 * account requires two-factor sign-in, and who has none, sets it up first.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const hasToken = Boolean(tokenStore.get());
  const me = useQuery({ ...meQueryOptions(), enabled: hasToken });

  useEffect(() => {
    if (!hasToken) redirectToLogin();
  }, [hasToken]);
  // The account began requiring two-factor sign-in meanwhile: read who we are again, and the gate shows.
  const { refetch } = me;
  useEffect(() => {
    const again = () => void refetch();
    window.addEventListener(TWO_FACTOR_REQUIRED_EVENT, again);
    return () => window.removeEventListener(TWO_FACTOR_REQUIRED_EVENT, again);
  }, [refetch]);

  if (!hasToken || me.isPending) return <FullPageLoader />;
  if (me.isError) {
    // The API client is already on its way to the login page.
    if (hasStatus(me.error, 401) || hasStatus(me.error, 403)) return <FullPageLoader />;
    throw me.error;
  }
  if (me.data.two_factor_setup_required) {
    return (
      <Suspense fallback={<FullPageLoader />}>
        <TwoFactorGate me={me.data} />
      </Suspense>
    );
  }
  return children;
}
