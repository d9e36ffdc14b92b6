import type { One, Paginated, TaxOrFeeBody, TaxOrFeeDto } from '@admitone/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { accountKeys } from './account';

const base = (accountId: number) => `/accounts/${accountId}/taxes-and-fees`;

export const fetchTaxesAndFees = (accountId: number) =>
  api.get<Paginated<TaxOrFeeDto>>(base(accountId)).then((r) => r.data);

export const taxesQueryOptions = (accountId: number) =>
  queryOptions({ queryKey: accountKeys.taxes(accountId), queryFn: () => fetchTaxesAndFees(accountId) });

/** The account's taxes and fees. */
export const useTaxesAndFees = (accountId: number) => useQuery(taxesQueryOptions(accountId));

export const createTaxOrFee = (accountId: number, body: TaxOrFeeBody) =>
  api.post<One<TaxOrFeeDto>>(base(accountId), body).then((r) => r.data);
export const updateTaxOrFee = (accountId: number, id: number, body: TaxOrFeeBody) =>
  api.put<One<TaxOrFeeDto>>(`${base(accountId)}/${id}`, body).then((r) => r.data);
export const deleteTaxOrFee = (accountId: number, id: number) =>
  api.delete<One<{ id: number; detached_ticket_count: number }>>(`${base(accountId)}/${id}`).then((r) => r.data);

function useTaxMutation<V, R>(accountId: number, mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.taxes(accountId) }),
  });
}

/** Creates (no id) or updates (with id) a tax or fee. */
export const useSaveTaxOrFee = (accountId: number) =>
  useTaxMutation(accountId, ({ id, body }: { id?: number; body: TaxOrFeeBody }) =>
    id ? updateTaxOrFee(accountId, id, body) : createTaxOrFee(accountId, body),
  );
export const useDeleteTaxOrFee = (accountId: number) =>
  useTaxMutation(accountId, (id: number) => deleteTaxOrFee(accountId, id));
