import type { Locale, OrderTotals } from '@admitone/shared';
import { formatEventDate } from '@admitone/shared';

import { translate } from '../../i18n/i18n.js';
import { invoiceAttachments, type MailInvoice } from '../../modules/invoices/invoice-mail.js';
import type { MailSender } from '../sender.js';
import { ticketTextParagraphs } from './automation-parts.js';
import { layout, type MailContent, type RenderedMail } from './layout.js';
import {
  eventFootnotes,
  eventLines,
  heading,
  type OrderMailEvent,
  type OrderMailLine,
  orderTable,
  richText,
} from './order-mail-parts.js';
import { type OrderTicketsData, orderTicketsSection } from './order-tickets.js';

const M = {
  subject: /*i18n*/ { id: 'mail.order_confirmation.subject', message: 'Your order {order_number} for {event}' },
  subjectAwaiting: /*i18n*/ {
    id: 'mail.order_confirmation.subject_awaiting',
    message: 'Your order {order_number} for {event}: payment pending',
  },
  greeting: /*i18n*/ { id: 'mail.greeting', message: 'Hello {name},' },
  completed: /*i18n*/ {
    id: 'mail.order_confirmation.completed',
    message: 'Thank you for your order! Your order {order_number} for {event} is confirmed.',
  },
  awaiting: /*i18n*/ {
    id: 'mail.order_confirmation.awaiting',
    message:
      'Thank you for your order! Your order {order_number} for {event} is reserved and awaits your payment. The tickets are sent as soon as the organizer has received it.',
  },
  howToPay: /*i18n*/ { id: 'mail.order_confirmation.how_to_pay', message: 'How to pay' },
  reference: /*i18n*/ {
    id: 'mail.order_confirmation.reference',
    message: 'Please use your order number {order_number} as the payment reference.',
  },
  deadline: /*i18n*/ {
    id: 'mail.order_confirmation.deadline',
    message: 'Please pay by {deadline}. An order not paid by then is cancelled and its tickets are released.',
  },
  summary: /*i18n*/ { id: 'mail.order_confirmation.summary', message: 'Order summary' },
  action: /*i18n*/ { id: 'mail.order.view_order', message: 'View your order' },
};

export interface OrderConfirmationData {
  /** The organizer's text of each ticket type in the order (what to bring, where to enter); absent: none. */
  ticket_texts?: Array<{ ticket_name: string; text: string }>;
  /** The buyer's first name. */
  buyer_name: string;
  order_number: string;
  status: 'COMPLETED' | 'AWAITING_PAYMENT';
  currency: string;
  event: OrderMailEvent;
  lines: OrderMailLine[];
  /** Minor units. */
  totals: OrderTotals;
  promo_code: string | null;
  /** Sanitised HTML: how to pay offline (AWAITING_PAYMENT). */
  offline_payment_instructions: string | null;
  /** AWAITING_PAYMENT: the payment deadline (ISO), after which the order is cancelled; null: none. */
  payment_due_at?: string | null;
  /** The order summary page. */
  order_url: string;
  /** The organizer as the mail's sender (From name, Reply-To, logo); absent in rows written before there was one. */
  sender?: MailSender | null;
  /**
   * A completed order's tickets, all of them, for the buyer (absent in rows written before, and while awaiting
   * payment).
   */
  order_tickets?: OrderTicketsData | null;
  /** Invoices and cancellation invoices this change issued, attached as PDFs (absent: none). */
  invoices?: MailInvoice[];
}

/** To the buyer once an order is completed, or placed with an offline payment to make. */
export async function orderConfirmationMail(locale: Locale, d: OrderConfirmationData): Promise<RenderedMail> {
  const values = { order_number: d.order_number, event: d.event.title };
  const awaiting = d.status === 'AWAITING_PAYMENT';
  const paragraphs: MailContent[] = [translate(locale, M.greeting, { name: d.buyer_name })];
  if (awaiting) {
    paragraphs.push(translate(locale, M.awaiting, values), heading(translate(locale, M.howToPay)));
    if (d.offline_payment_instructions) paragraphs.push(richText(d.offline_payment_instructions));
    paragraphs.push(translate(locale, M.reference, values));
    if (d.payment_due_at)
      paragraphs.push(
        translate(locale, M.deadline, { deadline: formatEventDate(d.payment_due_at, null, d.event.timezone, locale) }),
      );
  } else {
    paragraphs.push(translate(locale, M.completed, values));
  }
  const tickets =
    !awaiting && d.order_tickets
      ? await orderTicketsSection(locale, d.order_tickets)
      : { paragraphs: [], attachments: [] };
  paragraphs.push(...tickets.paragraphs);
  paragraphs.push(
    heading(translate(locale, M.summary)),
    d.event.title,
    ...eventLines(locale, d.event),
    orderTable(locale, d.currency, d.lines, d.totals, d.promo_code),
    ...ticketTextParagraphs(locale, d.ticket_texts),
  );
  const mail = layout(
    locale,
    translate(locale, awaiting ? M.subjectAwaiting : M.subject, values),
    {
      paragraphs,
      action: { label: translate(locale, M.action), url: d.order_url },
      footnotes: eventFootnotes(locale, d.event),
    },
    d.sender,
  );
  const invoices = await invoiceAttachments(locale, d.invoices);
  if (tickets.attachments.length || invoices.length)
    mail.attachments = [...(mail.attachments ?? []), ...tickets.attachments, ...invoices];
  return mail;
}
