import type { One, OrganizerBody, OrganizerDto, Paginated, UpdateOrganizerBody } from '@admitone/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api, type QueryParams } from '../../../lib/api-client';
import { eventKeys } from '../../events/api/events';

export interface OrganizerListParams {
  page?: number;
  per_page?: number;
  sort_by?: 'name' | 'created_at';
  sort_direction?: 'asc' | 'desc';
}

export const organizerKeys = {
  all: ['organizers'] as const,
  list: (params: OrganizerListParams) => ['organizers', 'list', params] as const,
  detail: (id: number) => ['organizers', id] as const,
};

export const fetchOrganizers = (params: OrganizerListParams) =>
  api.get<Paginated<OrganizerDto>>('/organizers', { query: params as QueryParams });

export const organizersQueryOptions = (
  params: OrganizerListParams = { per_page: 100, sort_by: 'name', sort_direction: 'asc' },
) => queryOptions({ queryKey: organizerKeys.list(params), queryFn: () => fetchOrganizers(params) });

/** The account's organizers (first 100 by name): enough for a select. */
export const useOrganizers = () => useQuery(organizersQueryOptions());

export const createOrganizer = (body: OrganizerBody) =>
  api.post<One<OrganizerDto>>('/organizers', body).then((r) => r.data);

export function useCreateOrganizer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrganizer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizerKeys.all }),
  });
}

export const fetchOrganizer = (id: number) => api.get<One<OrganizerDto>>(`/organizers/${id}`).then((r) => r.data);

export const organizerQueryOptions = (id: number) =>
  queryOptions({ queryKey: organizerKeys.detail(id), queryFn: () => fetchOrganizer(id) });

/** One organizer with its logo. */
export const useOrganizer = (id: number, enabled = true) => useQuery({ ...organizerQueryOptions(id), enabled });

export const updateOrganizer = (id: number, body: UpdateOrganizerBody) =>
  api.put<One<OrganizerDto>>(`/organizers/${id}`, body).then((r) => r.data);

/** Saves an organizer; events are refreshed too because they show the organizer's name. */
export function useUpdateOrganizer(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateOrganizerBody) => updateOrganizer(id, body),
    onSuccess: async (organizer) => {
      queryClient.setQueryData(organizerKeys.detail(id), organizer);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: organizerKeys.all }),
        queryClient.invalidateQueries({ queryKey: eventKeys.all }),
      ]);
    },
  });
}
