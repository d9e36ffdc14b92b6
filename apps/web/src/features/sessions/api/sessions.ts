import type { SessionDto } from '@admitone/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { userKeys } from '../../users/api/me';

export const sessionKeys = {
  list: () => [...userKeys.me(), 'sessions'] as const,
};

export const fetchSessions = () => api.get<{ data: SessionDto[] }>('/users/me/sessions').then((r) => r.data);
export const signOutSession = (id: number) => api.delete<void>(`/users/me/sessions/${id}`);
/** Every session of the person, this one too. */
export const signOutEverywhere = () => api.delete<void>('/users/me/sessions');

export const sessionsQueryOptions = () =>
  queryOptions({ queryKey: sessionKeys.list(), queryFn: fetchSessions, staleTime: 0 });

/** Where the person is signed in: their live sessions in every account, the most recently used first. */
export const useSessions = () => useQuery(sessionsQueryOptions());

/** Signs one device out; the list is read again (the caller leaves instead when it was this device). */
export function useSignOutSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (session: SessionDto) => signOutSession(session.id),
    onSuccess: (_, session) =>
      session.current ? undefined : queryClient.invalidateQueries({ queryKey: sessionKeys.list() }),
  });
}

export const useSignOutEverywhere = () => useMutation({ mutationFn: signOutEverywhere });
