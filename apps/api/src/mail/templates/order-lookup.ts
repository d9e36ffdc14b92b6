import type { Locale, OrderLookupScope } from '@admitone/shared';

import { translate } from '../../i18n/i18n.js';
import { escapeHtml, layout, type MailContent, type RenderedMail } from './layout.js';

const M = {
  subjectEvent: /*i18n*/ { id: 'mail.order_lookup.subject_event', message: 'Your orders for {event}' },
  subjectOrganizer: /*i18n*/ { id: 'mail.order_lookup.subject_organizer', message: 'Your orders with {organizer}' },
  greeting: /*i18n*/ { id: 'mail.order_lookup.greeting', message: 'Hello,' },
  bodyEvent: /*i18n*/ {
    id: 'mail.order_lookup.body_event',
    message:
      'Someone, hopefully you, asked for the orders of this e-mail address for {event}. The link below shows them, with your tickets, for {hours} hours.',
  },
  bodyOrganizer: /*i18n*/ {
    id: 'mail.order_lookup.body_organizer',
    message:
      'Someone, hopefully you, asked for the orders of this e-mail address for the events of {organizer}. The link below shows them, with your tickets, for {hours} hours.',
  },
  found: /*i18n*/ { id: 'mail.order_lookup.found', message: 'Orders found:' },
  line: /*i18n*/ { id: 'mail.order_lookup.line', message: '{event}: order {order_number}' },
  more: /*i18n*/ { id: 'mail.order_lookup.more', message: '…and {count, plural, one {# more} other {# more}}' },
  action: /*i18n*/ { id: 'mail.order_lookup.action', message: 'Show my orders' },
  ignore: /*i18n*/ {
    id: 'mail.order_lookup.ignore',
    message: 'If you did not ask for this, you can ignore this e-mail: nobody sees your orders without this link.',
  },
};

export interface OrderLookupData {
  url: string;
  hours: number;
  event_title: string;
  organizer_name: string;
  scope: OrderLookupScope;
  /** What was found when the mail was written (the link shows the orders as they are when opened). */
  orders: Array<{ event_title: string; order_number: string }>;
  /** Orders found beyond those listed. */
  more: number;
}

/** "Find my tickets": a link to the orders of the address, for one event or for every event of its organizer. */
export function orderLookupMail(locale: Locale, d: OrderLookupData): RenderedMail {
  const organizerWide = d.scope === 'ORGANIZER';
  const lines = d.orders.map((o) => translate(locale, M.line, { event: o.event_title, order_number: o.order_number }));
  if (d.more > 0) lines.push(translate(locale, M.more, { count: d.more }));
  const list: MailContent = {
    html: `<ul style="margin:0 0 16px;padding-left:20px;font-size:16px;line-height:24px;color:#1f1b2d">${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`,
    text: lines.map((l) => `- ${l}`).join('\n'),
  };
  const subject = organizerWide
    ? translate(locale, M.subjectOrganizer, { organizer: d.organizer_name })
    : translate(locale, M.subjectEvent, { event: d.event_title });
  return layout(locale, subject, {
    paragraphs: [
      translate(locale, M.greeting),
      organizerWide
        ? translate(locale, M.bodyOrganizer, { organizer: d.organizer_name, hours: d.hours })
        : translate(locale, M.bodyEvent, { event: d.event_title, hours: d.hours }),
      translate(locale, M.found),
      list,
    ],
    action: { label: translate(locale, M.action), url: d.url },
    footnotes: [translate(locale, M.ignore)],
  });
}
