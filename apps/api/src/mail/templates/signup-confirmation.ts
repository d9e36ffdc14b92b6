import type { Locale } from '@admitone/shared';

import { translate } from '../../i18n/i18n.js';
import { layout, type RenderedMail } from './layout.js';

const M = {
  subject: /*i18n*/ {
    id: 'mail.signup_confirmation.subject',
    message: 'Confirm your e-mail address to finish signing up',
  },
  greeting: /*i18n*/ { id: 'mail.signup_confirmation.greeting', message: 'Hello,' },
  body: /*i18n*/ {
    id: 'mail.signup_confirmation.body',
    message:
      'Welcome to AdmitOne! To finish signing up, confirm that {email} is your e-mail address. Your login and your account are created when you open the link below.',
  },
  action: /*i18n*/ { id: 'mail.signup_confirmation.action', message: 'Confirm and log in' },
  expiry: /*i18n*/ {
    id: 'mail.signup_confirmation.expiry',
    message:
      'The link is valid for {hours} hours and can be used once. If you did not sign up, ignore this e-mail: nothing is created without the link.',
  },
};

export interface SignupConfirmationData {
  email: string;
  url: string;
  hours: number;
}

/**
 * The link that finishes a sign-up. It carries nothing the person typed but the address itself: the
 * name waits in the pending sign-up, so nobody can mail their own text to someone else's inbox.
 */
export function signupConfirmationMail(locale: Locale, d: SignupConfirmationData): RenderedMail {
  return layout(locale, translate(locale, M.subject), {
    paragraphs: [translate(locale, M.greeting), translate(locale, M.body, { email: d.email })],
    action: { label: translate(locale, M.action), url: d.url },
    footnotes: [translate(locale, M.expiry, { hours: d.hours })],
  });
}
