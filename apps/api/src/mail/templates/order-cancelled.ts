import type { Locale } from '@admitone/shared';
import { formatEventDate } from '@admitone/shared';

import { translate } from '../../i18n/i18n.js';
import { invoiceAttachments, type MailInvoice } from '../../modules/invoices/invoice-mail.js';
import { formatTicketDate } from '../../modules/order-documents/format.js';
import type { MailSender } from '../sender.js';
import { layout, type RenderedMail } from './layout.js';
import { dateCancelledParagraphs, eventFootnotes, type OrderMailEvent } from './order-mail-parts.js';

const M = {
  subject: /*i18n*/ {
    id: 'mail.order_cancelled.subject',
    message: 'Your order {order_number} for {event} was cancelled',
  },
  greeting: /*i18n*/ { id: 'mail.greeting', message: 'Hello {name},' },
  body: /*i18n*/ {
    id: 'mail.order_cancelled.body',
    message: 'Your order {order_number} for {event} ({date}) was cancelled. Its tickets are no longer valid.',
  },
  unpaid: /*i18n*/ {
    id: 'mail.order_cancelled.unpaid',
    message:
      'The payment did not arrive by the deadline ({deadline}), so the order was cancelled automatically and its tickets were released. If you have paid in the meantime, please contact the organizer.',
  },
  action: /*i18n*/ { id: 'mail.order.view_order', message: 'View your order' },
};

export interface OrderCancelledData {
  /** The buyer's first name. */
  buyer_name: string;
  order_number: string;
  event: OrderMailEvent;
  /** The order summary page; null to leave the button out. */
  order_url: string | null;
  /** The organizer as the mail's sender (From name, Reply-To, logo); absent in rows written before there was one. */
  sender?: MailSender | null;
  /** Set when the order was cancelled because its offline payment was not made by this deadline (ISO). */
  unpaid_by?: string | null;
  /** Set when the organizer cancelled the order's date, with their words to the buyers (null: none). */
  date_cancelled?: { note: string | null } | null;
  /** Invoices and cancellation invoices this change issued, attached as PDFs (absent: none). */
  invoices?: MailInvoice[];
}

/** To the buyer: the order was cancelled. */
export async function orderCancelledMail(locale: Locale, d: OrderCancelledData): Promise<RenderedMail> {
  const date = formatTicketDate({ ...d.event, end_date: null }, locale);
  const values = { order_number: d.order_number, event: d.event.title };
  const mail = layout(
    locale,
    translate(locale, M.subject, values),
    {
      paragraphs: [
        translate(locale, M.greeting, { name: d.buyer_name }),
        translate(locale, M.body, { ...values, date }),
        ...(d.unpaid_by
          ? [translate(locale, M.unpaid, { deadline: formatEventDate(d.unpaid_by, null, d.event.timezone, locale) })]
          : []),
        ...dateCancelledParagraphs(locale, d.event, d.date_cancelled),
      ],
      ...(d.order_url ? { action: { label: translate(locale, M.action), url: d.order_url } } : {}),
      footnotes: eventFootnotes(locale, d.event),
    },
    d.sender,
  );
  const invoices = await invoiceAttachments(locale, d.invoices);
  if (invoices.length) mail.attachments = [...(mail.attachments ?? []), ...invoices];
  return mail;
}
