import type { PublicTicketPageDto } from '@admitone/shared';

import { publicFetch } from '../lib/public-api';

/** One ticket by its link: only that attendee (never the rest of the order). */
export const fetchTicket = (eventId: number, attendeeShortId: string, signal?: AbortSignal) =>
  publicFetch<{ data: PublicTicketPageDto }>(`/events/${eventId}/attendees/${encodeURIComponent(attendeeShortId)}`, {
    signal,
  }).then((r) => r.data);
