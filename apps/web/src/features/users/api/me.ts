import type { MeResponse, One, UpdateMeBody, UserDto } from '@admitone/shared';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

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

/**
 * The address (or a new one) waits for a mailed link, which is often opened in another tab or
 * browser window: while it waits, `me` is fetched again whenever this tab comes back to the front.
 */
export const awaitsConfirmation = (me: Me | undefined): boolean =>
  Boolean(me && (!me.user.email_verified || me.user.pending_email));

export const meQueryOptions = () =>
  queryOptions({
    queryKey: userKeys.me(),
    queryFn: () => fetchMe(),
    // The app's default is no refetch on focus; the confirmation banner must not outlive the confirmation.
    refetchOnWindowFocus: (query) => (awaitsConfirmation(query.state.data) ? 'always' : false),
  });

const USER_CHANNEL = 'admitone:user';

/** Tells this browser's other tabs that the user changed (an address confirmed): they fetch `me` again. */
export function announceUserChanged(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(USER_CHANNEL);
  channel.postMessage('changed');
  channel.close();
}

/** Fetches `me` again when another tab of this browser says the user changed; returns the unsubscribe. */
export function followUserChangesInOtherTabs(queryClient: QueryClient): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(USER_CHANNEL);
  channel.onmessage = () => void queryClient.invalidateQueries({ queryKey: userKeys.me() });
  return () => channel.close();
}

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
