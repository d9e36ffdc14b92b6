import { isLocale, type AuthResponse } from '@admitone/shared';
import { useLingui } from '@lingui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { consumeReturnTo } from '../../../lib/api-client';
import { activateLocale } from '../../../lib/i18n';
import { readLocaleCookie } from '../../../lib/locale';

/**
 * After a successful login (token already stored by the API client): forget the previous session's
 * data, switch to the user's saved language when no cookie chose one, and open the saved address.
 */
export function useFinishLogin() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { i18n } = useLingui();
  return useCallback(
    async (response: AuthResponse, to?: string) => {
      queryClient.clear();
      const saved = response.user.locale;
      if (!readLocaleCookie(document.cookie) && isLocale(saved) && saved !== i18n.locale) await activateLocale(saved);
      await navigate(to ?? consumeReturnTo(), { replace: true });
    },
    [i18n, navigate, queryClient],
  );
}
