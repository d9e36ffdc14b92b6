import type { PublicDateMonthDto, PublicEventDateDto } from '@admitone/shared';

import { publicFetch } from '../lib/public-api';

/** `GET /api/public/events/{id}/dates/calendar?month=2027-03`: that month's days with dates (null: none ahead). */
export async function fetchDateMonth(
  eventId: number,
  month: string,
  locale: string,
  signal?: AbortSignal,
): Promise<PublicDateMonthDto | null> {
  const res = await publicFetch<{ data: PublicDateMonthDto | null }>(
    `/events/${eventId}/dates/calendar?month=${encodeURIComponent(month)}`,
    { locale, signal },
  );
  return res.data;
}

/** `GET /api/public/events/{id}/dates?day=2027-03-05`: the dates (time slots) starting that day. */
export async function fetchDayDates(
  eventId: number,
  day: string,
  locale: string,
  signal?: AbortSignal,
): Promise<PublicEventDateDto[]> {
  const res = await publicFetch<{ data: PublicEventDateDto[] }>(
    `/events/${eventId}/dates?day=${encodeURIComponent(day)}`,
    { locale, signal },
  );
  return res.data;
}
