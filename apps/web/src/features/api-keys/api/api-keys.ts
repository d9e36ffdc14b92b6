import type { ApiKeyDto, CreateApiKeyBody, CreatedApiKeyDto, One } from '@admitone/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';

export const apiKeyKeys = { all: ['api-keys'] as const };

/** The account's API keys, newest first (needs `api_keys.manage`). */
export const useApiKeys = () =>
  useQuery({
    queryKey: apiKeyKeys.all,
    queryFn: () => api.get<{ data: ApiKeyDto[] }>('/api-keys').then((r) => r.data),
  });

function useKeysMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }) });
}

/** Makes a key; the answer carries its secret, shown this once. */
export const useCreateApiKey = () =>
  useKeysMutation((body: CreateApiKeyBody) => api.post<One<CreatedApiKeyDto>>('/api-keys', body).then((r) => r.data));
export const useRevokeApiKey = () => useKeysMutation((id: number) => api.delete<void>(`/api-keys/${id}`));
