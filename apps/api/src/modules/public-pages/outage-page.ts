import type { Locale } from '@admitone/shared';
import type { MessageDescriptor } from '@lingui/core';

import { translate } from '../../i18n/i18n.js';
import { ERROR_MESSAGES } from '../../i18n/messages.js';
import { escapeHtml } from './page-head.js';

/** Seconds between the outage page's own reloads (it comes back by itself once the database does). */
export const OUTAGE_RELOAD_SECONDS = 10;

const MESSAGES = {
  title: /*i18n*/ { id: 'page.unavailable.title', message: 'Back in a moment' },
  reloads: /*i18n*/ {
    id: 'page.unavailable.reloads',
    message: 'This page tries again by itself every {seconds} seconds.',
  },
  retry: /*i18n*/ { id: 'page.unavailable.retry', message: 'Try again now' },
} satisfies Record<string, MessageDescriptor>;

/**
 * The page a buyer gets for an event page while the database cannot be reached and no rendered copy
 * of it is kept: a short note in their language, readable without any script or database, that
 * reloads itself. Served with 503 and Retry-After, never cached, not indexed.
 */
export function outagePage(locale: Locale): string {
  const t = (d: MessageDescriptor, values?: Record<string, unknown>) => escapeHtml(translate(locale, d, values));
  return `<!doctype html>
<html lang="${locale}">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <meta http-equiv="refresh" content="${OUTAGE_RELOAD_SECONDS}" />
    <title>${t(MESSAGES.title)}</title>
    <style>
      body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f8f5ff; color: #1f1530;
        font-family: 'Varela Round', system-ui, -apple-system, 'Segoe UI', sans-serif; }
      main { max-width: 28rem; margin: 1.5rem; padding: 2rem; background: #fff; border-radius: 16px; box-shadow: 0 4px 24px rgb(76 29 149 / 0.08); text-align: center; }
      h1 { font-size: 1.5rem; margin: 0 0 0.75rem; color: #5b21b6; }
      p { line-height: 1.5; margin: 0 0 1rem; }
      .hint { color: #5c5470; font-size: 0.9rem; }
      a { display: inline-block; padding: 0.6rem 1.2rem; border-radius: 999px; background: #6d28d9; color: #fff; text-decoration: none; }
      a:focus-visible { outline: 3px solid #a78bfa; outline-offset: 2px; }
    </style>
  </head>
  <body>
    <main>
      <h1>${t(MESSAGES.title)}</h1>
      <p>${t(ERROR_MESSAGES.DATABASE_UNAVAILABLE)}</p>
      <p class="hint">${t(MESSAGES.reloads, { seconds: OUTAGE_RELOAD_SECONDS })}</p>
      <a href="">${t(MESSAGES.retry)}</a>
    </main>
  </body>
</html>
`;
}
