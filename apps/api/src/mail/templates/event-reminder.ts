import type { Locale } from '@admitone/shared';
import { greetingName } from '@admitone/shared';

import { translate } from '../../i18n/i18n.js';
import { formatTicketDate, ticketLabel } from '../../modules/order-documents/format.js';
import { ticketIcs } from '../../modules/order-documents/ticket-ics.js';
import type { MailSender } from '../sender.js';
import { mapParagraphs, ticketTextParagraphs } from './automation-parts.js';
import { layout, type RenderedMail } from './layout.js';
import { eventFootnotes, eventLines, type OrderMailEvent, organizerNoteParagraphs } from './order-mail-parts.js';

const M = {
  subject: /*i18n*/ { id: 'mail.reminder.subject', message: 'Reminder: {event}, {date}' },
  greeting: /*i18n*/ { id: 'mail.greeting', message: 'Hello {name},' },
  body: /*i18n*/ {
    id: 'mail.reminder.body',
    message: '{event} is coming up soon. Here is what you need to know, with your tickets.',
  },
  tickets: /*i18n*/ { id: 'mail.reminder.tickets', message: 'Your tickets: {tickets}' },
  calendar: /*i18n*/ {
    id: 'mail.reminder.calendar',
    message: 'The attached calendar file puts the date in your calendar app.',
  },
  viewTicket: /*i18n*/ { id: 'mail.attendee_ticket.action', message: 'View your ticket' },
  viewTickets: /*i18n*/ { id: 'mail.reminder.view_tickets', message: 'View your tickets' },
};

/** One ticket the reminder is about. */
export interface ReminderTicket {
  short_id: string;
  ticket_name: string;
  tier_label: string | null;
  first_name: string;
  last_name: string;
  url: string;
}

export interface EventReminderData {
  name: { first_name: string | null; last_name: string | null };
  /** The event at the date the tickets are for. */
  event: OrderMailEvent;
  event_url: string;
  event_slug: string;
  tickets: ReminderTicket[];
  /** The organizer's words (null: none). */
  message: string | null;
  /** The tickets' own texts for their mails. */
  ticket_texts?: Array<{ ticket_name: string; text: string }>;
  map_url: string | null;
  /** The reader's tickets: one ticket's page, or the order's. */
  action_url: string;
  sender?: MailSender | null;
}

/** To a ticket holder before a date: when and where (with a map link), their tickets and calendar files. */
export function eventReminderMail(locale: Locale, d: EventReminderData): RenderedMail {
  const mail = layout(
    locale,
    translate(locale, M.subject, {
      event: d.event.title,
      date: formatTicketDate({ ...d.event, end_date: null }, locale),
    }),
    {
      paragraphs: [
        translate(locale, M.greeting, { name: greetingName(d.name, locale) }),
        translate(locale, M.body, { event: d.event.title }),
        ...eventLines(locale, d.event),
        ...mapParagraphs(locale, d.map_url),
        ...organizerNoteParagraphs(locale, d.message),
        ...ticketTextParagraphs(locale, d.ticket_texts),
        translate(locale, M.tickets, { tickets: d.tickets.map(ticketLabel).join(', ') }),
        ...(d.tickets.length ? [translate(locale, M.calendar)] : []),
      ],
      action: { label: translate(locale, d.tickets.length > 1 ? M.viewTickets : M.viewTicket), url: d.action_url },
      footnotes: eventFootnotes(locale, d.event),
    },
    d.sender,
  );
  const slug = d.event_slug.replace(/[^a-zA-Z0-9_-]+/g, '-') || 'event';
  mail.attachments = d.tickets.map((t) => ({
    filename: d.tickets.length > 1 ? `${slug}-${t.short_id}.ics` : `${slug}.ics`,
    content: ticketIcs({
      event: { ...d.event, url: d.event_url },
      attendee: { ...t, email: '' },
      order: { order_number: '', currency: 'EUR' },
      price: 0,
      ticket_url: t.url,
    }),
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
  }));
  return mail;
}
