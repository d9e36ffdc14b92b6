import type { One, PaymentOptionDto } from '@admitone/shared';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';

export const eventPaymentOptionsKey = (eventId: number) => ['events', eventId, 'payment-options'] as const;

/** Every online payment option for the event's currency (Stripe's card form, Mollie's methods), chosen or not. */
export const useEventPaymentOptions = (eventId: number) =>
  useQuery({
    queryKey: eventPaymentOptionsKey(eventId),
    queryFn: () => api.get<One<PaymentOptionDto[]>>(`/events/${eventId}/payment-options`).then((r) => r.data),
  });
