import type { EventLocation, SeatDto } from '@admitone/shared';

/**
 * Everything a ticket's PDF, calendar file and QR code are made from (plain JSON, so a mail job can carry it; the
 * logo's bytes join only for rendering).
 */
export interface TicketDocumentData {
  event: {
    title: string;
    /** ISO instant (UTC): the start of the date the ticket is for (the event's own with one date). */
    start_date: string;
    end_date: string | null;
    /** The label of the ticket's date ("Premiere"); null or absent (rows written before): none. */
    date_label?: string | null;
    /** How often the date moved: the calendar file's SEQUENCE (absent: 0). */
    calendar_sequence?: number;
    /** IANA time zone the event takes place in. */
    timezone: string;
    is_online: boolean;
    /** Where: the ticket's date's own venue, else the event's. */
    location: EventLocation;
    organizer_name: string;
    /**
     * Storage key of the organizer's logo as the PDF prints it (one of its WebP copies, ticket-logo.ts);
     * null or absent (rows written before): none. The file is read when the mail is rendered.
     */
    organizer_logo_key?: string | null;
    /** The event's support e-mail: the calendar ORGANIZER's address (left out without one). */
    support_email?: string | null;
    /** Public event page. */
    url: string;
    /** The event's "find my tickets" page, for the ticket mail's small print (absent in rows written before). */
    find_tickets_url?: string | null;
  };
  attendee: {
    short_id: string;
    first_name: string;
    last_name: string;
    email: string;
    ticket_name: string;
    tier_label: string | null;
    /** A seated event: where the ticket sits (absent in rows written before, or unseated). */
    seat?: SeatDto | null;
  };
  /**
   * What the QR code says: the ticket code signed by the event (ticket-signature.ts); absent (rows written before): the
   * code alone.
   */
  qr_code?: string;
  order: { order_number: string; currency: string };
  /** Minor units paid for this ticket, after discount, with taxes and fees. */
  price: number;
  /** A pass's ticket: how many dates its code admits on (once each), the first and the last (ISO instants). */
  pass?: { date_count: number; first_start: string; last_start: string } | null;
  /** Absolute `/ticket/{eventId}/{attendeeShortId}`. */
  ticket_url: string;
  /** "Add to Apple Wallet" and "Save to Google Wallet" addresses when offered (absent: none, or older rows). */
  wallet?: { apple_url: string | null; google_url: string | null } | null;
  /**
   * The logo as a PNG, read from `organizer_logo_key` just before rendering (mail-delivery.ts); never
   * stored: the outbox row keeps the key, not the bytes. A render thread receives it as a Uint8Array.
   */
  organizer_logo_png?: Uint8Array | null;
}
