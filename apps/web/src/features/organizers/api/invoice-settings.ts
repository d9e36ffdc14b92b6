import type { InvoiceSettingsBody, InvoiceSettingsDto, One } from '@admitone/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { downloadFile } from '../../exports/api/download-export';
import type { ExportFormat } from '../../exports/api/export-progress';
import type { ReportPeriod } from '../../reports/api/reports';
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

/**
 * Every invoice and cancellation invoice of the organizer's events issued in the period (each day in its event's time
 * zone, both ends included; open ends: all) as a CSV or Excel file, headings in `locale`.
 */
export const downloadOrganizerInvoices = (
  organizerId: number,
  period: ReportPeriod,
  format: ExportFormat,
  locale: string,
) =>
  downloadFile(
    `/organizers/${organizerId}/invoices/export`,
    { from: period.from, to: period.to },
    { format, locale },
    'invoices',
  );
