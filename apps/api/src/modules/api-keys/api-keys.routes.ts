import { apiKeyListResponse, createApiKeyBody, createdApiKeyResponse, idParams } from '@admitone/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { AppDeps } from '../../deps.js';
import { authOf } from '../../plugins/auth.js';
import { actorOf } from '../audit/audit.js';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.repository.js';

const tags = ['api-keys'];
const security = [{ bearer: [] }];

/** The account's API keys: admins list, make and revoke them (never with a key: keys cannot make keys). */
export const apiKeyRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  app.addHook('preValidation', app.requirePermission('api_keys.manage'));

  app.get(
    '/api-keys',
    {
      schema: {
        tags,
        security,
        summary: "The account's API keys, newest first (never their secrets)",
        response: { 200: apiKeyListResponse },
      },
    },
    async (req) => ({
      data: await listApiKeys(db, authOf(req).accountId, deps.clock.now()),
    }),
  );

  app.post(
    '/api-keys',
    {
      schema: {
        tags,
        security,
        summary: 'Make an API key: the answer carries its secret, shown this once (stored only as a hash)',
        body: createApiKeyBody,
        response: { 201: createdApiKeyResponse },
      },
    },
    async (req, reply) => {
      const auth = authOf(req);
      const key = await createApiKey(
        db,
        { accountId: auth.accountId, userId: auth.user.id, userName: auth.user.name },
        req.body,
        deps.clock.now(),
        actorOf(auth),
      );
      return reply.status(201).header('cache-control', 'no-store').send({ data: key });
    },
  );

  app.delete(
    '/api-keys/:id',
    {
      schema: { tags, security, summary: 'Revoke an API key: every later call with it answers 401', params: idParams },
    },
    async (req, reply) => {
      await revokeApiKey(db, authOf(req).accountId, req.params.id, deps.clock.now(), actorOf(authOf(req)));
      return reply.status(204).send();
    },
  );
};
