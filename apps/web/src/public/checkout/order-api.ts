import type {
  CardPaymentDto,
  FileAnswer,
  InvoiceSummaryDto,
  MolliePaymentDto,
  OrderDetailsBody,
  PaymentOptionDto,
  PublicOrderDto,
} from '@admitone/shared';

import { type InvoiceFileFormat, invoiceFileName, invoiceFilePath } from '../../components/InvoiceDownloadButton';
import { saveFile } from '../../lib/save-file';
import { newIdempotencyKey, publicDownload, publicFetch } from '../lib/public-api';

const orderPath = (eventId: number, shortId: string) => `/events/${eventId}/order/${encodeURIComponent(shortId)}`;

/**
 * The buyer's order, with this browser's checkout token (`is_owner` says whether it matched) and the
 * order's secret (without it the order is 404, like one that does not exist).
 */
export const fetchOrder = (eventId: number, shortId: string, signal?: AbortSignal) =>
  publicFetch<{ data: PublicOrderDto }>(orderPath(eventId, shortId), { eventId, orderShortId: shortId, signal }).then(
    (r) => r.data,
  );

/**
 * An old link (no secret, or not the order's): asks the server to e-mail the order's buyer a fresh
 * link. The answer is the same whatever the order; it never names the address.
 */
export const requestFreshOrderLink = (eventId: number, shortId: string, locale?: string) =>
  publicFetch<unknown>(`${orderPath(eventId, shortId)}/resend-link`, { method: 'POST', body: {}, locale }).then(
    () => undefined,
  );

export const saveOrderDetails = (eventId: number, shortId: string, body: OrderDetailsBody, idempotencyKey: string) =>
  publicFetch<{ data: PublicOrderDto }>(`${orderPath(eventId, shortId)}/details`, {
    method: 'PUT',
    body,
    eventId,
    orderShortId: shortId,
    idempotencyKey,
  }).then((r) => r.data);

/**
 * Uploads the file answering a FILE question (an order question, or an attendee's: `attendee` is its short
 * id) while the details are filled in; answers what to send with them.
 */
export function uploadAnswerFile(
  eventId: number,
  shortId: string,
  questionId: number,
  attendee: string | null,
  file: File,
): Promise<FileAnswer> {
  const body = new FormData();
  body.append('file', file, file.name);
  const query = new URLSearchParams({ question_id: String(questionId), ...(attendee ? { attendee } : {}) });
  return publicFetch<{ data: FileAnswer }>(`${orderPath(eventId, shortId)}/files?${query.toString()}`, {
    method: 'POST',
    body,
    eventId,
    orderShortId: shortId,
  }).then((r) => r.data);
}

export const extendHold = (eventId: number, shortId: string) =>
  publicFetch<{ data: PublicOrderDto }>(`${orderPath(eventId, shortId)}/extend`, {
    method: 'POST',
    body: {},
    eventId,
    orderShortId: shortId,
  }).then((r) => r.data);

export const placeOfflineOrder = (eventId: number, shortId: string, idempotencyKey: string = newIdempotencyKey()) =>
  publicFetch<{ data: PublicOrderDto }>(`${orderPath(eventId, shortId)}/offline-payment`, {
    method: 'POST',
    body: {},
    eventId,
    orderShortId: shortId,
    idempotencyKey,
  }).then((r) => r.data);

/** Starts (or resumes) the order's card payment: what the Stripe Payment Element needs. */
export const startCardPayment = (eventId: number, shortId: string) =>
  publicFetch<{ data: CardPaymentDto }>(`${orderPath(eventId, shortId)}/card-payment`, {
    method: 'POST',
    body: {},
    eventId,
    orderShortId: shortId,
  }).then((r) => r.data);

/** Asks the server to check the card payment with Stripe; answers the order as it now stands. */
export const syncCardPayment = (eventId: number, shortId: string) =>
  publicFetch<{ data: PublicOrderDto }>(`${orderPath(eventId, shortId)}/card-payment/sync`, {
    method: 'POST',
    body: {},
    eventId,
    orderShortId: shortId,
  }).then((r) => r.data);

/** How the buyer can pay the order online: Stripe's card form and the Mollie methods the event offers. */
export const fetchPaymentOptions = (eventId: number, shortId: string, signal?: AbortSignal) =>
  publicFetch<{ data: PaymentOptionDto[] }>(`${orderPath(eventId, shortId)}/payment-options`, {
    eventId,
    orderShortId: shortId,
    signal,
  }).then((r) => r.data);

/** Starts the order's payment at Mollie with the chosen method (`mollie.ideal`...): where to send the browser. */
export const startMolliePayment = (eventId: number, shortId: string, option: string) =>
  publicFetch<{ data: MolliePaymentDto }>(`${orderPath(eventId, shortId)}/mollie-payment`, {
    method: 'POST',
    body: { option },
    eventId,
    orderShortId: shortId,
  }).then((r) => r.data);

/**
 * Fetches one of the order's invoices as a PDF or an e-invoice's XML (with the order's secret: a plain link would carry
 * none) and hands it to the browser's "save" under the name the server gives it.
 */
export async function downloadInvoice(
  eventId: number,
  shortId: string,
  invoice: Pick<InvoiceSummaryDto, 'id' | 'number'>,
  format: InvoiceFileFormat,
  locale?: string,
): Promise<void> {
  const blob = await publicDownload(`${orderPath(eventId, shortId)}/invoices/${invoice.id}${invoiceFilePath(format)}`, {
    eventId,
    orderShortId: shortId,
    locale,
  });
  saveFile(blob, invoiceFileName(invoice.number, format));
}
