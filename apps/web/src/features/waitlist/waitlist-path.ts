import { type WaitlistFilters, writeWaitlistFilters } from './hooks/useWaitlistFilters';

/** The address of an event's waitlist screen, with filters if given (`?ticket=12`). */
export function waitlistPath(eventId: number, filters: Partial<WaitlistFilters> = {}): string {
  const query = writeWaitlistFilters(new URLSearchParams(), {
    state: null,
    ticketId: null,
    dateId: null,
    ...filters,
  }).toString();
  return `/manage/event/${eventId}/waitlist${query ? `?${query}` : ''}`;
}
