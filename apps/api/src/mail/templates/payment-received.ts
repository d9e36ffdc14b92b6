import type { Locale } from '@admitone/shared';
import { formatMoney } from '@admitone/shared';

import { translate } from '../../i18n/i18n.js';
import type { MailSender } from '../sender.js';
import { layout, type RenderedMail } from './layout.js';
import { eventFootnotes, eventLines, type OrderMailEvent } from './order-mail-parts.js';
import { type OrderTicketsData, orderTicketsSection } from './order-tickets.js';

const M = {
  subject: /*i18n*/ { id: 'mail.payment_received.subject', message: 'Payment received for your order {order_number}' },
  greeting: /*i18n*/ { id: 'mail.greeting', message: 'Hello {name},' },
  body: /*i18n*/ {
    id: 'mail.payment_received.body',
    message:
      'The organizer has received your payment of {amount} for order {order_number} ({event}). Your order is now complete.',
  },
  action: /*i18n*/ { id: 'mail.order.view_order', message: 'View your order' },
};

export interface PaymentReceivedData {
  /** The buyer's first name. */
  buyer_name: string;
  order_number: string;
  event: OrderMailEvent;
  currency: string;
  /** Minor units received. */
  total: number;
  order_url: string;
  /** The organizer as the mail's sender (From name, Reply-To, logo); absent in rows written before there was one. */
  sender?: MailSender | null;
  /** Every ticket of the order, for the buyer (absent in rows written before). */
  order_tickets?: OrderTicketsData | null;
}

/** To the buyer: their offline payment arrived; every ticket of the order comes with it. */
export async function paymentReceivedMail(locale: Locale, d: PaymentReceivedData): Promise<RenderedMail> {
  const amount = formatMoney(d.total, d.currency, locale);
  const tickets = d.order_tickets
    ? await orderTicketsSection(locale, d.order_tickets)
    : { paragraphs: [], attachments: [] };
  const mail = layout(
    locale,
    translate(locale, M.subject, { order_number: d.order_number }),
    {
      paragraphs: [
        translate(locale, M.greeting, { name: d.buyer_name }),
        translate(locale, M.body, { amount, order_number: d.order_number, event: d.event.title }),
        ...eventLines(locale, d.event),
        ...tickets.paragraphs,
      ],
      action: { label: translate(locale, M.action), url: d.order_url },
      footnotes: eventFootnotes(locale, d.event),
    },
    d.sender,
  );
  if (tickets.attachments.length) mail.attachments = [...(mail.attachments ?? []), ...tickets.attachments];
  return mail;
}
