import { accountParams, accountResponse, mailDeliveryResponse, updateAccountBody } from '@admitone/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { AppDeps } from '../../deps.js';
import { accountMailDelivery } from '../../mail/delivery-status.js';
import { authOf } from '../../plugins/auth.js';
import { DomainError } from '../../shared/errors.js';
import { actorOf } from '../audit/audit.js';
import { getAccount, updateAccount } from './account-settings.js';

const tags = ['accounts'];
const security = [{ bearer: [] }];

/** The caller's account: settings and defaults for new events. */
export const accountRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;

  app.get(
    '/accounts/:id',
    {
      preValidation: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'The account (any member may read it)',
        params: accountParams,
        response: { 200: accountResponse },
      },
    },
    async (req) => ({
      data: await getAccount(db, authOf(req).accountId, req.params.id),
    }),
  );

  app.put(
    '/accounts/:id',
    {
      preValidation: app.requirePermission('account.manage'),
      schema: {
        tags,
        security,
        summary: 'Update account settings and event defaults (admins)',
        params: accountParams,
        body: updateAccountBody,
        response: { 200: accountResponse },
      },
    },
    async (req) => ({
      data: await updateAccount(
        { db, clock: deps.clock },
        authOf(req).accountId,
        req.params.id,
        req.body,
        actorOf(authOf(req)),
      ),
    }),
  );

  app.get(
    '/accounts/:id/mail-delivery',
    {
      preValidation: app.requirePermission('events.manage'),
      schema: {
        tags,
        security,
        summary:
          "How the account's mail is going out: its order and message mails waiting after a failed try (tried again for retry_hours), and those given up in the last 7 days",
        params: accountParams,
        response: { 200: mailDeliveryResponse },
      },
    },
    async (req, reply) => {
      if (req.params.id !== authOf(req).accountId) throw new DomainError('NOT_FOUND');
      reply.header('cache-control', 'no-store');
      return { data: await accountMailDelivery(db, req.params.id, deps.clock.now(), deps.config.mailRetryHours) };
    },
  );
};
