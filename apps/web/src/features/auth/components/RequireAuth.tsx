import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';

import { FullPageLoader } from '../../../components/FullPageLoader';
import { redirectToLogin, tokenStore } from '../../../lib/api-client';
import { hasStatus } from '../../../lib/api-error';
import { meQueryOptions } from '../../users/api/me';

/** Renders its children only for a logged-in user; otherwise saves the address and opens the login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const hasToken = Boolean(tokenStore.get());
  const me = useQuery({ ...meQueryOptions(), enabled: hasToken });

  useEffect(() => {
    if (!hasToken) redirectToLogin();
  }, [hasToken]);

  if (!hasToken || me.isPending) return <FullPageLoader />;
  if (me.isError) {
    // The API client is already on its way to the login page.
    if (hasStatus(me.error, 401) || hasStatus(me.error, 403)) return <FullPageLoader />;
    throw me.error;
  }
  return children;
}
