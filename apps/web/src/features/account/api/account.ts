import type { AccountDto, One, UpdateAccountBody } from '@admitone/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { userKeys } from '../../users/api/me';

export const accountKeys = {
  all: ['accounts'] as const,
  detail: (id: number) => ['accounts', id] as const,
  taxes: (id: number) => ['accounts', id, 'taxes-and-fees'] as const,
};

export const fetchAccount = (id: number) => api.get<One<AccountDto>>(`/accounts/${id}`).then((r) => r.data);

export const accountQueryOptions = (id: number) =>
  queryOptions({ queryKey: accountKeys.detail(id), queryFn: () => fetchAccount(id) });

/** The account's settings and event defaults. Pass `enabled: false` when the caller may not read them. */
export const useAccount = (id: number, enabled = true) => useQuery({ ...accountQueryOptions(id), enabled });

export const updateAccount = (id: number, body: UpdateAccountBody) =>
  api.put<One<AccountDto>>(`/accounts/${id}`, body).then((r) => r.data);

/** Saves account settings; `me` is refreshed too because it carries the account's name and currency. */
export function useUpdateAccount(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAccountBody) => updateAccount(id, body),
    onSuccess: async (account) => {
      queryClient.setQueryData(accountKeys.detail(id), account);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.me() }),
        queryClient.invalidateQueries({ queryKey: accountKeys.taxes(id) }),
      ]);
    },
  });
}
