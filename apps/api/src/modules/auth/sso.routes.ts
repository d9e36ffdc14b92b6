import {
  accountParams,
  authResponseSchema,
  singleSignOnBody,
  singleSignOnResponse,
  ssoCallbackBody,
  ssoStartBody,
  ssoStartResponse,
} from '@admitone/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { AppDeps } from '../../deps.js';
import { authOf } from '../../plugins/auth.js';
import { requestLocale } from '../../plugins/locale.js';
import { actorOf } from '../audit/audit.js';
import { clientOf } from './session-client.js';
import { getSingleSignOn, removeSingleSignOn, saveSingleSignOn } from './sso-settings.js';
import { finishSso, startSso } from './sso-sign-in.js';

const security = [{ bearer: [] }];

/** Single sign-on through an account's OpenID provider: its settings (admins) and the sign-in (anyone). */
export const ssoRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  const trusted =
    deps.config.trustProxy !== false && !(Array.isArray(deps.config.trustProxy) && !deps.config.trustProxy.length);
  const settingsDeps = {
    db,
    clock: deps.clock,
    appUrl: deps.config.appUrl,
    allowPrivate: deps.config.webhooks.allowPrivate,
    log: deps.log,
  };
  // Per client address, as the other ways to sign in.
  const limited = {
    rateLimit: {
      max: deps.config.authRateLimit.max,
      timeWindow: deps.config.authRateLimit.windowSeconds * 1000,
      hook: 'preHandler' as const,
      keyGenerator: (req: { ip: string }) => `sso|${req.ip}`,
    },
  };

  app.get(
    '/accounts/:id/single-sign-on',
    {
      preValidation: app.requirePermission('account.manage'),
      schema: {
        tags: ['accounts'],
        security,
        summary: "The account's single sign-on (OpenID Connect), or null (admins; the client secret is never answered)",
        params: accountParams,
        response: { 200: singleSignOnResponse },
      },
    },
    async (req) => ({ data: await getSingleSignOn(settingsDeps, authOf(req).accountId, req.params.id) }),
  );

  app.put(
    '/accounts/:id/single-sign-on',
    {
      preValidation: app.requirePermission('account.manage'),
      schema: {
        tags: ['accounts'],
        security,
        summary:
          "Set up or change the account's single sign-on (admins): the issuer must answer its OpenID discovery first; an empty client_secret keeps the saved one",
        params: accountParams,
        body: singleSignOnBody,
        response: { 200: singleSignOnResponse },
      },
    },
    async (req) => ({
      data: await saveSingleSignOn(settingsDeps, authOf(req).accountId, req.params.id, req.body, actorOf(authOf(req))),
    }),
  );

  app.delete(
    '/accounts/:id/single-sign-on',
    {
      preValidation: app.requirePermission('account.manage'),
      schema: {
        tags: ['accounts'],
        security,
        summary: "Remove the account's single sign-on: its members sign in with a password again",
        params: accountParams,
      },
    },
    async (req, reply) => {
      await removeSingleSignOn(settingsDeps, authOf(req).accountId, req.params.id, actorOf(authOf(req)));
      return reply.status(204).send();
    },
  );

  app.post(
    '/auth/sso/start',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary:
          "Start a single sign-on with a member's address or the team's link: the identity provider's address to open",
        body: ssoStartBody,
        response: { 200: ssoStartResponse },
      },
    },
    async (req) => ({ data: await startSso({ ...settingsDeps, client: null }, req.body) }),
  );

  app.post(
    '/auth/sso/callback',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary:
          "Finish a single sign-on with the provider's answer (the callback page's query string): a session in the account, as after a login",
        body: ssoCallbackBody,
        response: { 200: authResponseSchema },
      },
    },
    async (req) =>
      finishSso(
        { ...settingsDeps, client: clientOf(req, deps.config.geoCountryHeader, trusted) },
        req.body,
        requestLocale(req),
      ),
  );
};
