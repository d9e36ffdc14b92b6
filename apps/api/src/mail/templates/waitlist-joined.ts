import { greetingName, type Locale } from '@admitone/shared';

import { translate } from '../../i18n/i18n.js';
import { layout, type RenderedMail } from './layout.js';
import { type MailDateTimes, whenLine } from './order-mail-parts.js';

const M = {
  joinedSubject: /*i18n*/ { id: 'mail.waitlist.joined_subject', message: "You're on the waitlist for {event}" },
  greeting: /*i18n*/ { id: 'mail.waitlist.greeting', message: 'Hello {name},' },
  joinedBody: /*i18n*/ {
    id: 'mail.waitlist.joined_body',
    message:
      'You\'re on the waitlist for {count, plural, one {# ticket} other {# tickets}} "{ticket}" for {event}. You are number {position} in line.',
  },
  joinedNext: /*i18n*/ {
    id: 'mail.waitlist.joined_next',
    message:
      'When tickets become available, we hold them for the next people in line and send you an e-mail with a link to buy them. You do not pay anything until then.',
  },
  joinedAction: /*i18n*/ { id: 'mail.waitlist.joined_action', message: 'See my place or leave the waitlist' },
};

/** The greeting of every waitlist mail: the given name, or the full name where the language greets so. */
export const greeting = (locale: Locale, d: Pick<WaitlistMailBase, 'first_name' | 'last_name'>) =>
  translate(locale, M.greeting, {
    name: greetingName({ first_name: d.first_name, last_name: d.last_name ?? null }, locale),
  });

/** What every waitlist mail names. */
export interface WaitlistMailBase {
  first_name: string;
  /** Absent in mails queued before names were greeted in their language's way. */
  last_name?: string;
  event_title: string;
  /** The ticket (and tier) as the buyer saw it. */
  ticket_name: string;
  quantity: number;
  /** The date waited for, when the event has several (absent in mails queued before waitlists were per date). */
  date?: MailDateTimes;
}

/** The line naming the date waited for, when the event has several. */
export const dateLines = (locale: Locale, d: WaitlistMailBase) => (d.date ? [whenLine(locale, d.date)] : []);

export interface WaitlistJoinedData extends WaitlistMailBase {
  position: number;
  /** The entry's page: place in line, leave. */
  entry_url: string;
}

/** The confirmation of a place on a waitlist, with the link to see it or leave. */
export function waitlistJoinedMail(locale: Locale, d: WaitlistJoinedData): RenderedMail {
  return layout(locale, translate(locale, M.joinedSubject, { event: d.event_title }), {
    paragraphs: [
      greeting(locale, d),
      translate(locale, M.joinedBody, {
        count: d.quantity,
        ticket: d.ticket_name,
        event: d.event_title,
        position: d.position,
      }),
      ...dateLines(locale, d),
      translate(locale, M.joinedNext),
    ],
    action: { label: translate(locale, M.joinedAction), url: d.entry_url },
  });
}
