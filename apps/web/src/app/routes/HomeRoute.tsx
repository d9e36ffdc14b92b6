import { useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { FullPageLoader } from '../../components/FullPageLoader';
import { fetchMe, userKeys } from '../../features/users/api/me';
import { tokenStore } from '../../lib/api-client';

/** `/`: logged in → the event list, otherwise → the login page. */
export default function HomeRoute() {
  const hasToken = Boolean(tokenStore.get());
  const me = useQuery({
    queryKey: userKeys.me(),
    queryFn: () => fetchMe({ redirectOnUnauthorized: false }),
    enabled: hasToken,
    retry: false,
  });
  if (!hasToken || me.isError) return <Navigate to="/auth/login" replace />;
  if (me.isPending) return <FullPageLoader />;
  return <Navigate to="/manage/events" replace />;
}
