import type { Locale } from '@admitone/shared';
import { formatEventDate, formatMoney } from '@admitone/shared';

import { translate } from '../../i18n/i18n.js';
import type { MailSender } from '../sender.js';
import { layout, type MailContent, type RenderedMail } from './layout.js';
import { eventFootnotes, eventLines, heading, type OrderMailEvent, richText } from './order-mail-parts.js';

const M = {
  subject: /*i18n*/ {
    id: 'mail.payment_reminder.subject',
    message: 'Reminder: please pay for your order {order_number} by {deadline}',
  },
  greeting: /*i18n*/ { id: 'mail.greeting', message: 'Hello {name},' },
  body: /*i18n*/ {
    id: 'mail.payment_reminder.body',
    message:
      'Your order {order_number} for {event} still awaits your payment of {amount}. Please pay by {deadline}: an order not paid by then is cancelled and its tickets are released.',
  },
  howToPay: /*i18n*/ { id: 'mail.order_confirmation.how_to_pay', message: 'How to pay' },
  reference: /*i18n*/ {
    id: 'mail.order_confirmation.reference',
    message: 'Please use your order number {order_number} as the payment reference.',
  },
  paid: /*i18n*/ {
    id: 'mail.payment_reminder.already_paid',
    message: 'Already paid? Then there is nothing to do: the organizer confirms your payment as soon as it arrives.',
  },
  action: /*i18n*/ { id: 'mail.order.view_order', message: 'View your order' },
};

export interface PaymentReminderData {
  /** The buyer's first name. */
  buyer_name: string;
  order_number: string;
  event: OrderMailEvent;
  currency: string;
  /** Minor units to pay. */
  total: number;
  /** The deadline (ISO). */
  due_at: string;
  /** Sanitised HTML: how to pay offline. */
  offline_payment_instructions: string | null;
  order_url: string;
  /** The organizer as the mail's sender (From name, Reply-To, logo). */
  sender?: MailSender | null;
}

/** To the buyer of an offline order whose payment deadline is near (payment-deadlines.ts). */
export function paymentReminderMail(locale: Locale, d: PaymentReminderData): RenderedMail {
  const deadline = formatEventDate(d.due_at, null, d.event.timezone, locale);
  const values = {
    order_number: d.order_number,
    event: d.event.title,
    deadline,
    amount: formatMoney(d.total, d.currency, locale),
  };
  const paragraphs: MailContent[] = [
    translate(locale, M.greeting, { name: d.buyer_name }),
    translate(locale, M.body, values),
    heading(translate(locale, M.howToPay)),
  ];
  if (d.offline_payment_instructions) paragraphs.push(richText(d.offline_payment_instructions));
  paragraphs.push(translate(locale, M.reference, values), translate(locale, M.paid), ...eventLines(locale, d.event));
  return layout(
    locale,
    translate(locale, M.subject, values),
    {
      paragraphs,
      action: { label: translate(locale, M.action), url: d.order_url },
      footnotes: eventFootnotes(locale, d.event),
    },
    d.sender,
  );
}
