import { breakdownRows, type EventLocation, formatMoney, type Locale, type OrderTotals } from '@admitone/shared';

import { translate } from '../../i18n/i18n.js';
import { formatAddress, formatTicketDate, ticketLabel } from '../../modules/order-documents/format.js';
import { escapeHtml, type MailContent, type RawHtml } from './layout.js';

/** The event as order mails show it (plain JSON), at the date the order is for. */
export interface OrderMailEvent {
  title: string;
  /** ISO instants (UTC) of the order's date (the event's with one date); shown in the event's time zone. */
  start_date: string;
  end_date: string | null;
  /** The order's date's label ("Premiere"); null or absent (mails written before): none. */
  date_label?: string | null;
  /** How often the date moved (its calendar files' SEQUENCE); absent (mails written before): 0. */
  calendar_sequence?: number;
  timezone: string;
  is_online: boolean;
  /** The order's date's own venue, else the event's. */
  location: EventLocation;
  organizer_name: string;
  support_email: string | null;
  /** Sanitised HTML: the event's footer message for e-mails. */
  footer_message: string | null;
  /** The event's "find my tickets" page (absent in mails written before there was one). */
  find_tickets_url?: string | null;
}

/** One line of an order: a ticket (and tier) with its quantity and what it costs in total. */
export interface OrderMailLine {
  ticket_name: string;
  tier_label: string | null;
  quantity: number;
  /** Minor units for the whole line at list price (before discount, fees and taxes), as every screen shows it. */
  amount: number;
}

const M = {
  lostTickets: /*i18n*/ { id: 'mail.find_tickets.lost', message: 'Lost an e-mail or a ticket?' },
  findTickets: /*i18n*/ { id: 'mail.find_tickets.link', message: 'Find my tickets' },
  when: /*i18n*/ { id: 'mail.order.when', message: 'When: {date}' },
  where: /*i18n*/ { id: 'mail.order.where', message: 'Where: {location}' },
  online: /*i18n*/ { id: 'mail.order.online', message: 'Online event' },
  support: /*i18n*/ { id: 'mail.order.support', message: 'Questions? Contact the organizer at {email}.' },
  line: /*i18n*/ { id: 'mail.order.line', message: '{quantity} × {ticket}' },
  free: /*i18n*/ { id: 'mail.order.free', message: 'Free' },
  subtotal: /*i18n*/ { id: 'mail.order.subtotal', message: 'Subtotal' },
  discount: /*i18n*/ { id: 'mail.order.discount', message: 'Discount' },
  discountCode: /*i18n*/ { id: 'mail.order.discount_code', message: 'Discount ({code})' },
  fees: /*i18n*/ { id: 'mail.order.fees', message: 'Fees' },
  taxes: /*i18n*/ { id: 'mail.order.taxes', message: 'Taxes' },
  total: /*i18n*/ { id: 'mail.order.total', message: 'Total' },
  dateCancelled: /*i18n*/ {
    id: 'mail.order.date_cancelled',
    message: 'The organizer has cancelled the date of your order: {date}.',
  },
  organizerNote: /*i18n*/ { id: 'mail.order.organizer_note', message: 'A message from the organizer:' },
};

const P_STYLE = 'margin:0 0 16px;font-size:16px;line-height:24px;color:#1f1b2d';

/** A bold heading inside a mail. */
export function heading(text: string): RawHtml {
  return {
    html: `<h2 style="margin:24px 0 12px;font-size:18px;line-height:24px;color:#1f1b2d">${escapeHtml(text)}</h2>`,
    text: text.toUpperCase(),
  };
}

