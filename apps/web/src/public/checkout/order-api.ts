import type { OrderDetailsBody, PublicOrderDto } from '@admitone/shared';
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
