import { ORGANIZER_APP_ROUTES, SIGN_IN_ROUTES } from '@admitone/shared';
import type { FastifyRequest } from 'fastify';

/**
 * Secrets in addresses (staff links, find-my-tickets links, waitlist places, invitations, sign-up, reset
 * and address links, promo codes) never reach the request log: the logged `url` has `[redacted]` in
 * place of each such path segment and query value.
 *
 * A route's secret segments come from its own definition: a path parameter named in SECRET_PARAMS. Every
 * parameter name of every route must be in SECRET_PARAMS or PLAIN_PARAMS (the test
 * `security/log-redaction.test.ts` walks all routes), so a new route cannot forget it. Pages answered by a
 * wildcard or the fallback (the sign-in and organizer screens, the buyer pages) are matched against their
 * patterns: the shared route lists and BUYER_SECRET_PAGES. As a last net, any segment that looks like a
 * generated token (32+ URL-safe characters mixing cases and digits) is redacted too.
 */
export const REDACTED = '[redacted]';

/** Path parameters that carry a secret. */
export const SECRET_PARAMS: ReadonlySet<string> = new Set(['token', 'code']);
/** Path parameters that are no secret (ids, short order numbers, slugs, names of reports and languages). */
export const PLAIN_PARAMS: ReadonlySet<string> = new Set([
  'id',
  'eventId',
  'automationId',
  'organizerId',
  'planId',
  'holdId',
  'shiftId',
  'version',
  'orderId',
  'shortId',
  'attendeeId',
  'attendeeShortId',
  'invoiceId',
  // The PassKit web service's (the pass's own token travels in the Authorization header).
  'deviceId',
  'passTypeId',
  'serial',
  'affiliateId',
  'capacityId',
  'categoryId',
  'dateId',
  'deliveryId',
  'fileId',
  'entryId',
  'listId',
  'messageId',
  'promoId',
  'questionId',
  'taxOrFeeId',
  'ticketId',
  'webhookId',
  'imageId',
  'mailId',
  'slug',
  'report',
  'locale',
]);

/** Buyer pages with a secret in the path (apps/web/src/public/router/match-route.ts), served by wildcard routes. */
export const BUYER_SECRET_PAGES = [
  '/find-tickets/:eventId/:token',
  '/waitlist/:eventId/:token',
  '/unsubscribe/:token',
] as const;

/** Query parameters whose values are never logged. */
const SECRET_QUERY = /token|secret|code|key|password|signature/i;
/** A generated secret: 32+ URL-safe characters with upper and lower case letters and digits. */
const looksGenerated = (s: string) =>
  s.length >= 32 && /^[A-Za-z0-9_%-]+$/.test(s) && /[A-Z]/.test(s) && /[a-z]/.test(s) && /[0-9]/.test(s);

const paramsOf = (route: string) => [...route.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
const hasSecret = (route: string) => paramsOf(route).some((p) => SECRET_PARAMS.has(p));

const compile = (route: string) => ({
  route,
  pattern: new RegExp(`^${route.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z0-9_]+/g, '[^/]+')}/?$`),
});
const secretPages = [...SIGN_IN_ROUTES, ...ORGANIZER_APP_ROUTES, ...BUYER_SECRET_PAGES].filter(hasSecret).map(compile);

/**
 * The pattern whose secret segments to hide: the matched route's if it has any, else a page's or (for an
 * address fastify could not route, e.g. a bad escape) a secret route's the path fits.
 */
function patternFor(
  pathname: string,
  route: string | undefined,
  secretRoutes: readonly { route: string; pattern: RegExp }[],
): string | undefined {
  if (route && hasSecret(route)) return route;
  return (
    secretPages.find((p) => p.pattern.test(pathname)) ??
    (route ? undefined : secretRoutes.find((p) => p.pattern.test(pathname)))
  )?.route;
}

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      return SECRET_QUERY.test(name) || looksGenerated(value) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
}

/**
 * The address as it may be logged: `/api/check-in-links/[redacted]/attendees`. `route` is the matched route's pattern.
 */
export function redactUrl(
  url: string,
  route?: string,
  secretRoutes: readonly { route: string; pattern: RegExp }[] = [],
): string {
  const q = url.indexOf('?');
  const pathname = q < 0 ? url : url.slice(0, q);
  const segments = pathname.split('/');
  const pattern = patternFor(pathname, route, secretRoutes)?.split('/') ?? [];
  for (let i = 0; i < pattern.length && i < segments.length; i++) {
    if (pattern[i]!.includes('*')) break;
    if (paramsOf(pattern[i]!).some((p) => SECRET_PARAMS.has(p))) segments[i] = REDACTED;
  }
  const path = segments.map((s) => (looksGenerated(s) ? REDACTED : s)).join('/');
  return q < 0 ? path : `${path}?${redactQuery(url.slice(q + 1))}`;
}

/**
 * The app's request serializer (pino `serializers.req`, in place of fastify's) with the address redacted,
 * and the `onRoute` hook that learns the routes with a secret parameter (for addresses fastify could not route).
 */
export function logRedaction() {
  const secretRoutes: { route: string; pattern: RegExp }[] = [];
  return {
    onRoute(route: { url: string }) {
      if (hasSecret(route.url)) secretRoutes.push(compile(route.url));
    },
    serializeRequest(req: FastifyRequest) {
      return {
        method: req.method,
        url: redactUrl(req.url, req.routeOptions?.url, secretRoutes),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket ? req.socket.remotePort : undefined,
      };
    },
  };
}
