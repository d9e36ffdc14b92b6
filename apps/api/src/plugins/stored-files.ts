import type { FastifyInstance } from 'fastify';

import { type FileStorage, isPublicKey } from '../storage/storage.js';
import { sendError } from './error-handler.js';

/**
 * `GET /uploads/<key>` from a storage that is not a local folder (an S3-compatible bucket): the file
 * is streamed through, with the year-long caching its changing key allows. Whatever host stored a
 * file, every host serves it. A key the app would never make, a private one (buyers' answer files),
 * or one with no file, answers 404.
 */
export function registerStoredFiles(app: FastifyInstance, storage: FileStorage) {
  app.get('/uploads/*', { schema: { hide: true } }, async (req, reply) => {
    const key = (req.params as { '*': string })['*'];
    const file = isPublicKey(key) ? await storage.get(key) : null;
    if (!file) return sendError(req, reply, 'ROUTE_NOT_FOUND', 404);
    reply.header('cache-control', 'public, max-age=31536000, immutable').header('x-content-type-options', 'nosniff');
    if (file.contentType) reply.type(file.contentType);
    if (file.length !== null) reply.header('content-length', String(file.length));
    return reply.send(file.body);
  });
}
