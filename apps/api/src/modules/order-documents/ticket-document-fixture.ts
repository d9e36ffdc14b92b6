import type { TicketDocumentData } from './ticket-document-data.js';

/** A ticket to render in tests (Riverside Open Air in London, a summer evening). */
export function sampleTicket(
  overrides: {
    event?: Partial<TicketDocumentData['event']>;
    attendee?: Partial<TicketDocumentData['attendee']>;
    price?: number;
  } = {},
): TicketDocumentData {
  return {
    event: {
      title: 'Riverside Open Air',
      start_date: '2027-07-17T17:30:00.000Z',
      end_date: '2027-07-17T21:00:00.000Z',
      timezone: 'Europe/London',
      is_online: false,
      location: {
        venue_name: 'Riverside Park',
        address_line_1: '1 Embankment Walk',
        address_line_2: null,
        city: 'London',
        state_or_region: null,
        zip_or_postal_code: 'SE1 9PX',
        country: 'GB',
        latitude: null,
        longitude: null,
      },
      organizer_name: 'Riverside Music Hall',
      support_email: 'help@riverside.test',
      url: 'https://tickets.example.test/event/7/riverside-open-air',
      ...overrides.event,
    },
    attendee: {
      short_id: 'a7Kx92Qb',
      first_name: 'Zoé',
      last_name: 'Brontë-Łukasz',
      email: 'zoe@example.test',
      ticket_name: 'Front stage',
      tier_label: 'Early bird',
      ...overrides.attendee,
    },
    order: { order_number: 'RIV-1042', currency: 'GBP' },
    price: overrides.price ?? 7350,
    ticket_url: 'https://tickets.example.test/ticket/7/a7Kx92Qb',
  };
}
