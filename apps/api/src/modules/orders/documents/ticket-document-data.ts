import type { EventLocation } from '@admitone/shared';

/** Everything a ticket's PDF, calendar file and QR code are made from (plain JSON, so a mail job can carry it). */
export interface TicketDocumentData {
  event: {
    title: string;
    /** ISO instant (UTC). */
    start_date: string;
    end_date: string | null;
    /** IANA time zone the event takes place in. */
    timezone: string;
    is_online: boolean;
    location: EventLocation;
    organizer_name: string;
    /** The event's support e-mail: the calendar ORGANIZER's address (left out without one). */
    support_email?: string | null;
    /** Public event page. */
    url: string;
  };
  attendee: { short_id: string; first_name: string; last_name: string; email: string; ticket_name: string; tier_label: string | null };
  order: { order_number: string; currency: string };
  /** Minor units paid for this ticket, after discount, with taxes and fees. */
  price: number;
  /** Absolute `/ticket/{eventId}/{attendeeShortId}`. */
  ticket_url: string;
}
