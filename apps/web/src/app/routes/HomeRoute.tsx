import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate } from 'react-router';

import { FullPageLoader } from '../../components/FullPageLoader';
import { fetchMe, userKeys } from '../../features/users/api/me';
import { LOGIN_PATH, tokenStore } from '../../lib/api-client';

/** Opens the login page (the sign-in app: a page load) in place of this address. */
function ToLogin() {
  useEffect(() => window.location.replace(LOGIN_PATH), []);
  return <FullPageLoader />;
}

/** `/`: logged in → the event list, otherwise → the login page. */
export default function HomeRoute() {
  const hasToken = Boolean(tokenStore.get());
  const me = useQuery({
    queryKey: userKeys.me(),
    queryFn: () => fetchMe({ redirectOnUnauthorized: false }),
    enabled: hasToken,
    retry: false,
  });
  if (!hasToken || me.isError) return <ToLogin />;
  if (me.isPending) return <FullPageLoader />;
  return <Navigate to="/manage/events" replace />;
}
