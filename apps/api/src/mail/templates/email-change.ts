import type { Locale } from '@admitone/shared';

import { translate } from '../../i18n/i18n.js';
import { layout, type RenderedMail } from './layout.js';

const M = {
  subject: /*i18n*/ { id: 'mail.email_change.subject', message: 'Confirm your new e-mail address' },
  greeting: /*i18n*/ { id: 'mail.greeting', message: 'Hello {name},' },
  body: /*i18n*/ {
    id: 'mail.email_change.body',
    message:
      'You asked to change the e-mail address of your AdmitOne login from {old} to {new}. The change takes effect when you open the link below.',
  },
  action: /*i18n*/ { id: 'mail.email_change.action', message: 'Confirm the new address' },
  expiry: /*i18n*/ {
    id: 'mail.email_change.expiry',
    message: 'The link is valid for {hours} hours. If you did not ask for this, ignore this e-mail: nothing changes.',
  },
};

export interface EmailChangeData {
  name: string;
  old: string;
  new: string;
  url: string;
  hours: number;
}

/** Sent to the new address of a pending e-mail change. */
export function emailChangeMail(locale: Locale, d: EmailChangeData): RenderedMail {
  return layout(locale, translate(locale, M.subject), {
    paragraphs: [
      translate(locale, M.greeting, { name: d.name }),
      translate(locale, M.body, { old: d.old, new: d.new }),
    ],
    action: { label: translate(locale, M.action), url: d.url },
    footnotes: [translate(locale, M.expiry, { hours: d.hours })],
  });
}

const TAKEN = {
  subject: /*i18n*/ {
    id: 'mail.email_change_taken.subject',
    message: 'Someone tried to use your e-mail address for another login',
  },
  body: /*i18n*/ {
    id: 'mail.email_change_taken.body',
    message:
      'Someone asked to move another AdmitOne login to this address. It already belongs to your login, so nothing changed. If it was you, sign in with this address instead; otherwise ignore this e-mail.',
  },
  action: /*i18n*/ { id: 'mail.email_change_taken.action', message: 'Sign in' },
};

export interface EmailChangeTakenData {
  url: string;
}

/**
 * Sent to an address that already has a login when someone asks to move another login to it (no name: it would tell who
 * asked).
 */
export function emailChangeTakenMail(locale: Locale, d: EmailChangeTakenData): RenderedMail {
  return layout(locale, translate(locale, TAKEN.subject), {
    paragraphs: [translate(locale, TAKEN.body)],
    action: { label: translate(locale, TAKEN.action), url: d.url },
  });
}
