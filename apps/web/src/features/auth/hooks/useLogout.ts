import { useCallback } from 'react';

import { forgetSession, LOGIN_PATH } from '../../../lib/api-client';
import { leavePage } from '../../../lib/page-leave';
import { logout } from '../api/auth';

/**
 * The session is over (ended here or on the server): forgets it and opens the login page (a page load: nothing of it
 * stays in memory).
 */
export function leaveToLogin(): void {
  forgetSession();
  leavePage(() => window.location.replace(LOGIN_PATH));
}

/** Ends the session on the server (best effort), forgets it here and opens the login page. */
export function useLogout() {
  return useCallback(async () => {
    try {
      await logout();
    } catch {
      // The session is dropped locally either way.
    }
    leaveToLogin();
  }, []);
}
