import type { Locale } from '@admitone/shared';
import { greetingName } from '@admitone/shared';

import { translate } from '../../i18n/i18n.js';
import { ticketLabel } from '../../modules/order-documents/format.js';
import type { MailSender } from '../sender.js';
import { layout, type MailUnsubscribe, type RenderedMail } from './layout.js';
import { eventFootnotes, eventLines, type OrderMailEvent, organizerNoteParagraphs } from './order-mail-parts.js';

const M = {
  subject: /*i18n*/ { id: 'mail.checkout_recovery.subject', message: 'Your tickets for {event} are waiting' },
  greeting: /*i18n*/ { id: 'mail.greeting', message: 'Hello {name},' },
  body: /*i18n*/ {
    id: 'mail.checkout_recovery.body',
    message:
      'You chose tickets for {event} but did not finish your order. The link below takes you back to a checkout with the same choices, as long as they are still available: nothing is held for you in the meantime.',
  },
  line: /*i18n*/ { id: 'mail.order.line', message: '{quantity} × {ticket}' },
  why: /*i18n*/ {
    id: 'mail.checkout_recovery.why',
    message: 'You get this mail once, because you agreed to it at checkout.',
  },
  action: /*i18n*/ { id: 'mail.checkout_recovery.action', message: 'Finish your order' },
};

export interface CheckoutRecoveryData {
  name: { first_name: string | null; last_name: string | null };
  event: OrderMailEvent;
  lines: Array<{ ticket_name: string; tier_label: string | null; quantity: number }>;
  message: string | null;
  recover_url: string;
  unsubscribe: MailUnsubscribe;
  sender?: MailSender | null;
}

/** To a buyer who agreed to it and left the checkout: once, with a link back to the same choices. */
export function checkoutRecoveryMail(locale: Locale, d: CheckoutRecoveryData): RenderedMail {
  return layout(
    locale,
    translate(locale, M.subject, { event: d.event.title }),
    {
      paragraphs: [
        translate(locale, M.greeting, { name: greetingName(d.name, locale) }),
        translate(locale, M.body, { event: d.event.title }),
        ...eventLines(locale, d.event),
        ...d.lines.map((l) => translate(locale, M.line, { quantity: l.quantity, ticket: ticketLabel(l) })),
        ...organizerNoteParagraphs(locale, d.message),
      ],
      action: { label: translate(locale, M.action), url: d.recover_url },
      footnotes: [translate(locale, M.why), ...eventFootnotes(locale, d.event)],
      unsubscribe: d.unsubscribe,
    },
    d.sender,
  );
}
