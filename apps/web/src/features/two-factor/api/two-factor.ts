import type {
  ConfirmTotpBody,
  One,
  RecoveryCodesDto,
  TotpSetupDto,
  TwoFactorPasswordBody,
  TwoFactorStatusDto,
} from '@admitone/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { userKeys } from '../../users/api/me';

const base = '/users/me/two-factor';

export const twoFactorKeys = {
  status: () => [...userKeys.me(), 'two-factor'] as const,
};

export const fetchTwoFactorStatus = () => api.get<One<TwoFactorStatusDto>>(base).then((r) => r.data);
/** A new authenticator app's secret (replaces one not confirmed yet); 409 TWO_FACTOR_ALREADY_ON when one is on. */
export const startTotpSetup = () => api.post<One<TotpSetupDto>>(`${base}/totp`).then((r) => r.data);
/** The app's first code turns two-factor sign-in on; answers the recovery codes, this once. */
export const confirmTotp = (body: ConfirmTotpBody) =>
  api.post<One<RecoveryCodesDto>>(`${base}/totp/confirm`, body).then((r) => r.data);
export const disableTwoFactor = (body: TwoFactorPasswordBody) =>
  api.post<One<TwoFactorStatusDto>>(`${base}/disable`, body).then((r) => r.data);
export const newRecoveryCodes = (body: TwoFactorPasswordBody) =>
  api.post<One<RecoveryCodesDto>>(`${base}/recovery-codes`, body).then((r) => r.data);

export const twoFactorStatusQueryOptions = () =>
  queryOptions({ queryKey: twoFactorKeys.status(), queryFn: fetchTwoFactorStatus });

/** The person's two-factor sign-in: on or off, since when, recovery codes left, whether an account requires it. */
export const useTwoFactorStatus = () => useQuery(twoFactorStatusQueryOptions());

/** A mutation after which the status is read again (only the status: `exact`). */
function useStatusMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKeys.status(), exact: true }),
  });
}

/** Not cached: each set-up gets a fresh secret, and the server keeps only the newest. */
export const useStartTotpSetup = () => useMutation({ mutationFn: startTotpSetup });
export const useConfirmTotp = () => useStatusMutation(confirmTotp);
export const useNewRecoveryCodes = () => useStatusMutation(newRecoveryCodes);

/** Turns two-factor sign-in off; the answer is the status as it now is. */
export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: (status) => queryClient.setQueryData(twoFactorKeys.status(), status),
  });
}
