import type { Locale } from '@admitone/shared';

import { translate } from '../../i18n/i18n.js';
import { escapeHtml, layout, type MailContent, type RenderedMail } from './layout.js';

const M = {
  greeting: /*i18n*/ { id: 'mail.greeting', message: 'Hello {name},' },
  passwordSubject: /*i18n*/ {
    id: 'mail.login_changed.password_subject',
    message: 'Your AdmitOne password was changed',
  },
  passwordBody: /*i18n*/ {
    id: 'mail.login_changed.password_body',
    message:
      'The password of your AdmitOne login {email} was changed on {when} (UTC). Every other session was signed out.',
  },
  emailSubject: /*i18n*/ {
    id: 'mail.login_changed.email_subject',
    message: 'Your AdmitOne login now uses another e-mail address',
  },
  emailBody: /*i18n*/ {
    id: 'mail.login_changed.email_body',
    message:
      'On {when} (UTC) the e-mail address of your AdmitOne login was changed from {old} to {new}. From now on, sign in with the new address; mail about your login goes there.',
  },
  notYou: /*i18n*/ {
    id: 'mail.login_changed.not_you',
    message:
      'If this was you, there is nothing to do. If it was not, someone else knows your password: reset it now with the link below, and tell the other admins of your account.',
  },
  action: /*i18n*/ { id: 'mail.login_changed.action', message: 'Reset my password' },
  keysStillWork: /*i18n*/ {
    id: 'mail.login_changed.keys_still_work',
    message:
      'These API keys you made still work. If you do not recognise one, revoke it at once on the API keys page of its account:',
  },
  keyLine: /*i18n*/ { id: 'mail.login_changed.key_line', message: '{name} ({prefix}…, {account}), made on {created}' },
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
  /** Password change: the API keys the person made that still work (a key outlives the password). */
  api_keys?: { name: string; prefix: string; account: string; created_at: string }[];
}

const whenOf = (locale: Locale, iso: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(iso));

/** A notice to the login's (previous) address after its password or e-mail address changed. */
export function loginChangedMail(locale: Locale, d: LoginChangedData): RenderedMail {
  const when = whenOf(locale, d.at);
  const subject = translate(locale, d.change === 'password' ? M.passwordSubject : M.emailSubject);
  const body =
    d.change === 'password'
      ? translate(locale, M.passwordBody, { email: d.old, when })
      : translate(locale, M.emailBody, { old: d.old, new: d.new ?? '', when });
  const paragraphs: MailContent[] = [translate(locale, M.greeting, { name: d.name }), body];
  if (d.change === 'password' && d.api_keys?.length) {
    const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
    const lines = d.api_keys.map((k) =>
      translate(locale, M.keyLine, {
        name: k.name,
        prefix: k.prefix,
        account: k.account,
        created: day.format(new Date(k.created_at)),
      }),
    );
    paragraphs.push(translate(locale, M.keysStillWork), {
      html: `<ul style="margin:0 0 16px;padding-left:20px;font-size:16px;line-height:24px;color:#1f1b2d">${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`,
      text: lines.map((l) => `- ${l}`).join('\n'),
    });
  }
  paragraphs.push(translate(locale, M.notYou));
  return layout(locale, subject, {
    paragraphs,
    action: { label: translate(locale, M.action), url: d.url },
  });
}
