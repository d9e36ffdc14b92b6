import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { isOrganizerAppPath, isSignInPath, isSignInScreen } from '@admitone/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';

const NO_INDEX = '<meta name="robots" content="noindex" />';

/** The page with a robots noindex tag in its head. */
function withNoIndex(html: string): string {
  if (html.includes('</head>')) return html.replace('</head>', () => `  ${NO_INDEX}\n  </head>`);
  return html.replace(/<html[^>]*>/i, (tag) => `${tag}<head>${NO_INDEX}</head>`);
}

/**
 * What a browser gets for an address no route answers (a GET or HEAD outside the API; app.ts decides that).
 * The buyer pages (`/event/...`, `/checkout/...`, ...) have routes of their own and their own 404s.
 * - A sign-in screen (the shared list `SIGN_IN_ROUTES`: /auth/login, /auth/reset-password/x, ...): the
 *   sign-in app's page, signin.html as built (200); any other address under /auth: the same page with
 *   404 and a robots noindex tag (it shows its 404 screen).
 * - A screen of the organizer app (the shared list `ORGANIZER_APP_ROUTES`: /manage/event/12/settings,
 *   ...): its page, index.html as built (200; its router shows the screen).
 * - Anything else (/manage/nope, /wp-login.php): the organizer app's page with 404 and noindex; its
 *   router shows its 404 screen. Search engines see a real 404, not a soft 200.
 * Null when there is no index.html (the JSON 404 answers then).
 */
export function pageFallback(webDistDir: string) {
  const indexPath = path.join(webDistDir, 'index.html');
  if (!existsSync(indexPath)) return null;
  // Read once, like the file list @fastify/static serves: a new build is served after a restart.
  const missingPage = withNoIndex(readFileSync(indexPath, 'utf8'));
  const signInPath = path.join(webDistDir, 'signin.html');
  const missingSignIn = existsSync(signInPath) ? withNoIndex(readFileSync(signInPath, 'utf8')) : null;
  const notFound = (reply: FastifyReply, page: string) =>
    reply.status(404).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').send(page);

  return async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0]!;
    if (missingSignIn && isSignInPath(pathname)) {
      return isSignInScreen(pathname)
        ? reply.header('cache-control', 'no-cache').sendFile('signin.html')
        : notFound(reply, missingSignIn);
    }
    if (isOrganizerAppPath(pathname)) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return notFound(reply, missingPage);
  };
}
