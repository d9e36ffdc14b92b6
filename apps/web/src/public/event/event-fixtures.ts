import {
  DEFAULT_EVENT_COLORS,
  type EventLocation,
  type PublicEventDatesDto,
  type PublicEventDto,
} from '@admitone/shared';

import { publicTicket } from '../selector/ticket-fixtures';

/** A public event for the page's tests: "Gala" in Berlin's Town Hall, one ticket "Standard" once a date is chosen. */

export const townHall: EventLocation = {
  venue_name: 'Town Hall',
  address_line_1: null,
  address_line_2: null,
  city: 'Berlin',
  state_or_region: null,
  zip_or_postal_code: null,
  country: null,
  latitude: null,
  longitude: null,
};

export const publicEvent = (dates: PublicEventDatesDto, over: Partial<PublicEventDto> = {}): PublicEventDto => ({
  id: 9,
  title: 'Gala',
  slug: 'gala',
  description: null,
  start_date: '2027-03-06T18:30:00.000Z',
  end_date: null,
  timezone: 'Europe/Berlin',
  currency: 'EUR',
  lifecycle: 'UPCOMING',
  is_online: false,
  location: townHall,
  cover_image: null,
  organizer: { id: 1, name: 'Hall Events', description: null, website: null, logo: null },
  settings: {
    colors: DEFAULT_EVENT_COLORS,
    pre_checkout_message: null,
    price_display_mode: 'EXCLUSIVE',
    show_remaining_tickets: false,
    cover_display: 'COVER',
    seo_title: null,
    seo_description: null,
    seo_keywords: null,
    allow_search_engine_indexing: true,
    order_timeout_minutes: 15,
    support_email: null,
    offline_payments_enabled: false,
  },
  categories: [],
  tickets: dates.chosen ? [publicTicket({ id: 1, name: 'Standard' })] : [],
  promo: null,
  promo_invalid: false,
  url: '/event/9/gala',
  dates,
  seated_ticket_ids: [],
  ...over,
});
