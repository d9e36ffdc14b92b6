import type { Locale } from '@admitone/shared';

import { translate } from '../../i18n/i18n.js';
import { layout, type RenderedMail } from './layout.js';

const M = {
  subject: /*i18n*/ { id: 'mail.email_confirmation.subject', message: 'Confirm your e-mail address' },
  greeting: /*i18n*/ { id: 'mail.greeting', message: 'Hello {name},' },
  body: /*i18n*/ {
    id: 'mail.email_confirmation.body',
    message:
      'Please confirm that this is your e-mail address. You need a confirmed address to publish events and to message attendees.',
  },
  action: /*i18n*/ { id: 'mail.email_confirmation.action', message: 'Confirm my e-mail address' },
  expiry: /*i18n*/ { id: 'mail.email_confirmation.expiry', message: 'The link is valid for {days} days.' },
};

export interface EmailConfirmationData {
  name: string;
  url: string;
  days: number;
}

/** Asks a new user to confirm their address. */
export function emailConfirmationMail(locale: Locale, d: EmailConfirmationData): RenderedMail {
  return layout(locale, translate(locale, M.subject), {
    paragraphs: [translate(locale, M.greeting, { name: d.name }), translate(locale, M.body)],
    action: { label: translate(locale, M.action), url: d.url },
    footnotes: [translate(locale, M.expiry, { days: d.days })],
  });
}
