import type { Locale } from '@admitone/shared';

import { translate } from '../../i18n/i18n.js';
import { layout, type RenderedMail } from './layout.js';

const M = {
  greeting: /*i18n*/ { id: 'mail.greeting', message: 'Hello {name},' },
  subject: /*i18n*/ { id: 'mail.webhook_disabled.subject', message: 'A webhook of {account} was turned off' },
  body: /*i18n*/ {
    id: 'mail.webhook_disabled.body',
    message:
      'The webhook to {url} failed {failures} times in a row since {since} (UTC), so AdmitOne turned it off. The last attempt: {last}.',
  },
  next: /*i18n*/ {
    id: 'mail.webhook_disabled.next',
    message:
      'Events are not sent to it while it is off. Check that the address answers with a 2xx status, then turn the webhook on again: its delivery log shows every attempt, and you can send each failed event again.',
  },
  action: /*i18n*/ { id: 'mail.webhook_disabled.action', message: 'Open webhooks' },
};

export interface WebhookDisabledData {
  name: string;
  account: string;
  url: string;
  failures: number;
  /** When the failures began, as an ISO instant. */
  since: string;
  /** The last attempt's status or error. */
  last: string;
  /** The account's Webhooks screen. */
  link: string;
}

/** To each admin of an account when one of its webhooks was turned off after failing for long. */
export function webhookDisabledMail(locale: Locale, d: WebhookDisabledData): RenderedMail {
  const since = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(
    new Date(d.since),
  );
  return layout(locale, translate(locale, M.subject, { account: d.account }), {
    paragraphs: [
      translate(locale, M.greeting, { name: d.name }),
      translate(locale, M.body, { url: d.url, failures: d.failures, since, last: d.last }),
      translate(locale, M.next),
    ],
    action: { label: translate(locale, M.action), url: d.link },
  });
}
