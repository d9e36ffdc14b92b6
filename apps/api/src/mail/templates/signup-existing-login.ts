import type { Locale } from '@admitone/shared';

import { translate } from '../../i18n/i18n.js';
import { escapeHtml, layout, type RawHtml, type RenderedMail } from './layout.js';

const M = {
  subject: /*i18n*/ { id: 'mail.signup_existing_login.subject', message: 'You already have an AdmitOne login' },
  greeting: /*i18n*/ { id: 'mail.greeting', message: 'Hello {name},' },
  body: /*i18n*/ {
    id: 'mail.signup_existing_login.body',
    message:
      'Someone, probably you, tried to sign up for AdmitOne with {email}. You already have a login with this address, so nothing was created and nothing changed.',
  },
  action: /*i18n*/ { id: 'mail.signup_existing_login.action', message: 'Log in' },
  forgot: /*i18n*/ { id: 'mail.signup_existing_login.forgot', message: 'Forgot your password?' },
  reset: /*i18n*/ { id: 'mail.signup_existing_login.reset', message: 'Choose a new one' },
  ignore: /*i18n*/ {
    id: 'mail.signup_existing_login.ignore',
    message: 'If it was not you, you can ignore this e-mail: your login stays as it is.',
  },
};

export interface SignupExistingLoginData {
  /** The registered user's own name (never the name typed in the sign-up). */
  name: string;
  email: string;
  login_url: string;
  reset_url: string;
}

/** A line of small print with a link after it. */
function linkNote(text: string, label: string, url: string): RawHtml {
  return {
    html: `<p style="margin:0 0 12px;font-size:13px;line-height:20px;color:#5b5570">${escapeHtml(text)} <a href="${escapeHtml(url)}" style="color:#6d28d9">${escapeHtml(label)}</a></p>`,
    text: `${text} ${label}: ${url}`,
  };
}

/** Sent instead of a sign-up link when the address already has a login: sign in, or reset the password. */
export function signupExistingLoginMail(locale: Locale, d: SignupExistingLoginData): RenderedMail {
  return layout(locale, translate(locale, M.subject), {
    paragraphs: [translate(locale, M.greeting, { name: d.name }), translate(locale, M.body, { email: d.email })],
    action: { label: translate(locale, M.action), url: d.login_url },
    footnotes: [
      linkNote(translate(locale, M.forgot), translate(locale, M.reset), d.reset_url),
      translate(locale, M.ignore),
    ],
  });
}
