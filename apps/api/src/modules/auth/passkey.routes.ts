import {
  addPasskeyBody,
  idParams,
  passkeyAddedResponse,
  passkeyListResponse,
  passkeyOptionsResponse,
  removePasskeyBody,
} from '@admitone/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { AppDeps } from '../../deps.js';
import { authOf, passwordSessionOnly } from '../../plugins/auth.js';
import {
  finishPasskeyRegistration,
  passkeysOf,
  removePasskey,
  startPasskeyRegistration,
  toPasskeyDto,
} from './passkeys.js';

const tags = ['users'];
const security = [{ bearer: [] }];

/** The caller's own passkeys: list, add (options, then the browser's answer), remove. */
export const passkeyRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  const profileDeps = { db, clock: deps.clock, jobs: deps.jobs, appUrl: deps.config.appUrl };
  app.addHook('preValidation', app.authenticate);
  const me = (req: Parameters<typeof authOf>[0]) => authOf(req).user.id;

  app.get(
    '/users/me/passkeys',
    { schema: { tags, security, summary: 'Your passkeys', response: { 200: passkeyListResponse } } },
    async (req) => ({ data: (await passkeysOf(db, me(req))).map(toPasskeyDto) }),
  );

  app.post(
    '/users/me/passkeys/options',
    {
      preValidation: passwordSessionOnly,
      schema: {
        tags,
        security,
        summary: 'Start adding a passkey: the options for navigator.credentials.create() and the ceremony to answer',
        response: { 200: passkeyOptionsResponse },
      },
    },
    async (req) => ({ data: await startPasskeyRegistration(profileDeps, me(req)) }),
  );

  app.post(
    '/users/me/passkeys',
    {
      preValidation: passwordSessionOnly,
      schema: {
        tags,
        security,
        summary: 'Add the passkey the browser made (the first second factor answers ten recovery codes, once)',
        body: addPasskeyBody,
        response: { 201: passkeyAddedResponse },
      },
    },
    async (req, reply) =>
      reply.status(201).send({ data: await finishPasskeyRegistration(profileDeps, me(req), req.body) }),
  );

  app.delete(
    '/users/me/passkeys/:id',
    {
      preValidation: passwordSessionOnly,
      schema: {
        tags,
        security,
        summary: 'Remove one of your passkeys (your password again)',
        params: idParams,
        body: removePasskeyBody,
      },
    },
    async (req, reply) => {
      await removePasskey(profileDeps, me(req), req.params.id, req.body);
      return reply.status(204).send();
    },
  );
};
