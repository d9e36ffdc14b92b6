import type { JoinWaitlistBody, PublicWaitlistEntryDto } from '@admitone/shared';

import { publicFetch } from '../lib/public-api';

/** Joins a sold-out ticket's waitlist; the same answer when the address already waits (the mail tells the rest). */
export const joinWaitlist = (eventId: number, body: JoinWaitlistBody, locale: string) =>
  publicFetch<unknown>(`/events/${eventId}/waitlist`, { method: 'POST', body, locale }).then(() => undefined);

const entryPath = (eventId: number, token: string) => `/events/${eventId}/waitlist/${encodeURIComponent(token)}`;

/** A waitlist entry by the link in its mails (404 for an unknown link). */
export const fetchWaitlistEntry = (eventId: number, token: string, locale: string, signal?: AbortSignal) =>
  publicFetch<{ data: PublicWaitlistEntryDto }>(entryPath(eventId, token), { locale, signal }).then((r) => r.data);

/** Leaves the waitlist (an open offer is given up); answers the entry as it now stands. */
export const leaveWaitlist = (eventId: number, token: string, locale: string) =>
  publicFetch<{ data: PublicWaitlistEntryDto }>(`${entryPath(eventId, token)}/leave`, {
    method: 'POST',
    body: {},
    locale,
  }).then((r) => r.data);