/** Sanitised organizer HTML as it is, with a text version. */
export function richText(html: string): RawHtml {
  return { html: `<div style="${P_STYLE}">${html}</div>`, text: htmlToText(html) };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Plain text of (sanitised) HTML: block ends become line breaks, links keep their address. */
export function htmlToText(html: string): string {
  return html
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_m, href: string, label: string) =>
      label.trim() === href ? href : `${label} (${href})`,
    )
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '- ')
    .replace(/<\/(p|div|h[1-6]|li|blockquote|pre|ul|ol)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (m, e: string) => {
      if (e[0] === '#')
        return String.fromCodePoint(e[1]?.toLowerCase() === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
      return ENTITIES[e.toLowerCase()] ?? m;
    })
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The times of an order's date as a mail line, "When: …" with its label, in the event's zone. */
export type MailDateTimes = Pick<OrderMailEvent, 'start_date' | 'end_date' | 'date_label' | 'timezone'>;

/** "When: …" (with the date's label) of an order's date, in the event's zone and the reader's language. */
export function whenLine(locale: Locale, e: MailDateTimes): string {
  return translate(locale, M.when, { date: formatTicketDate(e, locale) });
}

/** "When" (with the date's label) and "Where" of an order's date, in the event's zone and the reader's language. */
export function eventLines(
  locale: Locale,
  e: MailDateTimes & Pick<OrderMailEvent, 'is_online' | 'location'>,
): string[] {
  const where = e.is_online ? translate(locale, M.online) : formatAddress(e.location, locale);
  return [whenLine(locale, e), ...(where ? [translate(locale, M.where, { location: where })] : [])];
}

/** The support address and the organizer's footer message, for the small print. */
export function eventFootnotes(
  locale: Locale,
  e: Pick<OrderMailEvent, 'support_email' | 'footer_message' | 'find_tickets_url'>,
): Array<string | RawHtml> {
  const find = e.find_tickets_url;
  return [
    ...(find
      ? [
          {
            html: `<p style="margin:0 0 12px;font-size:13px;line-height:20px;color:#5b5570">${escapeHtml(translate(locale, M.lostTickets))} <a href="${escapeHtml(find)}" style="color:#6d28d9">${escapeHtml(translate(locale, M.findTickets))}</a></p>`,
            text: `${translate(locale, M.lostTickets)} ${translate(locale, M.findTickets)}: ${find}`,
          },
        ]
      : []),
    ...(e.support_email ? [translate(locale, M.support, { email: e.support_email })] : []),
    ...(e.footer_message
      ? [
          {
            html: `<div style="margin:0 0 12px;font-size:13px;line-height:20px;color:#5b5570">${e.footer_message}</div>`,
            text: htmlToText(e.footer_message),
          },
        ]
      : []),
  ];
}

/** The order's lines and totals as a table (and as aligned text). */
export function orderTable(
  locale: Locale,
  currency: string,
  lines: OrderMailLine[],
  totals: OrderTotals,
  promoCode: string | null,
): RawHtml {
  const money = (minor: number) => formatMoney(minor, currency, locale);
  const rows: Array<{ label: string; amount: string; strong?: boolean }> = lines.map((l) => ({
    label: translate(locale, M.line, { quantity: l.quantity, ticket: ticketLabel(l) }),
    amount: l.amount === 0 ? translate(locale, M.free) : money(l.amount),
  }));
  // The one layout (breakdownRows, as on every screen): the lines at list price sum to the subtotal,
  // then the discount is taken off and fees and taxes added up to the total.
  const labels = {
    subtotal: translate(locale, M.subtotal),
    discount: promoCode ? translate(locale, M.discountCode, { code: promoCode }) : translate(locale, M.discount),
    fees: translate(locale, M.fees),
    taxes: translate(locale, M.taxes),
    total: translate(locale, M.total),
  };
  const sums: typeof rows = breakdownRows(totals).map((r) => ({
    label: labels[r.kind],
    amount: r.kind === 'discount' ? money(-r.amount) : money(r.amount),
    strong: r.kind === 'total',
  }));

  const td = (content: string, align: 'left' | 'right', strong = false, top = false) =>
    `<td align="${align}" style="padding:6px 0;${top ? 'border-top:1px solid #e4def5;' : ''}${strong ? 'font-weight:bold;' : ''}">${escapeHtml(content)}</td>`;
  const tr = (r: (typeof rows)[number], top = false) =>
    `<tr>${td(r.label, 'left', r.strong, top)}${td(r.amount, 'right', r.strong, top)}</tr>`;
  const html = `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:0 0 16px;font-size:15px;line-height:22px;color:#1f1b2d">${rows
    .map((r) => tr(r))
    .join('')}${sums.map((r, i) => tr(r, i === 0)).join('')}</table>`;
  const text = [...rows, ...sums].map((r) => `${r.label}: ${r.amount}`).join('\n');
  return { html, text };
}

/**
 * Why an order was cancelled when the organizer cancelled its date: the date (with its label), and the
 * organizer's words to the buyers, as written (plain text, escaped). Nothing when `cancelled` is not set.
 */
export function dateCancelledParagraphs(
  locale: Locale,
  event: OrderMailEvent,
  cancelled: { note: string | null } | null | undefined,
): MailContent[] {
  if (!cancelled) return [];
  const date = formatTicketDate({ ...event, end_date: null }, locale);
  const label = event.date_label ? `${date} (${event.date_label})` : date;
  return [translate(locale, M.dateCancelled, { date: label }), ...organizerNoteParagraphs(locale, cancelled.note)];
}

/** The organizer's words to the buyers, as written (plain text, escaped), under a heading; nothing without any. */
export function organizerNoteParagraphs(locale: Locale, note: string | null): MailContent[] {
  return note ? [translate(locale, M.organizerNote), note] : [];
}
