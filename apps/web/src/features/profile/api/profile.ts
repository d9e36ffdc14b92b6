import type { ChangeEmailBody, ChangePasswordBody, One, UserDto } from '@admitone/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { setCachedUser } from '../../users/api/me';

const userPath = (id: number) => `/users/${id}`;
const token = (value: string) => encodeURIComponent(value);

export const changePassword = (body: ChangePasswordBody) =>
  api.put<One<UserDto>>('/users/me/password', body).then((r) => r.data);
export const changeEmail = (body: ChangeEmailBody) => api.put<One<UserDto>>('/users/me/email', body).then((r) => r.data);
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
export const useConfirmEmailChange = (userId: number) => useUserMutation((value: string) => confirmEmailChange(userId, value));
export const useConfirmEmailAddress = (userId: number) => useUserMutation((value: string) => confirmEmailAddress(userId, value));
export const useResendEmailConfirmation = (userId: number) => useMutation({ mutationFn: () => resendEmailConfirmation(userId) });
