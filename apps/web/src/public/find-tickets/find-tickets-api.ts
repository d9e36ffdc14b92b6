import type { OrderLookupDto, OrderLookupScope } from '@admitone/shared';

import { publicFetch } from '../lib/public-api';

/** "Find my tickets": mails the address a link to its orders; the same answer whether or not it has any. */
export const requestOrderLookup = (eventId: number, body: { email: string; scope: OrderLookupScope }, locale: string) =>
  publicFetch<unknown>(`/events/${eventId}/order-lookups`, { method: 'POST', body, locale }).then(() => undefined);

/** The orders a mailed link shows (410 ORDER_LOOKUP_EXPIRED once it has run out, 404 for an unknown link). */
export const fetchOrderLookup = (eventId: number, token: string, locale: string, signal?: AbortSignal) =>
  publicFetch<{ data: OrderLookupDto }>(`/events/${eventId}/order-lookups/${encodeURIComponent(token)}`, {
    locale,
    signal,
  }).then((r) => r.data);

/** The "find my tickets" page of an event. */
export const findTicketsPath = (eventId: number) => `/find-tickets/${eventId}`;
