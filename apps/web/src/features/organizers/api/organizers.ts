import type { One, OrganizerBody, OrganizerDto, Paginated } from '@admitone/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type QueryParams } from '../../../lib/api-client';

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

export const organizersQueryOptions = (params: OrganizerListParams = { per_page: 100, sort_by: 'name', sort_direction: 'asc' }) =>
  queryOptions({ queryKey: organizerKeys.list(params), queryFn: () => fetchOrganizers(params) });

/** The account's organizers (first 100 by name): enough for a select. */
export const useOrganizers = () => useQuery(organizersQueryOptions());

export const createOrganizer = (body: OrganizerBody) => api.post<One<OrganizerDto>>('/organizers', body).then((r) => r.data);

export function useCreateOrganizer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrganizer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizerKeys.all }),
  });
}
