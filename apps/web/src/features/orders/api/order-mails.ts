import type { One, OrderMailDto } from '@admitone/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { orderKeys } from './orders';

const mailsKey = (eventId: number, orderId: number) => [...orderKeys.detail(eventId, orderId), 'mails'] as const;
const base = (eventId: number, orderId: number) => `/events/${eventId}/orders/${orderId}/mails`;

/** The order's e-mails: delivered, still being tried, or failed (which can be sent again). */
export const useOrderMails = (eventId: number, orderId: number) =>
  useQuery({
    queryKey: mailsKey(eventId, orderId),
    queryFn: () => api.get<{ data: OrderMailDto[] }>(base(eventId, orderId)).then((r) => r.data),
  });

/** Sends one failed e-mail of the order again (to the same address); the list is read again after. */
export function useSendOrderMailAgain(eventId: number, orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mailId: number) =>
      api.post<One<OrderMailDto>>(`${base(eventId, orderId)}/${mailId}/send-again`, {}).then((r) => r.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailsKey(eventId, orderId) }),
  });
}
