import { useMutation } from '@tanstack/react-query';

import { switchAccount } from '../api/auth';
import { useFinishLogin } from './useFinishLogin';

/**
 * Switches the session to another account of the same user: the API client stores the new token,
 * then the event list opens with a page load (nothing of the old account stays in memory).
 */
export function useSwitchAccount() {
  const finishLogin = useFinishLogin();
  return useMutation({
    mutationFn: (accountId: number) => switchAccount({ account_id: accountId }),
    onSuccess: () => finishLogin('/manage/events'),
  });
}
