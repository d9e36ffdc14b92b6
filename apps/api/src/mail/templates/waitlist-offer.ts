import type { Locale } from '@admitone/shared';

import { translate } from '../../i18n/i18n.js';
import { layout, type RenderedMail } from './layout.js';
import { dateLines, greeting, type WaitlistMailBase } from './waitlist-joined.js';

const M = {
  offerSubject: /*i18n*/ { id: 'mail.waitlist.offer_subject', message: 'Tickets are waiting for you: {event}' },
  offerBody: /*i18n*/ {
    id: 'mail.waitlist.offer_body',
    message:
      'Good news: {count, plural, one {# ticket} other {# tickets}} "{ticket}" for {event} {count, plural, one {is} other {are}} now held for you until {until}.',
  },
  offerHow: /*i18n*/ {
    id: 'mail.waitlist.offer_how',
    message:
      'Use the button below to complete your order. If you do not complete it in time, the tickets go to the next person on the waitlist.',
  },
  offerAction: /*i18n*/ { id: 'mail.waitlist.offer_action', message: 'Buy my tickets' },
  offerDecline: /*i18n*/ {
    id: 'mail.waitlist.offer_decline',
    message: 'No longer interested? Let the next person have them: {url}',
  },
};

export interface WaitlistOfferData extends WaitlistMailBase {
  checkout_url: string;
  entry_url: string;
  expires_at: string;
  timezone: string;
}

/** An offer: units held for the person until a time, with the checkout link and a way to let them go. */
export function waitlistOfferMail(locale: Locale, d: WaitlistOfferData): RenderedMail {
  const until = new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: d.timezone,
    timeZoneName: 'short',
  }).format(new Date(d.expires_at));
  return layout(locale, translate(locale, M.offerSubject, { event: d.event_title }), {
    paragraphs: [
      greeting(locale, d),
      translate(locale, M.offerBody, { count: d.quantity, ticket: d.ticket_name, event: d.event_title, until }),
      ...dateLines(locale, d),
      translate(locale, M.offerHow),
    ],
    action: { label: translate(locale, M.offerAction), url: d.checkout_url },
    footnotes: [translate(locale, M.offerDecline, { url: d.entry_url })],
  });
}
