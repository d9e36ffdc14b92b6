import { randomUUID } from 'node:crypto';

import { API_VERSION_HEADER, isApiVersion, LATEST_API_VERSION } from '@admitone/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { DomainError } from '../shared/errors.js';

/** A client's own request id is kept when it looks like one (so its logs and ours can be joined). */
const CLIENT_REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/**
 * The id of a request: the client's `X-Request-Id` when sane, else a fresh UUID. It is in every log line of the
 * request.
 */
export function requestIdOf(req: { headers: Record<string, string | string[] | undefined> }): string {
  const sent = req.headers['x-request-id'];
  return typeof sent === 'string' && CLIENT_REQUEST_ID.test(sent) ? sent : randomUUID();
}

/** Public reads any site may make from a browser (an organizer's own site showing the event and its tickets). */
const PUBLIC_READS = new Set(['/api/public/events/:eventId']);
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * HTTP as integrators' clients expect it:
 * - `X-Request-Id` on every answer (the id in the logs; quote it when reporting a problem);
 * - CORS (`Access-Control-Allow-Origin: *`, no credentials) on the public reads, with their preflight;
 * - `WWW-Authenticate: Bearer` on every 401;
 * - 405 with `Allow` for a known address asked with another method (see `allowedMethods`);
 * - `AdmitOne-Version`: the dated API version a client asks for (an unknown one is refused, 422 naming
 *   the header), else the one the caller's account is pinned to (`accounts.api_version`), else the newest;
 *   every API answer names the version that made it. There is one version today, so the choice changes
 *   no answer yet; it is the promise clients build on.
 */
export function registerHttpConventions(app: FastifyInstance) {
  app.addHook('onRequest', async (req) => {
    const asked = req.headers[API_VERSION_HEADER.toLowerCase()];
    if (asked === undefined || !req.url.startsWith('/api/')) return;
    if (typeof asked !== 'string' || !isApiVersion(asked.trim())) {
      throw new DomainError('VALIDATION_FAILED', { fields: { [API_VERSION_HEADER]: [{ key: 'invalid_value' }] } });
    }
  });
  app.addHook('onSend', async (req, reply, payload) => {
    reply.header('x-request-id', req.id);
    if (req.url.startsWith('/api/')) {
      const asked = req.headers[API_VERSION_HEADER.toLowerCase()];
      const chosen = typeof asked === 'string' ? asked.trim() : null;
      // Asked for, else the caller's account's pinned version, else (no account: public pages, sign-in) the newest.
      reply.header(API_VERSION_HEADER, isApiVersion(chosen) ? chosen : (req.auth?.apiVersion ?? LATEST_API_VERSION));
    }
    if (reply.statusCode === 401 && !reply.hasHeader('www-authenticate'))
      reply.header('www-authenticate', 'Bearer realm="AdmitOne"');
    if (req.routeOptions.url && PUBLIC_READS.has(req.routeOptions.url))
      reply.header('access-control-allow-origin', '*').header('access-control-expose-headers', 'X-Request-Id, ETag');
    return payload;
  });
  // The preflight a browser sends before a read with headers beyond the simple ones (Accept-Language is simple).
  for (const url of PUBLIC_READS) {
    app.options(url, { schema: { hide: true } }, async (_req, reply) =>
      reply
        .status(204)
        .header('access-control-allow-origin', '*')
        .header('access-control-allow-methods', 'GET, HEAD')
        .header('access-control-allow-headers', 'Accept-Language, Content-Type, X-Request-Id')
        .header('access-control-max-age', '86400')
        .send(),
    );
  }
}

/** The methods a path answers, when it is a known address asked with a method it does not take; else null. */
export function allowedMethods(app: FastifyInstance, req: FastifyRequest): string[] | null {
  const url = req.url.split('?')[0]!;
  const allowed = METHODS.filter((method) => method !== req.method && app.findRoute({ method, url }));
  if (!allowed.length) return null;
  if (allowed.includes('GET')) allowed.push('HEAD' as never);
  return allowed;
}

/** 405 METHOD_NOT_ALLOWED with `Allow`, answered by the not-found handler. */
export const withAllow = (reply: FastifyReply, allowed: string[]) => reply.header('allow', allowed.join(', '));
