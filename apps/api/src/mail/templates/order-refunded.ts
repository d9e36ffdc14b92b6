import type { Locale } from '@admitone/shared';
import { formatMoney } from '@admitone/shared';

import { translate } from '../../i18n/i18n.js';
import { invoiceAttachments, type MailInvoice } from '../../modules/invoices/invoice-mail.js';
import type { MailSender } from '../sender.js';
import { layout, type RenderedMail } from './layout.js';
import { dateCancelledParagraphs, eventFootnotes, type OrderMailEvent } from './order-mail-parts.js';

const M = {
  subject: /*i18n*/ { id: 'mail.order_refunded.subject', message: 'A refund for your order {order_number}' },
  greeting: /*i18n*/ { id: 'mail.greeting', message: 'Hello {name},' },
  body: /*i18n*/ {
    id: 'mail.order_refunded.body',
    message:
      'We have refunded {amount} of your order {order_number} for {event} to your card. Depending on your bank it can take a few days to appear.',
  },
  late: /*i18n*/ {
    id: 'mail.order_refunded.late',
    message:
      'Your payment for order {order_number} ({event}) arrived after your reservation had run out, and the tickets were no longer available. We have refunded the full {amount} to your card; depending on your bank it can take a few days to appear. We are sorry.',
  },
  late_subject: /*i18n*/ {
    id: 'mail.order_refunded.late_subject',
    message: 'Your payment for {order_number} has been refunded',
  },
  exchange_cheaper: /*i18n*/ {
    id: 'mail.order_refunded.exchange_cheaper',
    message:
      'Your order {order_number} for {event} has moved to a date that costs less. We have refunded the difference of {amount} to your card; depending on your bank it can take a few days to appear.',
  },
  exchange_full: /*i18n*/ {
    id: 'mail.order_refunded.exchange_full',
    message:
      'When your payment for the new date of order {order_number} ({event}) arrived, that date no longer had room for your tickets, so your order stays on its date. We have refunded the {amount} you paid to your card; depending on your bank it can take a few days to appear. We are sorry.',
  },
  cancelled: /*i18n*/ {
    id: 'mail.order_refunded.cancelled',
    message: 'The order has been cancelled: its tickets are no longer valid.',
  },
  action: /*i18n*/ { id: 'mail.order.view_order', message: 'View your order' },
};

export interface OrderRefundedData {
  /** The buyer's first name. */
  buyer_name: string;
  order_number: string;
  event: OrderMailEvent;
  currency: string;
  /** Minor units refunded now. */
  amount: number;
  /** The order was cancelled with the refund. */
  cancelled: boolean;
  /** The payment arrived after the hold ran out and the tickets were gone: refunded in full. */
  late?: boolean;
  /** The price difference of the buyer's move to another date: a cheaper date, or a dearer one that had filled up. */
  exchange?: 'cheaper' | 'date_full';
  /** Set when the organizer cancelled the order's date, with their words to the buyers (null: none). */
  date_cancelled?: { note: string | null } | null;
  order_url: string;
  /** The organizer as the mail's sender (From name, Reply-To, logo); absent in rows written before there was one. */
  sender?: MailSender | null;
  /** Invoices and cancellation invoices this change issued, attached as PDFs (absent: none). */
  invoices?: MailInvoice[];
}

/** To the buyer, once Stripe has accepted a refund. */
export async function orderRefundedMail(locale: Locale, d: OrderRefundedData): Promise<RenderedMail> {
  const amount = formatMoney(d.amount, d.currency, locale);
  const values = { amount, order_number: d.order_number, event: d.event.title };
  const mail = layout(
    locale,
    translate(locale, d.late ? M.late_subject : M.subject, { order_number: d.order_number }),
    {
      paragraphs: [
        translate(locale, M.greeting, { name: d.buyer_name }),
        ...(d.late
          ? [translate(locale, M.late, values)]
          : d.exchange
            ? [translate(locale, d.exchange === 'cheaper' ? M.exchange_cheaper : M.exchange_full, values)]
            : [translate(locale, M.body, values), ...(d.cancelled ? [translate(locale, M.cancelled)] : [])]),
        ...dateCancelledParagraphs(locale, d.event, d.date_cancelled),
      ],
      action: { label: translate(locale, M.action), url: d.order_url },
      footnotes: eventFootnotes(locale, d.event),
    },
    d.sender,
  );
  const invoices = await invoiceAttachments(locale, d.invoices);
  if (invoices.length) mail.attachments = [...(mail.attachments ?? []), ...invoices];
  return mail;
}
