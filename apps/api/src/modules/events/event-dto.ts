import {
  DEFAULT_EVENT_COLORS,
  type EventDto,
  type EventLifecycle,
  type EventLocation,
  type ImageDto,
} from '@admitone/shared';

import type { EventWithOrganizer } from './events.repository.js';

/** Where an event stands in time. */
export function lifecycleOf(start: Date, end: Date | null, now: Date): EventLifecycle {
  if (start > now) return 'UPCOMING';
  if ((end ?? start) > now) return 'ONGOING';
  return 'ENDED';
}

/** A location with every field empty (stored locations may be partial). */
export const EMPTY_LOCATION: EventLocation = {
  venue_name: null,
  address_line_1: null,
  address_line_2: null,
  city: null,
  state_or_region: null,
  zip_or_postal_code: null,
  country: null,
  latitude: null,
  longitude: null,
};

type EventRow = EventWithOrganizer['event'];

/** The settings columns of an event, as stored (what a duplicate copies along). */
export function settingsColumnsOf(e: EventRow) {
  return {
    order_timeout_minutes: e.order_timeout_minutes,
    support_email: e.support_email,
    email_footer_message: e.email_footer_message,
    colors: e.colors,
    notify_organizer_of_new_orders: e.notify_organizer_of_new_orders,
    seo_title: e.seo_title,
    seo_description: e.seo_description,
    seo_keywords: e.seo_keywords,
    allow_search_engine_indexing: e.allow_search_engine_indexing,
    pre_checkout_message: e.pre_checkout_message,
    post_checkout_message: e.post_checkout_message,
    show_remaining_tickets: e.show_remaining_tickets,
    price_display_mode: e.price_display_mode,
    cover_display: e.cover_display,
    offline_payments_enabled: e.offline_payments_enabled,
    invoice_mode: e.invoice_mode,
    client_hold_limit: e.client_hold_limit,
    client_reservation_limit: e.client_reservation_limit,
    offline_payment_instructions: e.offline_payment_instructions,
    offline_payment_days: e.offline_payment_days,
    offline_payment_deadline: e.offline_payment_deadline,
    payment_options: e.payment_options,
    attendee_edits_enabled: e.attendee_edits_enabled,
    attendee_edit_cutoff_hours: e.attendee_edit_cutoff_hours,
    ticket_transfers: e.ticket_transfers,
    ticket_transfer_cutoff_hours: e.ticket_transfer_cutoff_hours,
    date_exchanges: e.date_exchanges,
    date_exchange_cutoff_hours: e.date_exchange_cutoff_hours,
    buyer_cancellation: e.buyer_cancellation,
    buyer_cancellation_cutoff_hours: e.buyer_cancellation_cutoff_hours,
    waitlist_offer_mode: e.waitlist_offer_mode,
    waitlist_offer_hours: e.waitlist_offer_hours,
  };
}

export function toEventDto(
  { event: e, organizer }: EventWithOrganizer,
  now: Date,
  cover: ImageDto | null = null,
): EventDto {
  return {
    id: e.id,
    title: e.title,
    slug: e.slug,
    description: e.description,
    status: e.status,
    lifecycle: lifecycleOf(e.start_date, e.end_date, now),
    start_date: e.start_date.toISOString(),
    end_date: e.end_date?.toISOString() ?? null,
    timezone: e.timezone,
    currency: e.currency,
    organizer,
    is_online: e.is_online,
    online_details: e.online_details,
    location: { ...EMPTY_LOCATION, ...e.location },
    cover_image: cover,
    settings: {
      ...settingsColumnsOf(e),
      colors: { ...DEFAULT_EVENT_COLORS, ...(e.colors ?? {}) },
      offline_payment_deadline: e.offline_payment_deadline?.toISOString() ?? null,
    },
    created_at: e.created_at.toISOString(),
    updated_at: e.updated_at.toISOString(),
  };
}
