import type { InvoiceSettingsBody, InvoiceSettingsDto, One } from '@admitone/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { organizerKeys } from './organizers';

export const invoiceSettingsKey = (organizerId: number) => [...organizerKeys.detail(organizerId), 'invoice-settings'];

const base = (organizerId: number) => `/organizers/${organizerId}/invoice-settings`;

/** The organizer's invoice settings with the next invoice number; null while it has none (its events issue none). */
export const useInvoiceSettings = (organizerId: number) =>
  useQuery({
    queryKey: invoiceSettingsKey(organizerId),
    queryFn: () => api.get<One<InvoiceSettingsDto | null>>(base(organizerId)).then((r) => r.data),
  });

/**
 * Sets up or changes them: the server checks the VAT number against the address's country and asks for street,
 * postal code, city and country (422 on `vat_number`, `address.*`). The answer replaces the cached settings.
 */
export function useSaveInvoiceSettings(organizerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InvoiceSettingsBody) =>
      api.put<One<InvoiceSettingsDto>>(base(organizerId), body).then((r) => r.data),
    onSuccess: (saved) => queryClient.setQueryData(invoiceSettingsKey(organizerId), saved),
  });
}
