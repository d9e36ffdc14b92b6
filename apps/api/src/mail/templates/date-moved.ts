import type { Locale } from '@admitone/shared';
import { greetingName } from '@admitone/shared';

import { translate } from '../../i18n/i18n.js';
import { formatTicketDate } from '../../modules/order-documents/format.js';
import type { TicketDocumentData } from '../../modules/order-documents/ticket-document-data.js';
import { ticketIcs } from '../../modules/order-documents/ticket-ics.js';
import type { MailSender } from '../sender.js';
import { layout, type RenderedMail } from './layout.js';
import { eventFootnotes, eventLines, type OrderMailEvent, organizerNoteParagraphs } from './order-mail-parts.js';

const M = {
  subject: /*i18n*/ { id: 'mail.date_moved.subject', message: 'New time for {event}' },
  greeting: /*i18n*/ { id: 'mail.greeting', message: 'Hello {name},' },
  body: /*i18n*/ {
    id: 'mail.date_moved.body',
    message: '{event} has moved to a new time. Your tickets stay valid: there is nothing you need to do.',
  },
  exchangedSubject: /*i18n*/ {
    id: 'mail.date_exchanged.subject',
    message: 'Your tickets for {event} are for a new date',
  },
  changedBody: /*i18n*/ {
    id: 'mail.date_changed.body',
    message:
      'The organizer has moved your order for {event} to another date. Your tickets keep their codes: show them as before.',
  },
  exchangedBody: /*i18n*/ {
    id: 'mail.date_exchanged.body',
    message:
      'As you asked, your tickets for {event} are now for another date. They keep their codes: show them as before.',
  },
  was: /*i18n*/ { id: 'mail.date_moved.was', message: 'Before: {date}' },
  now: /*i18n*/ { id: 'mail.date_moved.now', message: 'Now:' },
  calendar: /*i18n*/ {
    id: 'mail.date_moved.calendar',
    message: 'The attached calendar file puts the new time in your calendar app, in place of the old one.',
  },
  order: /*i18n*/ { id: 'mail.attendee_ticket.order', message: 'Order number: {order_number}' },
  viewOrder: /*i18n*/ { id: 'mail.order.view_order', message: 'View your order' },
  viewTicket: /*i18n*/ { id: 'mail.attendee_ticket.action', message: 'View your ticket' },
};

export interface DateMovedData {
  /** Whom the mail greets: the buyer, or a ticket holder at an address of their own. */
  name: { first_name: string | null; last_name: string | null };
  order_number: string;
  /** The event at its new times. */
  event: OrderMailEvent;
  /** The times the reader knew before (ISO instants). */
  previous: { start_date: string; end_date: string | null; date_label?: string | null };
  /** The organizer's words to the buyers (null: none). */
  note: string | null;
  /** The order moved to another date: at the buyer's request, or by the organizer; absent: the date itself moved. */
  exchanged?: 'buyer' | 'organizer';
  /** The tickets whose calendar files the mail carries (the buyer's: every valid one of the order). */
  tickets: TicketDocumentData[];
  /** The buyer's order page, or the holder's ticket page. */
  action: { kind: 'order' | 'ticket'; url: string };
  event_slug: string;
  sender?: MailSender | null;
}

/** To a buyer or holder: the date moved; the old and new times, the organizer's words, new calendar files. */
export function dateMovedMail(locale: Locale, d: DateMovedData): RenderedMail {
  const before = formatTicketDate({ ...d.event, ...d.previous }, locale);
  const mail = layout(
    locale,
    translate(locale, d.exchanged ? M.exchangedSubject : M.subject, { event: d.event.title }),
    {
      paragraphs: [
        translate(locale, M.greeting, { name: greetingName(d.name, locale) }),
        translate(locale, d.exchanged === 'organizer' ? M.changedBody : d.exchanged ? M.exchangedBody : M.body, {
          event: d.event.title,
        }),
        translate(locale, M.was, { date: before }),
        translate(locale, M.now),
        ...eventLines(locale, d.event),
        ...organizerNoteParagraphs(locale, d.note),
        translate(locale, M.order, { order_number: d.order_number }),
        ...(d.tickets.length ? [translate(locale, M.calendar)] : []),
      ],
      action: {
        label: translate(locale, d.action.kind === 'order' ? M.viewOrder : M.viewTicket),
        url: d.action.url,
      },
      footnotes: eventFootnotes(locale, d.event),
    },
    d.sender,
  );
  const slug = d.event_slug.replace(/[^a-zA-Z0-9_-]+/g, '-') || 'event';
  mail.attachments = d.tickets.map((t) => ({
    filename: d.tickets.length > 1 ? `${slug}-${t.attendee.short_id}.ics` : `${slug}.ics`,
    content: ticketIcs(t),
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
  }));
  return mail;
}
