import type { MollieConnectionDto, MollieReturnBody, One } from '@admitone/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';

// Not under the Stripe connection's key: cancelling that one (its refresh does) must leave this one alone.
export const mollieConnectionKey = (accountId: number) => ['accounts', accountId, 'mollie-connection'] as const;

const base = (accountId: number) => `/accounts/${accountId}/payment-connection/mollie`;

/** The account's Mollie organization (tokens never shown). */
export const mollieConnectionQueryOptions = (accountId: number) =>
  queryOptions({
    queryKey: mollieConnectionKey(accountId),
    queryFn: () => api.get<One<MollieConnectionDto>>(base(accountId)).then((r) => r.data),
  });

export const useMollieConnection = (accountId: number, enabled = true) =>
  useQuery({ ...mollieConnectionQueryOptions(accountId), enabled: enabled && accountId > 0 });

/** Asks for the address of Mollie's authorization page (admins) and sends the browser there. */
export function useConnectMollie(accountId: number) {
  return useMutation({
    mutationFn: () => api.post<One<{ url: string }>>(base(accountId)).then((r) => r.data),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

/** Finishes connecting with what Mollie sent the admin back with (code and state, or an error); works once. */
export function useFinishMollieConnect(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MollieReturnBody) =>
      api.post<One<MollieConnectionDto>>(`${base(accountId)}/return`, body).then((r) => r.data),
    onSuccess: (connection) => queryClient.setQueryData(mollieConnectionKey(accountId), connection),
  });
}

/** Reads the organization's onboarding back from Mollie ("Check again"). */
export function useRefreshMollieConnection(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<One<MollieConnectionDto>>(`${base(accountId)}/refresh`).then((r) => r.data),
    onMutate: () => queryClient.cancelQueries({ queryKey: mollieConnectionKey(accountId) }),
    onSuccess: (connection) => queryClient.setQueryData(mollieConnectionKey(accountId), connection),
    onError: () => queryClient.invalidateQueries({ queryKey: mollieConnectionKey(accountId) }),
  });
}

/** Disconnects the organization (admins): its tokens are revoked at Mollie. */
export function useDisconnectMollie(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<void>(base(accountId)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mollieConnectionKey(accountId) }),
  });
}
