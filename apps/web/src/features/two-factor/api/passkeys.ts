import type {
  AddPasskeyBody,
  One,
  PasskeyAddedDto,
  PasskeyDto,
  PasskeyOptionsDto,
  RemovePasskeyBody,
} from '@admitone/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { createPasskey } from '../../../lib/passkey-prompt';
import { userKeys } from '../../users/api/me';
import { twoFactorKeys } from './two-factor';

const base = '/users/me/passkeys';

export const passkeyKeys = {
  list: () => [...userKeys.me(), 'passkeys'] as const,
};

export const fetchPasskeys = () => api.get<{ data: PasskeyDto[] }>(base).then((r) => r.data);
/** A ceremony for a new passkey: the options for the browser (409 PASSKEY_LIMIT when the person has the most). */
export const passkeyOptions = () => api.post<One<PasskeyOptionsDto>>(`${base}/options`).then((r) => r.data);
/** The first second factor answers ten recovery codes, this once. */
export const addPasskey = (body: AddPasskeyBody) => api.post<One<PasskeyAddedDto>>(base, body).then((r) => r.data);
export const removePasskey = (id: number, body: RemovePasskeyBody) => api.delete<void>(`${base}/${id}`, { body });

export const passkeysQueryOptions = () => queryOptions({ queryKey: passkeyKeys.list(), queryFn: fetchPasskeys });

/** The person's passkeys, oldest first. */
export const usePasskeys = () => useQuery(passkeysQueryOptions());

/** The list and the two-factor status (on or off, the count, recovery codes left) are read again; not `me`. */
function useAfterPasskeyChange() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: passkeyKeys.list(), exact: true }),
      queryClient.invalidateQueries({ queryKey: twoFactorKeys.status(), exact: true }),
    ]);
}

/**
 * Adds a passkey named `name`: a ceremony from the server, the browser's prompt (it throws `NotAllowedError` when the
 * person cancels it or lets it run out), then the new passkey to the server.
 */
export function useAddPasskey() {
  const changed = useAfterPasskeyChange();
  return useMutation({
    mutationFn: async (name: string) => addPasskey({ name, ...(await createPasskey(await passkeyOptions())) }),
    onSuccess: changed,
  });
}

/** Removes one passkey, with the password (as turning the app off asks). */
export function useRemovePasskey(id: number | undefined) {
  const changed = useAfterPasskeyChange();
  return useMutation({
    mutationFn: (body: RemovePasskeyBody) => removePasskey(id!, body),
    onSuccess: changed,
  });
}
