import type { Locale } from '@admitone/shared';
import { greetingName } from '@admitone/shared';

import { translate } from '../../i18n/i18n.js';
import { ticketWithSeat } from '../../modules/order-documents/format.js';
import type { TicketDocumentData } from '../../modules/order-documents/ticket-document-data.js';
import { ticketIcs } from '../../modules/order-documents/ticket-ics.js';
import { ticketPdf } from '../../modules/order-documents/ticket-pdf.js';
import { qrPng } from '../../modules/order-documents/ticket-qr.js';
import type { MailSender } from '../sender.js';
import { ticketTextParagraphs } from './automation-parts.js';
import { escapeHtml, layout, type MailContent, type RenderedMail } from './layout.js';
import { eventFootnotes, eventLines, heading, richText } from './order-mail-parts.js';

const M = {
  subject: /*i18n*/ { id: 'mail.attendee_ticket.subject', message: 'Your ticket for {event}' },
  greeting: /*i18n*/ { id: 'mail.greeting', message: 'Hello {name},' },
  body: /*i18n*/ { id: 'mail.attendee_ticket.body', message: 'Here is your ticket for {event}: {ticket}.' },
  passedOn: /*i18n*/ {
    id: 'mail.attendee_ticket.passed_on',
    message: '{name} passed this ticket on to you. It has a new code of its own: the one below.',
  },
  order: /*i18n*/ { id: 'mail.attendee_ticket.order', message: 'Order number: {order_number}' },
  attachments: /*i18n*/ {
    id: 'mail.attendee_ticket.attachments',
    message:
      'Your ticket is attached as a PDF, with a calendar file for your calendar app. Show the QR code at the entrance, printed or on your phone.',
  },
  qrAlt: /*i18n*/ { id: 'mail.attendee_ticket.qr_alt', message: 'QR code of ticket {code}' },
  joining: /*i18n*/ { id: 'mail.attendee_ticket.joining', message: 'How to join' },
  action: /*i18n*/ { id: 'mail.attendee_ticket.action', message: 'View your ticket' },
  appleWallet: /*i18n*/ { id: 'wallet.add_apple', message: 'Add to Apple Wallet' },
  googleWallet: /*i18n*/ { id: 'wallet.add_google', message: 'Save to Google Wallet' },
};

/** "Add to Apple Wallet" and "Save to Google Wallet" as two dark buttons under the QR code (when offered). */
function walletButtons(locale: Locale, wallet: TicketDocumentData['wallet']): MailContent[] {
  const links = [
    wallet?.apple_url ? { url: wallet.apple_url, label: translate(locale, M.appleWallet) } : null,
    wallet?.google_url ? { url: wallet.google_url, label: translate(locale, M.googleWallet) } : null,
  ].filter((l) => l !== null);
  if (!links.length) return [];
  return [
    {
      html: `<p style="margin:0 0 16px;text-align:center">${links
        .map(
          (l) =>
            `<a href="${escapeHtml(l.url)}" style="display:inline-block;margin:4px;background:#000000;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:8px;font-size:15px">${escapeHtml(l.label)}</a>`,
        )
        .join('')}</p>`,
      text: links.map((l) => `${l.label}: ${l.url}`).join('\n'),
    },
  ];
}

export interface AttendeeTicketData {
  /** The organizer's text of the ticket's type (what to bring, where to enter); absent: none. */
  ticket_texts?: Array<{ ticket_name: string; text: string }>;
  /** What the PDF, the calendar file and the QR code are made from. */
  ticket: TicketDocumentData;
  /** Names the calendar file (`<slug>.ics`). */
  event_slug: string;
  /** Sanitised HTML: the event's footer message for e-mails. */
  footer_message: string | null;
  /** Sanitised HTML: how to join an online event. */
  online_details: string | null;
  /** The organizer as the mail's sender (From name, Reply-To, logo); absent in rows written before there was one. */
  sender?: MailSender | null;
  /** A ticket passed on to this attendee: who passed it on (the order's buyer). */
  passed_on_by?: string;
}

/** To one attendee: their ticket, with the PDF, a calendar file and the QR code inline. */
export async function attendeeTicketMail(locale: Locale, d: AttendeeTicketData): Promise<RenderedMail> {
  const { event, attendee } = d.ticket;
  const short = attendee.short_id;
  const cid = `qr-${short}@admitone`;
  const [qr, pdf] = await Promise.all([qrPng(d.ticket.qr_code ?? short), ticketPdf(d.ticket, locale)]);
  const alt = translate(locale, M.qrAlt, { code: short });
  const qrBlock = {
    html: `<p style="margin:8px 0 16px;text-align:center"><img src="cid:${escapeHtml(cid)}" width="200" height="200" alt="${escapeHtml(alt)}" style="display:inline-block;width:200px;height:200px"><br><span style="font-family:monospace;font-size:16px;letter-spacing:2px;color:#1f1b2d">${escapeHtml(short)}</span></p>`,
    text: '',
  };
  const paragraphs: MailContent[] = [
    translate(locale, M.greeting, { name: greetingName(attendee, locale) }),
    ...(d.passed_on_by ? [translate(locale, M.passedOn, { name: d.passed_on_by })] : []),
    translate(locale, M.body, { event: event.title, ticket: ticketWithSeat(attendee, locale) }),
    ...eventLines(locale, event),
    translate(locale, M.order, { order_number: d.ticket.order.order_number }),
    ...ticketTextParagraphs(locale, d.ticket_texts),
    qrBlock,
    ...walletButtons(locale, d.ticket.wallet),
    translate(locale, M.attachments),
  ];
  if (d.online_details) paragraphs.push(heading(translate(locale, M.joining)), richText(d.online_details));
  const mail = layout(
    locale,
    translate(locale, M.subject, { event: event.title }),
    {
      paragraphs,
      action: { label: translate(locale, M.action), url: d.ticket.ticket_url },
      footnotes: eventFootnotes(locale, {
        support_email: event.support_email ?? null,
        footer_message: d.footer_message,
        find_tickets_url: event.find_tickets_url ?? null,
      }),
    },
    d.sender,
  );
  const slug = d.event_slug.replace(/[^a-zA-Z0-9_-]+/g, '-') || 'event';
  mail.attachments = [
    { filename: `ticket-${short}.pdf`, content: pdf, contentType: 'application/pdf' },
    {
      filename: `${slug}.ics`,
      content: ticketIcs(d.ticket),
      contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    },
    { filename: `qr-${short}.png`, content: qr, contentType: 'image/png', cid },
  ];
  return mail;
}
