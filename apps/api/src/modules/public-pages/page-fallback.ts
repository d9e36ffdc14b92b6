import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isOrganizerAppPath } from '@admitone/shared';

const NO_INDEX = '<meta name="robots" content="noindex" />';

/** The page with a robots noindex tag in its head. */
function withNoIndex(html: string): string {
  if (html.includes('</head>')) return html.replace('</head>', () => `  ${NO_INDEX}\n  </head>`);
  return html.replace(/<html[^>]*>/i, (tag) => `${tag}<head>${NO_INDEX}</head>`);
}

/**
 * What a browser gets for an address no route answers (a GET or HEAD outside the API; app.ts decides that).
 * The buyer pages (`/event/...`, `/checkout/...`, ...) have routes of their own and their own 404s.
 * - A screen of the organizer app (the shared list `ORGANIZER_APP_ROUTES`: /auth/login,
 *   /manage/event/12/settings, ...): its page, index.html as built (200; its router shows the screen).
 * - Anything else (/manage/nope, /wp-login.php): the same page with 404 and a robots noindex tag; its
 *   router shows its 404 screen. Search engines see a real 404, not a soft 200.
 * Null when there is no index.html (the JSON 404 answers then).
 */
export function pageFallback(webDistDir: string) {
  const indexPath = path.join(webDistDir, 'index.html');
  if (!existsSync(indexPath)) return null;
  // Read once, like the file list @fastify/static serves: a new build is served after a restart.
  const missingPage = withNoIndex(readFileSync(indexPath, 'utf8'));

  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (isOrganizerAppPath(request.url.split('?')[0]!)) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return reply.status(404).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').send(missingPage);
  };
}
