import type { FastifyInstance } from 'fastify';

import { DomainError } from '../shared/errors.js';

/**
 * Request bodies are taken as sent, never inflated: a gzip or deflate body (a few kilobytes that
 * expand to gigabytes) is refused (400, like malformed JSON) before any of it is read.
 */
export function registerContentEncodingGuard(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    const encoding = request.headers['content-encoding'];
    if (encoding !== undefined && encoding.trim().toLowerCase() !== 'identity') throw new DomainError('BAD_REQUEST');
  });
}
