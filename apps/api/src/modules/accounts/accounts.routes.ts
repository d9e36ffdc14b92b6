import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountParams, accountResponse, updateAccountBody } from '@admitone/shared';
import type { AppDeps } from '../../deps.js';
import { authOf } from '../../plugins/auth.js';
import { getAccount, updateAccount } from './account-settings.js';

const tags = ['accounts'];
const security = [{ bearer: [] }];

/** The caller's account: settings and defaults for new events. */
export const accountRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;

  app.get('/accounts/:id', { preValidation: app.authenticate, schema: { tags, security, summary: 'The account (any member may read it)', params: accountParams, response: { 200: accountResponse } } }, async (req) => ({
    data: await getAccount(db, authOf(req).accountId, req.params.id),
  }));

  app.put(
    '/accounts/:id',
    { preValidation: app.requirePermission('account.manage'), schema: { tags, security, summary: 'Update account settings and event defaults (admins)', params: accountParams, body: updateAccountBody, response: { 200: accountResponse } } },
    async (req) => ({ data: await updateAccount({ db, clock: deps.clock }, authOf(req).accountId, req.params.id, req.body) }),
  );
};
