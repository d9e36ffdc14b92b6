import { ApiError, NETWORK_ERROR } from '../../lib/api-error';
import { checkoutTokens, orderSecrets } from './checkout-token';

// The values of CHECKOUT_TOKEN_HEADER, ORDER_SECRET_HEADER and IDEMPOTENCY_HEADER (packages/shared
// contracts/checkout.ts),
// written out: importing them would pull that module's zod schemas (and zod) into the buyer bundle.
const CHECKOUT_TOKEN_HEADER = 'x-checkout-token';
const ORDER_SECRET_HEADER = 'x-order-secret';
const IDEMPOTENCY_HEADER = 'idempotency-key';

export interface PublicRequest {
  method?: 'GET' | 'POST' | 'PUT';
  body?: unknown;
  /** Sends this event's checkout token, when the browser holds one. */
  eventId?: number | string;
  /** Sends this order's secret (of `eventId`), when the browser holds it. */
  orderShortId?: string;
  /** A fresh key per user action: a repeated request returns the first answer. */
  idempotencyKey?: string;
  /** Interface language for translated errors. */
  locale?: string;
  signal?: AbortSignal;
}

/** The event's checkout token and the order's secret, as far as this browser holds them. */
function orderHeaders(req: Pick<PublicRequest, 'eventId' | 'orderShortId'>): Record<string, string> {
  const headers: Record<string, string> = {};
  const token = req.eventId !== undefined ? checkoutTokens.get(req.eventId) : null;
  if (token) headers[CHECKOUT_TOKEN_HEADER] = token;
  const secret = req.eventId !== undefined && req.orderShortId ? orderSecrets.get(req.eventId, req.orderShortId) : null;
  if (secret) headers[ORDER_SECRET_HEADER] = secret;
  return headers;
}

/** Calls `/api/public{path}`; throws `ApiError` (translated message, field errors) on anything but 2xx. */
export async function publicFetch<T>(path: string, req: PublicRequest = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  // A FormData body (a file upload) sets its own multipart boundary header.
  const isForm = typeof FormData !== 'undefined' && req.body instanceof FormData;
  if (req.body !== undefined && !isForm) headers['content-type'] = 'application/json';
  if (req.locale) headers['accept-language'] = req.locale;
  if (req.idempotencyKey) headers[IDEMPOTENCY_HEADER] = req.idempotencyKey;
  Object.assign(headers, orderHeaders(req));
  let res: Response;
  try {
    res = await fetch(`/api/public${path}`, {
      method: req.method ?? 'GET',
      headers,
      body: req.body === undefined ? undefined : isForm ? (req.body as FormData) : JSON.stringify(req.body),
      signal: req.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, NETWORK_ERROR, '');
  }
  if (res.status === 204) return undefined as T;
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) throw ApiError.fromBody(res.status, body);
  return body as T;
}

/** A new idempotency key (one per click of a button that creates or completes something). */
export const newIdempotencyKey = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/**
 * Downloads a file of an order (`GET /api/public{path}`) with the order's secret and checkout token, which a plain link
 * cannot send; throws `ApiError` like `publicFetch`.
 */
export async function publicDownload(
  path: string,
  req: Pick<PublicRequest, 'eventId' | 'orderShortId' | 'locale'>,
): Promise<Blob> {
  const headers = orderHeaders(req);
  if (req.locale) headers['accept-language'] = req.locale;
  let res: Response;
  try {
    res = await fetch(`/api/public${path}`, { headers });
  } catch {
    throw new ApiError(0, NETWORK_ERROR, '');
  }
  if (!res.ok) throw ApiError.fromBody(res.status, await res.json().catch(() => null));
  return res.blob();
}
