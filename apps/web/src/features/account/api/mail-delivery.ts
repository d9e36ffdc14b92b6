import type { MailDeliveryDto, One } from '@admitone/shared';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';

/** How often the organizer's screens look again at how the account's mail is going out. */
const MAIL_DELIVERY_POLL_MS = 60_000;

export const mailDeliveryKey = (accountId: number) => ['accounts', accountId, 'mail-delivery'] as const;

/** The account's mail delivery (waiting and given-up mails), polled while a screen is open. */
export const useMailDelivery = (accountId: number | undefined, enabled: boolean) =>
  useQuery({
    queryKey: mailDeliveryKey(accountId ?? 0),
    queryFn: () => api.get<One<MailDeliveryDto>>(`/accounts/${accountId}/mail-delivery`).then((r) => r.data),
    enabled: enabled && accountId !== undefined,
    refetchInterval: MAIL_DELIVERY_POLL_MS,
    staleTime: MAIL_DELIVERY_POLL_MS / 2,
  });
