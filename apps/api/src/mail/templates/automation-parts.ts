import type { Locale } from '@admitone/shared';

import { translate } from '../../i18n/i18n.js';
import { formatAddress } from '../../modules/order-documents/format.js';
import { escapeHtml, type MailContent } from './layout.js';
import type { OrderMailEvent } from './order-mail-parts.js';

const M = {
  map: /*i18n*/ { id: 'mail.reminder.map', message: 'Open the venue on a map' },
  ticketText: /*i18n*/ { id: 'mail.ticket_text', message: '{ticket}: {text}' },
};

/** A link to the venue on OpenStreetMap (null for an online event or one without an address). */
export function mapUrl(event: Pick<OrderMailEvent, 'is_online' | 'location'>): string | null {
  if (event.is_online) return null;
  const address = formatAddress(event.location, 'en');
  return address ? `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}` : null;
}

/** The venue's map link as a paragraph (nothing without an address). */
export function mapParagraphs(locale: Locale, url: string | null): MailContent[] {
  if (!url) return [];
  const label = translate(locale, M.map);
  return [
    {
      html: `<p style="margin:0 0 16px;font-size:16px;line-height:24px"><a href="${escapeHtml(url)}" style="color:#6d28d9">${escapeHtml(label)}</a></p>`,
      text: `${label}: ${url}`,
    },
  ];
}

/** The organizer's text of each ticket type in the mail (what to bring, where to enter), one paragraph each. */
export function ticketTextParagraphs(
  locale: Locale,
  texts: ReadonlyArray<{ ticket_name: string; text: string }> | undefined,
): MailContent[] {
  return (texts ?? []).map((t) => translate(locale, M.ticketText, { ticket: t.ticket_name, text: t.text }));
}
