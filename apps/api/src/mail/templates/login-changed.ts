import type { Locale } from '@admitone/shared';
import { translate } from '../../i18n/i18n.js';
import { layout, type RenderedMail } from './layout.js';

const M = {
  greeting: /*i18n*/ { id: 'mail.greeting', message: 'Hello {name},' },
  passwordSubject: /*i18n*/ { id: 'mail.login_changed.password_subject', message: 'Your AdmitOne password was changed' },
  passwordBody: /*i18n*/ {
    id: 'mail.login_changed.password_body',
    message: 'The password of your AdmitOne login {email} was changed on {when} (UTC). Every other session was signed out.',
  },
  emailSubject: /*i18n*/ { id: 'mail.login_changed.email_subject', message: 'Your AdmitOne login now uses another e-mail address' },
  emailBody: /*i18n*/ {
    id: 'mail.login_changed.email_body',
    message: 'On {when} (UTC) the e-mail address of your AdmitOne login was changed from {old} to {new}. From now on, sign in with the new address; mail about your login goes there.',
  },
  notYou: /*i18n*/ {
    id: 'mail.login_changed.not_you',
    message: 'If this was you, there is nothing to do. If it was not, someone else knows your password: reset it now with the link below, and tell the other admins of your account.',
  },
  action: /*i18n*/ { id: 'mail.login_changed.action', message: 'Reset my password' },
};

export interface LoginChangedData {
  change: 'password' | 'email';
  name: string;
  /** The login's address before the change (for an e-mail change, this mail goes there). */
  old: string;
  /** The new address (e-mail change only). */
  new?: string;
  /** When, as an ISO instant. */
  at: string;
  /** Where to ask for a reset link. */
  url: string;
}

const whenOf = (locale: Locale, iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(iso));

/** A notice to the login's (previous) address after its password or e-mail address changed. */
export function loginChangedMail(locale: Locale, d: LoginChangedData): RenderedMail {
  const when = whenOf(locale, d.at);
  const subject = translate(locale, d.change === 'password' ? M.passwordSubject : M.emailSubject);
  const body = d.change === 'password' ? translate(locale, M.passwordBody, { email: d.old, when }) : translate(locale, M.emailBody, { old: d.old, new: d.new ?? '', when });
  return layout(locale, subject, {
    paragraphs: [translate(locale, M.greeting, { name: d.name }), body, translate(locale, M.notYou)],
    action: { label: translate(locale, M.action), url: d.url },
  });
}
