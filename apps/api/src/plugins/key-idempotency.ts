import type { FastifyInstance, FastifyRequest } from 'fastify';

import type { Database } from '../db/client.js';
import { DomainError } from '../shared/errors.js';
import {
  claimIdempotencyKey,
  earlierAnswer,
  freeIdempotencyKey,
  keepAnswer,
  requestHashOf,
} from '../shared/idempotency.js';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const KEY = /^[\x21-\x7e]{1,255}$/;

declare module 'fastify' {
  interface FastifyRequest {
    /** The idempotency row this call claimed (an API key's write with an Idempotency-Key header). */
    idempotencyClaim: { scope: string; key: string } | null;
  }
}

const requestHash = (req: FastifyRequest) =>
  requestHashOf([req.method, req.routeOptions.url, req.params, req.query, req.body ?? null]);

/**
 * `Idempotency-Key` on every write an API key makes (the checkout honours it on its own routes): the
 * first call with a key claims it before the route runs; a repeat with the same request gets the first
 * answer again (`Idempotent-Replayed: true`) and changes nothing; the same key with another request is
 * refused (IDEMPOTENCY_KEY_REUSED), and so is a repeat while the first is still running
 * (IDEMPOTENCY_KEY_IN_USE). An answer that is not a success frees the key, so a retry runs again. Keys
 * are per API key: two keys may use the same value.
 */
export function registerKeyIdempotency(app: FastifyInstance, database: Database) {
  const db = database.db;
  app.decorateRequest('idempotencyClaim', null);

  app.addHook('preHandler', async (req, reply) => {
    const header = req.headers['idempotency-key'];
    if (!req.auth?.apiKey || !WRITES.has(req.method) || header === undefined) return;
    const key = Array.isArray(header) ? header[0]! : header;
    if (!KEY.test(key))
      throw new DomainError('VALIDATION_FAILED', { fields: { 'Idempotency-Key': [{ key: 'invalid' }] } });
    const scope = `api-key:${req.auth.apiKey.id}`;
    const hash = requestHash(req);
    if (await claimIdempotencyKey(db, scope, key, hash)) {
      req.idempotencyClaim = { scope, key };
      return;
    }
    const earlier = await earlierAnswer<unknown>(db, scope, key, hash);
    if (!earlier) throw new DomainError('IDEMPOTENCY_KEY_IN_USE');
    reply.code(earlier.status).header('idempotent-replayed', 'true');
    if (earlier.body === null) return reply.send();
    return reply.header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(earlier.body));
  });

  // Kept before the answer leaves, so a retry after it arrived finds it.
  app.addHook('onSend', async (req, reply, payload) => {
    const claim = req.idempotencyClaim;
    if (!claim) return payload;
    req.idempotencyClaim = null;
    const ok = reply.statusCode >= 200 && reply.statusCode < 300;
    const json = String(reply.getHeader('content-type') ?? '').includes('json');
    // Kept: an empty answer (204), or JSON; anything else (a file) cannot be replayed, so the key is freed.
    const body =
      payload === null || payload === undefined || payload === ''
        ? null
        : typeof payload === 'string' && json
          ? payload
          : undefined;
    if (!ok || body === undefined) {
      await freeIdempotencyKey(db, claim.scope, claim.key);
      return payload;
    }
    await keepAnswer(db, claim.scope, claim.key, {
      status: reply.statusCode,
      body: body === null ? null : (JSON.parse(body) as unknown),
    });
    return payload;
  });
}
