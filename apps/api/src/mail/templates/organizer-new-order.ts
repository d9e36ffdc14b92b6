import type { Locale } from '@admitone/shared';
import { formatMoney } from '@admitone/shared';

import { translate } from '../../i18n/i18n.js';
import { layout, type RenderedMail } from './layout.js';
import { type MailDateTimes, whenLine } from './order-mail-parts.js';

const M = {
  subject: /*i18n*/ { id: 'mail.organizer_new_order.subject', message: 'New order {order_number} for {event}' },
  greeting: /*i18n*/ { id: 'mail.organizer_new_order.greeting', message: 'Good news!' },
  body: /*i18n*/ {
    id: 'mail.organizer_new_order.body',
    message:
      '{buyer} ({email}) placed order {order_number} for {event}: {count, plural, one {# ticket} other {# tickets}}, {total} in total.',
  },
  awaiting: /*i18n*/ {
    id: 'mail.organizer_new_order.awaiting',
    message:
      'The order awaits an offline payment. Mark it as paid once you have received the money; the tickets are then sent.',
  },
  action: /*i18n*/ { id: 'mail.organizer_new_order.action', message: 'Manage the order' },
};

export interface OrganizerNewOrderData {
  event_title: string;
  order_number: string;
  /** The buyer's full name. */
  buyer_name: string;
  buyer_email: string;
  ticket_count: number;
  currency: string;
  /** Minor units. */
  total: number;
  status: 'COMPLETED' | 'AWAITING_PAYMENT';
  /** The order in the event's manage pages. */
  manage_url: string;
  /**
   * An event with several dates: the date the order's tickets are for, named as the buyer's mails name it
   * ("When: …"); null or absent (one date, or a mail written before): none.
   */
  date?: MailDateTimes | null;
}

/** To the organizer: someone placed an order (for which date, when the event has several). */
export function organizerNewOrderMail(locale: Locale, d: OrganizerNewOrderData): RenderedMail {
  const body = translate(locale, M.body, {
    buyer: d.buyer_name,
    email: d.buyer_email,
    order_number: d.order_number,
    event: d.event_title,
    count: d.ticket_count,
    total: formatMoney(d.total, d.currency, locale),
  });
  return layout(locale, translate(locale, M.subject, { order_number: d.order_number, event: d.event_title }), {
    paragraphs: [
      translate(locale, M.greeting),
      body,
      ...(d.date ? [whenLine(locale, d.date)] : []),
      ...(d.status === 'AWAITING_PAYMENT' ? [translate(locale, M.awaiting)] : []),
    ],
    action: { label: translate(locale, M.action), url: d.manage_url },
  });
}
