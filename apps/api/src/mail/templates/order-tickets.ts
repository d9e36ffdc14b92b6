import type { Locale } from '@admitone/shared';
import { personName } from '@admitone/shared';

import { translate } from '../../i18n/i18n.js';
import { ticketWithSeat } from '../../modules/order-documents/format.js';
import type { TicketDocumentData } from '../../modules/order-documents/ticket-document-data.js';
import { ticketPdf } from '../../modules/order-documents/ticket-pdf.js';
import type { MailAttachment } from '../transport.js';
import { escapeHtml, type MailContent } from './layout.js';
import { heading } from './order-mail-parts.js';

/**
 * Every ticket of an order, for the buyer's mails (confirmation, payment received): the buyer of a
 * group has all of them, whoever the attendees are and whether they gave an address. Up to
 * ATTACHED_TICKETS ride along as PDFs; above that (a school class, a company outing) the mail lists
 * a link per ticket and the order's print page, which holds them all.
 */
export const ATTACHED_TICKETS = 10;

const M = {
  heading: /*i18n*/ { id: 'mail.order_tickets.heading', message: 'Your tickets' },
  attached: /*i18n*/ {
    id: 'mail.order_tickets.attached',
    message:
      'All tickets of your order are attached as PDFs. Attendees with an e-mail address also receive their own ticket.',
  },
  linked: /*i18n*/ {
    id: 'mail.order_tickets.linked',
    message:
      'Open each ticket below, or print all of them from your order. Attendees with an e-mail address also receive their own ticket.',
  },
  holder: /*i18n*/ { id: 'mail.order_tickets.holder', message: '{name}: {ticket}' },
  printAll: /*i18n*/ { id: 'mail.order_tickets.print_all', message: 'Print all tickets' },
};

export interface OrderTicketsData {
  /** Each ticket of the order, in the order's attendee order. */
  tickets: TicketDocumentData[];
  /** The order's print page (every ticket with its QR code), with the order's secret. */
  print_url: string;
}

const holderName = (t: TicketDocumentData) => personName(t.attendee) || t.attendee.short_id;

/** The section listing the tickets, and the PDFs to attach (none above ATTACHED_TICKETS). */
export async function orderTicketsSection(
  locale: Locale,
  d: OrderTicketsData,
): Promise<{ paragraphs: MailContent[]; attachments: MailAttachment[] }> {
  if (!d.tickets.length) return { paragraphs: [], attachments: [] };
  const attach = d.tickets.length <= ATTACHED_TICKETS;
  const items = d.tickets.map((t) => ({
    label: translate(locale, M.holder, { name: holderName(t), ticket: ticketWithSeat(t.attendee, locale) }),
    url: t.ticket_url,
    code: t.attendee.short_id,
  }));
  const link = (href: string, text: string) =>
    `<a href="${escapeHtml(href)}" style="color:#6741d9">${escapeHtml(text)}</a>`;
  const list: MailContent = {
    html: `<ul style="margin:0 0 16px;padding-left:20px;font-size:15px;line-height:24px;color:#1f1b2d">${items
      .map(
        (i) =>
          `<li>${link(i.url, i.label)} <span style="font-family:monospace;color:#5b5570">${escapeHtml(i.code)}</span></li>`,
      )
      .join('')}</ul><p style="margin:0 0 16px;font-size:15px">${link(d.print_url, translate(locale, M.printAll))}</p>`,
    text: `${items.map((i) => `- ${i.label} (${i.code}): ${i.url}`).join('\n')}\n\n${translate(locale, M.printAll)}: ${d.print_url}`,
  };
  const attachments: MailAttachment[] = attach
    ? await Promise.all(
        d.tickets.map(async (t) => ({
          filename: `ticket-${t.attendee.short_id}.pdf`,
          content: await ticketPdf(t, locale),
          contentType: 'application/pdf',
        })),
      )
    : [];
  return {
    paragraphs: [heading(translate(locale, M.heading)), translate(locale, attach ? M.attached : M.linked), list],
    attachments,
  };
}
