import type { CardPaymentDto, OrderDetailsBody, PublicOrderDto } from '@admitone/shared';
import { newIdempotencyKey, publicFetch } from '../lib/public-api';

const orderPath = (eventId: number, shortId: string) => `/events/${eventId}/order/${encodeURIComponent(shortId)}`;

/** The buyer's order, with this browser's checkout token (`is_owner` says whether it matched). */
export const fetchOrder = (eventId: number, shortId: string, signal?: AbortSignal) =>
  publicFetch<{ data: PublicOrderDto }>(orderPath(eventId, shortId), { eventId, signal }).then((r) => r.data);

export const saveOrderDetails = (eventId: number, shortId: string, body: OrderDetailsBody, idempotencyKey: string) =>
  publicFetch<{ data: PublicOrderDto }>(`${orderPath(eventId, shortId)}/details`, { method: 'PUT', body, eventId, idempotencyKey }).then((r) => r.data);

export const extendHold = (eventId: number, shortId: string) =>
  publicFetch<{ data: PublicOrderDto }>(`${orderPath(eventId, shortId)}/extend`, { method: 'POST', body: {}, eventId }).then((r) => r.data);

export const placeOfflineOrder = (eventId: number, shortId: string, idempotencyKey: string = newIdempotencyKey()) =>
  publicFetch<{ data: PublicOrderDto }>(`${orderPath(eventId, shortId)}/offline-payment`, { method: 'POST', body: {}, eventId, idempotencyKey }).then(
    (r) => r.data,
  );

/** Starts (or resumes) the order's card payment: what the Stripe Payment Element needs. */
export const startCardPayment = (eventId: number, shortId: string) =>
  publicFetch<{ data: CardPaymentDto }>(`${orderPath(eventId, shortId)}/card-payment`, { method: 'POST', body: {}, eventId }).then((r) => r.data);

/** Asks the server to check the card payment with Stripe; answers the order as it now stands. */
export const syncCardPayment = (eventId: number, shortId: string) =>
  publicFetch<{ data: PublicOrderDto }>(`${orderPath(eventId, shortId)}/card-payment/sync`, { method: 'POST', body: {}, eventId }).then((r) => r.data);
