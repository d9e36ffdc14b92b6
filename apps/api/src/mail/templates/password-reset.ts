import type { Locale } from '@admitone/shared';

import { translate } from '../../i18n/i18n.js';
import { layout, type RenderedMail } from './layout.js';

const M = {
  subject: /*i18n*/ { id: 'mail.password_reset.subject', message: 'Reset your AdmitOne password' },
  greeting: /*i18n*/ { id: 'mail.greeting', message: 'Hello {name},' },
  body: /*i18n*/ {
    id: 'mail.password_reset.body',
    message:
      'We received a request to reset the password of your AdmitOne account. The link below is valid for {minutes} minutes and can be used once.',
  },
  action: /*i18n*/ { id: 'mail.password_reset.action', message: 'Choose a new password' },
  ignore: /*i18n*/ {
    id: 'mail.password_reset.ignore',
    message: 'If you did not ask for this, you can ignore this e-mail: your password stays as it is.',
  },
};

export interface PasswordResetData {
  name: string;
  url: string;
  minutes: number;
}

/** The password reset e-mail. */
export function passwordResetMail(locale: Locale, data: PasswordResetData): RenderedMail {
  return layout(locale, translate(locale, M.subject), {
    paragraphs: [
      translate(locale, M.greeting, { name: data.name }),
      translate(locale, M.body, { minutes: data.minutes }),
    ],
    action: { label: translate(locale, M.action), url: data.url },
    footnotes: [translate(locale, M.ignore)],
  });
}
