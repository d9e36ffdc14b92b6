import type {
  InviteUserBody,
  MembershipStatus,
  One,
  Paginated,
  Role,
  TeamMemberDto,
  UpdateUserBody,
} from '@admitone/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api, type QueryParams } from '../../../lib/api-client';
import { userKeys } from '../../users/api/me';

export interface TeamListParams {
  page: number;
  per_page: number;
  query?: string;
  sort_by?: 'name' | 'email' | 'created_at';
  sort_direction?: 'asc' | 'desc';
  filter_fields?: { role?: Role; status?: MembershipStatus };
}

/** Team keys live under `['users']`, beside `me`, so one prefix names every user query. */
export const teamKeys = {
  lists: () => [...userKeys.all, 'list'] as const,
  list: (params: TeamListParams) => [...userKeys.all, 'list', params] as const,
  detail: (id: number) => [...userKeys.all, 'detail', id] as const,
};

export const fetchTeam = (params: TeamListParams) =>
  api.get<Paginated<TeamMemberDto>>('/users', { query: params as unknown as QueryParams });

export const teamQueryOptions = (params: TeamListParams) =>
  queryOptions({
    queryKey: teamKeys.list(params),
    queryFn: () => fetchTeam(params),
    placeholderData: keepPreviousData,
  });

/** Members and pending invitations of the account (needs `users.manage`). */
export const useTeam = (params: TeamListParams) => useQuery(teamQueryOptions(params));

export const inviteUser = (body: InviteUserBody) => api.post<One<TeamMemberDto>>('/users', body).then((r) => r.data);
export const updateUser = (id: number, body: UpdateUserBody) =>
  api.put<One<TeamMemberDto>>(`/users/${id}`, body).then((r) => r.data);
export const resendInvitation = (id: number) =>
  api.post<One<TeamMemberDto>>(`/users/${id}/invitation`).then((r) => r.data);
export const revokeInvitation = (id: number) => api.delete<void>(`/users/${id}/invitation`);
/** Resets a member's two-factor sign-in: they are signed out everywhere and told by mail. */
export const resetMemberTwoFactor = (id: number) =>
  api.delete<One<TeamMemberDto>>(`/users/${id}/two-factor`).then((r) => r.data);

/** A team mutation that refreshes the member lists afterwards. */
function useTeamMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.lists() }) });
}

/** Invites someone by e-mail with a role; they get a mail with a link to accept. */
export const useInviteUser = () => useTeamMutation(inviteUser);
export const useUpdateUser = () =>
  useTeamMutation(({ id, body }: { id: number; body: UpdateUserBody }) => updateUser(id, body));
export const useResendInvitation = () => useTeamMutation(resendInvitation);
export const useRevokeInvitation = () => useTeamMutation(revokeInvitation);
export const useResetMemberTwoFactor = () => useTeamMutation(resetMemberTwoFactor);
