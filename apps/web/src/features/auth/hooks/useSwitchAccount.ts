import { useMutation } from '@tanstack/react-query';
import { switchAccount } from '../api/auth';
import { useFinishLogin } from './useFinishLogin';

/**
 * Switches the session to another account of the same user: the API client stores the new token,
 * then every cached answer of the old account is dropped and the event list opens.
 */
export function useSwitchAccount() {
  const finishLogin = useFinishLogin();
  return useMutation({
    mutationFn: (accountId: number) => switchAccount({ account_id: accountId }),
    onSuccess: (response) => finishLogin(response, '/manage/events'),
  });
}
