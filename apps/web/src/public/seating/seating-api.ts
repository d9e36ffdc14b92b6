import type { PublicBestSeatsDto, PublicSeatAvailabilityDto, PublicSeatingDto } from '@admitone/shared';

import { publicFetch } from '../lib/public-api';

/** The buyer's seating calls (`/api/public/events/{id}/seating...`). */

/** The plan the event sells by (the same for every date; fetched once per page). */
export const fetchSeating = (eventId: number, signal?: AbortSignal) =>
  publicFetch<{ data: PublicSeatingDto }>(`/events/${eventId}/seating`, { signal }).then((r) => r.data);

/** What cannot be chosen on a date now. */
export const fetchAvailability = (eventId: number, dateId: number, signal?: AbortSignal) =>
  publicFetch<{ data: PublicSeatAvailabilityDto }>(`/events/${eventId}/seating/availability?date=${dateId}`, {
    signal,
  }).then((r) => r.data);

/** The best `quantity` free seats of a category on a date (empty: not that many free). */
export const fetchBestSeats = (eventId: number, dateId: number, category: string, quantity: number, locale: string) =>
  publicFetch<{ data: PublicBestSeatsDto }>(
    `/events/${eventId}/seating/best?${new URLSearchParams({
      date: String(dateId),
      category,
      quantity: String(quantity),
    }).toString()}`,
    { locale },
  ).then((r) => r.data.seats);
