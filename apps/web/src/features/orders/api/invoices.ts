import type { CheckoutInvoiceBody, InvoiceSummaryDto, OrderDetailDto } from '@admitone/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { type InvoiceFileFormat, invoiceFileName, invoiceFilePath } from '../../../components/InvoiceDownloadButton';
import { api, redirectToLogin, shouldRedirectToLogin, tokenStore } from '../../../lib/api-client';
import { ApiError, NETWORK_ERROR } from '../../../lib/api-error';
import { saveFile } from '../../exports/api/download-export';
import { orderKeys } from './orders';

/** Under the order's key: a change to the order (a refund, a cancellation) reads its invoices again. */
const invoicesKey = (eventId: number, orderId: number) => [...orderKeys.detail(eventId, orderId), 'invoices'] as const;

/** The order's invoices and cancellation invoices, oldest first. */
export const useOrderInvoices = (eventId: number, orderId: number) =>
  useQuery({
    queryKey: invoicesKey(eventId, orderId),
    queryFn: () =>
      api.get<{ data: InvoiceSummaryDto[] }>(`/events/${eventId}/orders/${orderId}/invoices`).then((r) => r.data),
  });

/**
 * Fetches an invoice's PDF or e-invoice XML (with the bearer token: a plain link would carry none) and hands it to the
 * browser's "save" as `<number>.pdf` (or `<number>-<format>.xml`). A refusal becomes an ApiError with the server's
 * message.
 */
export async function downloadInvoice(
  eventId: number,
  invoice: Pick<InvoiceSummaryDto, 'id' | 'number'>,
  format: InvoiceFileFormat,
  locale?: string,
): Promise<void> {
  const headers: Record<string, string> = { Accept: 'application/pdf, application/xml, application/json' };
  const token = tokenStore.get();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (locale) headers['Accept-Language'] = locale;
  let response: Response;
  try {
    response = await fetch(`/api/events/${eventId}/invoices/${invoice.id}${invoiceFilePath(format)}`, { headers });
  } catch {
    throw new ApiError(0, NETWORK_ERROR, '');
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    if ((response.status === 401 || response.status === 403) && shouldRedirectToLogin(window.location.pathname))
      redirectToLogin();
    throw ApiError.fromBody(response.status, body);
  }
  saveFile(await response.blob(), invoiceFileName(invoice.number, format));
}

/**
 * Corrects the buyer's invoice details (company, address, VAT number): the server reissues the invoice (a cancellation
 * and a new one) and answers the order; its invoices are read again.
 */
export function useCorrectInvoiceDetails(eventId: number, orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CheckoutInvoiceBody) =>
      api
        .put<{ data: OrderDetailDto }>(`/events/${eventId}/orders/${orderId}/invoice-details`, body)
        .then((r) => r.data),
    onSuccess: (order) => {
      queryClient.setQueryData(orderKeys.detail(eventId, orderId), order);
      return queryClient.invalidateQueries({ queryKey: invoicesKey(eventId, orderId) });
    },
  });
}
