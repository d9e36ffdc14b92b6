import type { PublicTicketPageDto } from '@admitone/shared';
import { describe, expect, it } from 'vitest';

import { googleCalendarUrl } from './AddToCalendar';

/** A ticket for the second of two dates of an event (the event spans both). */
const ticket = {
  event: {
    title: 'Hamlet',
    start_date: '2027-06-01T18:00:00.000Z',
    end_date: '2027-06-09T21:00:00.000Z',
    timezone: 'Europe/Lisbon',
    is_online: false,
    location: {
      venue_name: 'Riverside Hall',
      address_line_1: null,
      address_line_2: null,
      city: 'Lisbon',
      state_or_region: null,
      zip_or_postal_code: null,
      country: null,
    },
  },
  date: { id: 2, start_date: '2027-06-08T18:00:00.000Z', end_date: null, label: 'Closing night', location: null },
} as unknown as PublicTicketPageDto;

describe('googleCalendarUrl', () => {
  it("adds the ticket's date, not the event's span: its start, two hours when it has no end, its label", () => {
    const url = new URL(googleCalendarUrl(ticket, 'https://t.test/ticket/1/A', 'en'));
    expect(url.searchParams.get('dates')).toBe('20270608T180000Z/20270608T200000Z');
    expect(url.searchParams.get('text')).toBe('Hamlet – Closing night');
    expect(url.searchParams.get('ctz')).toBe('Europe/Lisbon');
    expect(url.searchParams.get('location')).toContain('Riverside Hall');
  });
});
