import type { AffiliateBody, AffiliateDto, AffiliateSort, One, Paginated } from '@admitone/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import type { SortDirection } from '../../../lib/url-list-state';
import { eventKeys } from '../../events/api/events';

/** What `GET /events/{id}/affiliates` takes. */
export interface AffiliateListParams {
  page: number;
  per_page: number;
  query?: string;
  sort_by: AffiliateSort;
  sort_direction: SortDirection;
}

export const affiliateKeys = {
  all: (eventId: number) => [...eventKeys.detail(eventId), 'affiliates'] as const,
  list: (eventId: number, params: AffiliateListParams) =>
    [...eventKeys.detail(eventId), 'affiliates', 'list', params] as const,
  top: (eventId: number) => [...eventKeys.detail(eventId), 'affiliates', 'top'] as const,
};

const base = (eventId: number) => `/events/${eventId}/affiliates`;

export const fetchAffiliates = (eventId: number, params: AffiliateListParams) =>
  api.get<Paginated<AffiliateDto>>(base(eventId), { query: { ...params } });

export const affiliatesQueryOptions = (eventId: number, params: AffiliateListParams) =>
  queryOptions({
    queryKey: affiliateKeys.list(eventId, params),
    queryFn: () => fetchAffiliates(eventId, params),
    placeholderData: keepPreviousData,
  });

/** A page of the event's affiliates with their figures, searched by name or code and sorted. */
export const useAffiliates = (eventId: number, params: AffiliateListParams) =>
  useQuery(affiliatesQueryOptions(eventId, params));

/** The affiliates with the most revenue (for the chart), whatever page or search the table shows. */
export const useTopAffiliates = (eventId: number) =>
  useQuery({
    queryKey: affiliateKeys.top(eventId),
    queryFn: () => fetchAffiliates(eventId, { page: 1, per_page: 10, sort_by: 'revenue', sort_direction: 'desc' }),
  });

export const createAffiliate = (eventId: number, body: AffiliateBody) =>
  api.post<One<AffiliateDto>>(base(eventId), body).then((r) => r.data);
export const updateAffiliate = (eventId: number, id: number, body: AffiliateBody) =>
  api.put<One<AffiliateDto>>(`${base(eventId)}/${id}`, body).then((r) => r.data);
export const deleteAffiliate = (eventId: number, id: number) => api.delete<void>(`${base(eventId)}/${id}`);

/** The CSV export as text (the API client adds the token and the language). */
export const fetchAffiliatesCsv = (eventId: number) => api.get<string>(`${base(eventId)}/export`);

function useAffiliateMutation<V, R>(eventId: number, mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: affiliateKeys.all(eventId) }),
  });
}

/** Creates (no id) or changes (with id) an affiliate. */
export const useSaveAffiliate = (eventId: number) =>
  useAffiliateMutation(eventId, ({ id, body }: { id?: number; body: AffiliateBody }) =>
    id ? updateAffiliate(eventId, id, body) : createAffiliate(eventId, body),
  );

/** Turns an affiliate's link on or off (keeps everything else). */
export const useToggleAffiliate = (eventId: number) =>
  useAffiliateMutation(eventId, (a: AffiliateDto) =>
    updateAffiliate(eventId, a.id, { name: a.name, code: a.code, email: a.email, enabled: !a.enabled }),
  );

export const useDeleteAffiliate = (eventId: number) =>
  useAffiliateMutation(eventId, (id: number) => deleteAffiliate(eventId, id));
