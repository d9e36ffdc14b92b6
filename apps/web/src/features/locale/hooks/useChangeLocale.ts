import type { Locale } from '@admitone/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

import { tokenStore } from '../../../lib/api-client';
import { activateLocale, saveLocaleCookie } from '../../../lib/i18n';
import { type Me, updateMe, userKeys } from '../../users/api/me';

/**
 * Switches the interface language live: stores the cookie, loads the catalog, sets `<html lang>`
 * and, when logged in, saves the choice on the user so mails and later sessions follow it.
 */
export function useChangeLocale() {
  const queryClient = useQueryClient();
  return useCallback(
    async (locale: Locale) => {
      saveLocaleCookie(locale);
      await activateLocale(locale);
      if (!tokenStore.get() || !queryClient.getQueryData<Me>(userKeys.me())) return;
      try {
        const user = await updateMe({ locale });
        queryClient.setQueryData<Me>(userKeys.me(), (me) => (me ? { ...me, user } : me));
      } catch {
        // The cookie already holds the choice; saving it on the profile can be retried next time.
      }
    },
    [queryClient],
  );
}
