import type { One, Paginated, PromoCodeBody, PromoCodeDto } from '@admitone/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { eventKeys } from '../../events/api/events';

export interface PromoListParams {
  page: number;
  per_page: number;
  query?: string;
}

export const promoKeys = {
  all: (eventId: number) => [...eventKeys.detail(eventId), 'promo-codes'] as const,
  list: (eventId: number, params: PromoListParams) => [...eventKeys.detail(eventId), 'promo-codes', params] as const,
};

const base = (eventId: number) => `/events/${eventId}/promo-codes`;

export const fetchPromoCodes = (eventId: number, params: PromoListParams) =>
  api.get<Paginated<PromoCodeDto>>(base(eventId), { query: { ...params, sort_by: 'code', sort_direction: 'asc' } });

export const promoCodesQueryOptions = (eventId: number, params: PromoListParams) =>
  queryOptions({
    queryKey: promoKeys.list(eventId, params),
    queryFn: () => fetchPromoCodes(eventId, params),
    placeholderData: keepPreviousData,
  });

/** A page of the event's promo codes, optionally searched by code. */
export const usePromoCodes = (eventId: number, params: PromoListParams) =>
  useQuery(promoCodesQueryOptions(eventId, params));

export const createPromoCode = (eventId: number, body: PromoCodeBody) =>
  api.post<One<PromoCodeDto>>(base(eventId), body).then((r) => r.data);
export const updatePromoCode = (eventId: number, id: number, body: PromoCodeBody) =>
  api.put<One<PromoCodeDto>>(`${base(eventId)}/${id}`, body).then((r) => r.data);
export const deletePromoCode = (eventId: number, id: number) => api.delete<void>(`${base(eventId)}/${id}`);

function usePromoMutation<V, R>(eventId: number, mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promoKeys.all(eventId) }),
  });
}

/** Creates (no id) or changes (with id) a promo code. */
export const useSavePromoCode = (eventId: number) =>
  usePromoMutation(eventId, ({ id, body }: { id?: number; body: PromoCodeBody }) =>
    id ? updatePromoCode(eventId, id, body) : createPromoCode(eventId, body),
  );

export const useDeletePromoCode = (eventId: number) =>
  usePromoMutation(eventId, (id: number) => deletePromoCode(eventId, id));
