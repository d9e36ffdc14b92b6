import type { MeResponse, One, UpdateMeBody, UserDto } from '@admitone/shared';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type { UpdateMeBody };

export type Me = MeResponse['data'];

export const userKeys = {
  all: ['users'] as const,
  me: () => ['users', 'me'] as const,
};

/** Who is calling, in which account, with which permissions. */
export async function fetchMe(options: { redirectOnUnauthorized?: boolean } = {}): Promise<Me> {
  const response = await api.get<MeResponse>('/users/me', options);
  return response.data;
}

/** Writes a changed user into the cached `me`. */
export function setCachedUser(queryClient: QueryClient, user: UserDto): void {
  queryClient.setQueryData<Me>(userKeys.me(), (me) => (me ? { ...me, user } : me));
}

export const meQueryOptions = () => queryOptions({ queryKey: userKeys.me(), queryFn: () => fetchMe() });

/** The logged-in user; a 401 sends the user to the login page (outside public paths). */
export const useMe = () => useQuery(meQueryOptions());

export const updateMe = (body: UpdateMeBody) => api.put<One<UserDto>>('/users/me', body).then((r) => r.data);

/** Updates the profile and writes the new user into the cached `me`. */
export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (user) => setCachedUser(queryClient, user),
  });
}
