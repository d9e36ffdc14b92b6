import type { One, SingleSignOnBody, SingleSignOnDto } from '@admitone/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';

export const singleSignOnKey = (accountId: number) => ['accounts', accountId, 'single-sign-on'] as const;

const base = (accountId: number) => `/accounts/${accountId}/single-sign-on`;

/** The account's single sign-on, or null while it has none (admins). */
export const useSingleSignOn = (accountId: number, enabled = true) =>
  useQuery({
    queryKey: singleSignOnKey(accountId),
    queryFn: () => api.get<One<SingleSignOnDto | null>>(base(accountId)).then((r) => r.data),
    enabled: enabled && accountId > 0,
  });

/**
 * Sets up or changes it: the server checks that the issuer answers its OpenID discovery first (422 on `issuer` when
 * it does not); an empty client secret keeps the saved one.
 */
export function useSaveSingleSignOn(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SingleSignOnBody) => api.put<One<SingleSignOnDto>>(base(accountId), body).then((r) => r.data),
    onSuccess: (saved) => queryClient.setQueryData(singleSignOnKey(accountId), saved),
  });
}

/** Removes it: its members sign in with a password again. */
export function useRemoveSingleSignOn(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<void>(base(accountId)),
    onSuccess: () => queryClient.setQueryData(singleSignOnKey(accountId), null),
  });
}
