import type { UnsubscribeDto } from '@admitone/shared';

import { publicFetch } from '../lib/public-api';

const path = (token: string) => `/unsubscribe/${encodeURIComponent(token)}`;

/** Whose mail an unsubscribe link is about, and whether the address is off the list already (404: unknown link). */
export const fetchUnsubscribe = (token: string, locale: string, signal?: AbortSignal) =>
  publicFetch<{ data: UnsubscribeDto }>(path(token), { locale, signal }).then((r) => r.data);

/** Takes the address off the organizer's list for reminders of abandoned orders and follow-ups. */
export const unsubscribe = (token: string, locale: string) =>
  publicFetch<{ data: UnsubscribeDto }>(path(token), { method: 'POST', body: {}, locale }).then((r) => r.data);
