import type { Locale } from '@admitone/shared';

import { translate } from '../../i18n/i18n.js';
import type { MailSender } from '../sender.js';
import { layout, type RenderedMail } from './layout.js';
import { eventFootnotes, richText } from './order-mail-parts.js';

const M = {
  intro: /*i18n*/ { id: 'mail.event_message.intro', message: 'A message from {organizer} about {event}:' },
  test: /*i18n*/ { id: 'mail.event_message.test', message: 'This is a test: only you received this message.' },
  testSubject: /*i18n*/ { id: 'mail.event_message.test_subject', message: '[Test] {subject}' },
};

export interface EventMessageData {
  /** The organizer's own subject line. */
  subject: string;
  /** Sanitised HTML written by the organizer. */
  body: string;
  event_title: string;
  organizer_name: string;
  /** Answers go here (the event's support address), when set. */
  support_email: string | null;
  /** Sanitised HTML: the event's footer message for e-mails. */
  footer_message: string | null;
  is_test: boolean;
  /** The organizer as the mail's sender (From name, Reply-To, logo); absent in rows written before there was one. */
  sender?: MailSender | null;
}

/** An organizer's message to attendees or buyers (SPEC §3 Message), in the reader's language. */
export function eventMessageMail(locale: Locale, d: EventMessageData): RenderedMail {
  const subject = d.is_test ? translate(locale, M.testSubject, { subject: d.subject }) : d.subject;
  const mail = layout(
    locale,
    subject,
    {
      paragraphs: [
        ...(d.is_test ? [translate(locale, M.test)] : []),
        translate(locale, M.intro, { organizer: d.organizer_name, event: d.event_title }),
        richText(d.body),
      ],
      footnotes: eventFootnotes(locale, d),
    },
    d.sender,
  );
  // A row written before messages carried their sender: answers to the support address, as then.
  return !d.sender && d.support_email ? { ...mail, replyTo: d.support_email } : mail;
}
