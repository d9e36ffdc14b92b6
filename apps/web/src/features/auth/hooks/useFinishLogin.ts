import { useCallback } from 'react';

import { consumeReturnTo } from '../../../lib/api-client';
import { goTo } from '../../../lib/sign-in-navigation';

/**
 * After a successful login or account switch (token already stored by the API client): open the saved
 * address with a page load, so the organizer app starts afresh in the session just stored (nothing of
 * the previous session's data stays in memory) and in the user's language (features/locale/initial-locale.ts).
 */
export function useFinishLogin() {
  return useCallback((to?: string) => goTo(to ?? consumeReturnTo(), { replace: true }), []);
}
