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
  twoFactorOnSubject: /*i18n*/ {
    id: 'mail.login_changed.two_factor_on_subject',
    message: 'Two-factor sign-in is now on for your AdmitOne login',
  },
  twoFactorOnBody: /*i18n*/ {
    id: 'mail.login_changed.two_factor_on_body',
    message:
      'On {when} (UTC) an authenticator app was set up for your AdmitOne login {email}. From now on, signing in asks for its code after your password. Keep your recovery codes somewhere safe.',
  },
  twoFactorOffSubject: /*i18n*/ {
    id: 'mail.login_changed.two_factor_off_subject',
    message: 'Two-factor sign-in was turned off for your AdmitOne login',
  },
  twoFactorOffBody: /*i18n*/ {
    id: 'mail.login_changed.two_factor_off_body',
    message:
      'On {when} (UTC) two-factor sign-in was turned off for your AdmitOne login {email}. Signing in now needs only your password.',
  },
  recoveryCodesSubject: /*i18n*/ {
    id: 'mail.login_changed.recovery_codes_subject',
    message: 'New recovery codes for your AdmitOne login',
  },
  recoveryCodesBody: /*i18n*/ {
    id: 'mail.login_changed.recovery_codes_body',
    message:
      'On {when} (UTC) new recovery codes were made for your AdmitOne login {email}. The old ones no longer work.',
  },
  recoveryCodeUsedSubject: /*i18n*/ {
    id: 'mail.login_changed.recovery_code_used_subject',
    message: 'A recovery code was used to sign in to AdmitOne',
  },
  recoveryCodeUsedBody: /*i18n*/ {
    id: 'mail.login_changed.recovery_code_used_body',
    message:
      'On {when} (UTC) someone signed in to your AdmitOne login {email} with a recovery code. {left, plural, =0 {You have no recovery codes left: make new ones in your profile.} one {You have # recovery code left.} other {You have # recovery codes left.}}',
  },
  twoFactorResetSubject: /*i18n*/ {
    id: 'mail.login_changed.two_factor_reset_subject',
    message: 'Your two-factor sign-in was reset',
  },
  twoFactorResetBody: /*i18n*/ {
    id: 'mail.login_changed.two_factor_reset_body',
    message:
      'On {when} (UTC) {by}, an admin of {account}, reset the two-factor sign-in of your AdmitOne login {email}. You were signed out everywhere; sign in with your password and set up an authenticator app again.',
  },
  passkeyAddedSubject: /*i18n*/ {
    id: 'mail.login_changed.passkey_added_subject',
    message: 'A passkey was added to your AdmitOne login',
  },
  passkeyAddedBody: /*i18n*/ {
    id: 'mail.login_changed.passkey_added_body',
    message:
      'On {when} (UTC) the passkey "{passkey}" was added to your AdmitOne login {email}. It signs you in on its own, or as the second step after your password.',
  },
  passkeyRemovedSubject: /*i18n*/ {
    id: 'mail.login_changed.passkey_removed_subject',
    message: 'A passkey was removed from your AdmitOne login',
  },
  passkeyRemovedBody: /*i18n*/ {
    id: 'mail.login_changed.passkey_removed_body',
    message:
      'On {when} (UTC) the passkey "{passkey}" was removed from your AdmitOne login {email}. It no longer signs you in.',
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

/** What changed: the password, the address, or the second factor (on, off, new recovery codes, one used, reset). */
export type LoginChange =
  | 'password'
  | 'email'
  | 'two_factor_on'
  | 'two_factor_off'
  | 'recovery_codes'
  | 'recovery_code_used'
  | 'two_factor_reset'
  | 'passkey_added'
  | 'passkey_removed';

export interface LoginChangedData {
  change: LoginChange;
  name: string;
  /** The login's address before the change (for an e-mail change, this mail goes there). */
  old: string;
  /** The new address (e-mail change only). */
  new?: string;
  /** When, as an ISO instant. */
  at: string;
  /** Where to ask for a reset link. */
  url: string;
  /** Recovery code used: how many are left. */
  left?: number;
  /** Two-factor reset: the admin who did it, and in which account. */
  by?: string;
  account?: string;
  /** Passkey added or removed: its name. */
  passkey?: string;
  /** Password change: the API keys the person made that still work (a key outlives the password). */
  api_keys?: { name: string; prefix: string; account: string; created_at: string }[];
}

const TEXTS: Record<LoginChange, [typeof M.passwordSubject, typeof M.passwordBody]> = {
  password: [M.passwordSubject, M.passwordBody],
  email: [M.emailSubject, M.emailBody],
  two_factor_on: [M.twoFactorOnSubject, M.twoFactorOnBody],
  two_factor_off: [M.twoFactorOffSubject, M.twoFactorOffBody],
  recovery_codes: [M.recoveryCodesSubject, M.recoveryCodesBody],
  recovery_code_used: [M.recoveryCodeUsedSubject, M.recoveryCodeUsedBody],
  two_factor_reset: [M.twoFactorResetSubject, M.twoFactorResetBody],
  passkey_added: [M.passkeyAddedSubject, M.passkeyAddedBody],
  passkey_removed: [M.passkeyRemovedSubject, M.passkeyRemovedBody],
};

const whenOf = (locale: Locale, iso: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(iso));

/** A notice to the login's (previous) address after its password, e-mail address or second factor changed. */
export function loginChangedMail(locale: Locale, d: LoginChangedData): RenderedMail {
  const when = whenOf(locale, d.at);
  const values = {
    email: d.old,
    old: d.old,
    new: d.new ?? '',
    when,
    left: d.left ?? 0,
    by: d.by ?? '',
    account: d.account ?? '',
    passkey: d.passkey ?? '',
  };
  const [subjectOf, bodyOf] = TEXTS[d.change];
  const subject = translate(locale, subjectOf);
  const body = translate(locale, bodyOf, values);
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
