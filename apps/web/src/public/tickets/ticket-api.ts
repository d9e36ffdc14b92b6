import type { PublicTicketPageDto } from '@admitone/shared';

import { publicFetch } from '../lib/public-api';
import { useLoaded } from '../lib/use-loaded';

/** One ticket by its link: only that attendee (never the rest of the order). */
export const fetchTicket = (eventId: number, attendeeShortId: string, signal?: AbortSignal) =>
  publicFetch<{ data: PublicTicketPageDto }>(`/events/${eventId}/attendees/${encodeURIComponent(attendeeShortId)}`, {
    signal,
  }).then((r) => r.data);

/** The ticket of a ticket page, loaded by its link (again on `reload`). */
export const useTicket = (eventId: number, attendeeShortId: string) =>
  useLoaded((signal) => fetchTicket(eventId, attendeeShortId, signal), `${eventId}/${attendeeShortId}`);
