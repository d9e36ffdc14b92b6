import type { One, PaymentConnectionDto } from '@admitone/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';

export const paymentConnectionKey = (accountId: number) => ['accounts', accountId, 'payment-connection'] as const;

const base = (accountId: number) => `/accounts/${accountId}/payment-connection`;

/** The account's card payment connection (any member may read it; the checklist shows it). */
export const paymentConnectionQueryOptions = (accountId: number) =>
  queryOptions({
    queryKey: paymentConnectionKey(accountId),
    queryFn: () => api.get<One<PaymentConnectionDto>>(base(accountId)).then((r) => r.data),
  });

export const usePaymentConnection = (accountId: number, enabled = true) =>
  useQuery({ ...paymentConnectionQueryOptions(accountId), enabled: enabled && accountId > 0 });

/** Asks for a Stripe onboarding link (admins) and sends the browser there. */
export function useConnectStripe(accountId: number) {
  return useMutation({
    mutationFn: () => api.post<One<{ url: string }>>(`${base(accountId)}/stripe`).then((r) => r.data),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

/** Reads the connection back from Stripe (after onboarding, or "Check again"). */
export function useRefreshPaymentConnection(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<One<PaymentConnectionDto>>(`${base(accountId)}/refresh`).then((r) => r.data),
    // A read of the connection still on its way (the page loading as Stripe sends the admin back) must
    // not land after this fresher answer and show the old state: cancel it, then store the answer.
    onMutate: () => queryClient.cancelQueries({ queryKey: paymentConnectionKey(accountId) }),
    onSuccess: async (connection) => {
      await queryClient.cancelQueries({ queryKey: paymentConnectionKey(accountId) });
      queryClient.setQueryData(paymentConnectionKey(accountId), connection);
    },
    // The cancelled read is needed again when the refresh failed.
    onError: () => queryClient.invalidateQueries({ queryKey: paymentConnectionKey(accountId) }),
  });
}
