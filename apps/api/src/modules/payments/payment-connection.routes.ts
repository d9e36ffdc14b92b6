import { accountParams } from '@admitone/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { AppDeps } from '../../deps.js';
import { authOf } from '../../plugins/auth.js';
import { DomainError } from '../../shared/errors.js';
import {
  type ConnectionDeps,
  findConnection,
  onboardingLinkResponse,
  paymentConnectionResponse,
  refreshConnection,
  startOnboarding,
  toConnectionDto,
} from './payment-connection.js';

const tags = ['payments'];
const security = [{ bearer: [] }];

/**
 * The account's card payment connection (SPEC /account/payment): any member may read its state (the
 * getting-started checklist shows it); only admins connect. Always the caller's own account.
 */
export const paymentConnectionRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const admins = { preValidation: app.requirePermission('account.manage') };
  const d = (): ConnectionDeps => ({
    db: deps.database.db,
    stripe: deps.stripe,
    config: deps.config.stripe,
    appUrl: deps.config.appUrl,
    now: () => deps.clock.now(),
  });
  const own = (callerAccountId: number, id: number) => {
    if (callerAccountId !== id) throw new DomainError('NOT_FOUND');
  };

  app.get(
    '/accounts/:id/payment-connection',
    {
      preValidation: app.requirePermission('events.manage'),
      schema: {
        tags,
        security,
        summary: 'Card payments: not configured, not connected, setup incomplete or connected',
        params: accountParams,
        response: { 200: paymentConnectionResponse },
      },
    },
    async (req) => {
      own(authOf(req).accountId, req.params.id);
      return { data: toConnectionDto(deps.config.stripe, await findConnection(deps.database.db, req.params.id)) };
    },
  );

  app.post(
    '/accounts/:id/payment-connection/stripe',
    {
      ...admins,
      schema: {
        tags,
        security,
        summary: "Connect Stripe: create the account's Connect account and answer its onboarding link",
        params: accountParams,
        response: { 200: onboardingLinkResponse },
      },
    },
    async (req) => {
      own(authOf(req).accountId, req.params.id);
      return { data: await startOnboarding(d(), req.params.id) };
    },
  );

  app.post(
    '/accounts/:id/payment-connection/refresh',
    {
      ...admins,
      schema: {
        tags,
        security,
        summary: 'Read the connection back from Stripe (after onboarding)',
        params: accountParams,
        response: { 200: paymentConnectionResponse },
      },
    },
    async (req) => {
      own(authOf(req).accountId, req.params.id);
      return { data: await refreshConnection(d(), req.params.id) };
    },
  );
};
