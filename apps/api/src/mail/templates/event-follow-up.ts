import type { Locale } from '@admitone/shared';
import { greetingName } from '@admitone/shared';

import { translate } from '../../i18n/i18n.js';
import type { MailSender } from '../sender.js';
import { layout, type MailUnsubscribe, type RenderedMail } from './layout.js';
import { eventFootnotes, type OrderMailEvent, organizerNoteParagraphs, whenLine } from './order-mail-parts.js';

const M = {
  subject: /*i18n*/ { id: 'mail.follow_up.subject', message: 'Thank you for joining {event}' },
  greeting: /*i18n*/ { id: 'mail.greeting', message: 'Hello {name},' },
  body: /*i18n*/ {
    id: 'mail.follow_up.body',
    message: 'Thank you for being part of {event}. We hope you enjoyed it.',
  },
  action: /*i18n*/ { id: 'mail.follow_up.action', message: 'Tell us what you thought' },
};

export interface EventFollowUpData {
  name: { first_name: string | null; last_name: string | null };
  event: OrderMailEvent;
  message: string | null;
  /** The organizer's link (a survey); null: none. */
  link_url: string | null;
  unsubscribe: MailUnsubscribe;
  sender?: MailSender | null;
}

/** After a date, to those checked in (or every holder): the organizer's thanks and link. */
export function eventFollowUpMail(locale: Locale, d: EventFollowUpData): RenderedMail {
  return layout(
    locale,
    translate(locale, M.subject, { event: d.event.title }),
    {
      paragraphs: [
        translate(locale, M.greeting, { name: greetingName(d.name, locale) }),
        translate(locale, M.body, { event: d.event.title }),
        whenLine(locale, d.event),
        ...organizerNoteParagraphs(locale, d.message),
      ],
      ...(d.link_url ? { action: { label: translate(locale, M.action), url: d.link_url } } : {}),
      footnotes: eventFootnotes(locale, d.event),
      unsubscribe: d.unsubscribe,
    },
    d.sender,
  );
}
