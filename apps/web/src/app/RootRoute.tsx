import { Outlet, useLocation } from 'react-router';

import { useFocusOnNavigation } from '../lib/use-focus-on-navigation';

/** Around every page: after a page change, focus goes to the new page's heading if it was lost. */
export function RootRoute() {
  const { pathname } = useLocation();
  useFocusOnNavigation(pathname);
  return <Outlet />;
}
