import type { ChangeEmailBody, ChangePasswordBody, One, UserDto } from '@admitone/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { announceUserChanged, setCachedUser, userKeys } from '../../users/api/me';

const userPath = (id: number) => `/users/${id}`;
const token = (value: string) => encodeURIComponent(value);

export const changePassword = (body: ChangePasswordBody) =>
  api.put<One<UserDto>>('/users/me/password', body).then((r) => r.data);
export const changeEmail = (body: ChangeEmailBody) =>
  api.put<One<UserDto>>('/users/me/email', body).then((r) => r.data);
export const cancelEmailChange = (userId: number) =>
  api.delete<One<UserDto>>(`${userPath(userId)}/email-change`).then((r) => r.data);
export const confirmEmailChange = (userId: number, value: string) =>
  api.post<One<UserDto>>(`${userPath(userId)}/email-change/${token(value)}`).then((r) => r.data);
export const confirmEmailAddress = (userId: number, value: string) =>
  api.post<One<UserDto>>(`${userPath(userId)}/confirm-email/${token(value)}`).then((r) => r.data);
export const resendEmailConfirmation = (userId: number) =>
  api.post<{ message: string }>(`${userPath(userId)}/resend-email-confirmation`);

/** A mutation whose answer is the changed user, written into the cached `me`. */
function useUserMutation<V>(mutationFn: (variables: V) => Promise<UserDto>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: (user) => setCachedUser(queryClient, user) });
}

/** Changes the password; the server ends every other session. */
export const useChangePassword = () => useUserMutation(changePassword);
/** Starts an e-mail change: the new address must confirm it through a mailed link. */
export const useChangeEmail = () => useUserMutation(changeEmail);
export const useCancelEmailChange = (userId: number) => useUserMutation(() => cancelEmailChange(userId));

/**
 * Opens a mailed link: the confirmed user goes into the cached `me` and the browser's other tabs are
 * told, so their "confirm your address" notices go at once. A refused link (perhaps used in another
 * tab already) fetches `me` again, so this tab shows what is true now.
 */
function useConfirmLink(confirm: (value: string) => Promise<UserDto>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirm,
    onSuccess: (user) => {
      setCachedUser(queryClient, user);
      announceUserChanged();
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: userKeys.me() }),
  });
}

export const useConfirmEmailChange = (userId: number) =>
  useConfirmLink((value: string) => confirmEmailChange(userId, value));
export const useConfirmEmailAddress = (userId: number) =>
  useConfirmLink((value: string) => confirmEmailAddress(userId, value));
export const useResendEmailConfirmation = (userId: number) =>
  useMutation({ mutationFn: () => resendEmailConfirmation(userId) });
