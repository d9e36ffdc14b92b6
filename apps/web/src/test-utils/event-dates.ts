import type { EventDateDto } from '@admitone/shared';

/** A date of event 7 on sale, for the screens that list or filter by dates. */
export const eventDate = (id: number, start: string, label: string | null, eventId = 7): EventDateDto => ({
  id,
  event_id: eventId,
  start_date: start,
  end_date: null,
  label,
  location: null,
  status: 'ON_SALE',
  capacity: null,
  taken: 0,
  created_at: '2027-01-01T00:00:00.000Z',
});
