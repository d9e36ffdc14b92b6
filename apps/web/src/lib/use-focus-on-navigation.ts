import { useEffect, useRef } from 'react';

import { rescueLostFocus } from './focus-rescue';

/**
 * After a client-side page change, moves keyboard focus to the new page's main heading when the
 * old focus went away with the old page (otherwise it falls back to <body> and keyboard and
 * screen-reader users start over at the top), also once a page that is still loading shows it.
 * Focus that is still somewhere (a link in a layout that stays, a field that took it) stays.
 */
export function useFocusOnNavigation(pathname: string): void {
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    return rescueLostFocus();
  }, [pathname]);
}
