import { accountParams, mollieConnectionResponse, mollieReturnBody } from '@admitone/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { AppDeps } from '../../deps.js';
import { authOf } from '../../plugins/auth.js';
import { DomainError } from '../../shared/errors.js';
import { actorOf } from '../audit/audit.js';
import {
  disconnectMollie,
  findMollieConnection,
  finishMollieConnect,
  type MollieConnectionDeps,
  refreshMollieConnection,
  startMollieConnect,
  toMollieDto,
} from './mollie-connection.js';
import {
  type ConnectionDeps,
  findConnection,
  onboardingLinkResponse,
  paymentConnectionResponse,
  refreshConnection,
  startOnboarding,
  toConnectionDto,
} from './payment-connection.js';
import { forgetPaymentOptions } from './payment-options.js';

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

  const mollie = (): MollieConnectionDeps => ({
    db: deps.database.db,
    config: deps.config.mollie,
    mollieFor: deps.mollieFor,
    appUrl: deps.config.appUrl,
    now: () => deps.clock.now(),
    log: deps.log,
  });

  app.get(
    '/accounts/:id/payment-connection/mollie',
    {
      preValidation: app.requirePermission('events.manage'),
      schema: {
        tags,
        security,
        summary: 'Mollie: not configured, not connected, setup incomplete or connected (tokens never shown)',
        params: accountParams,
        response: { 200: mollieConnectionResponse },
      },
    },
    async (req) => {
      own(authOf(req).accountId, req.params.id);
      return { data: toMollieDto(deps.config.mollie, await findMollieConnection(deps.database.db, req.params.id)) };
    },
  );

  app.post(
    '/accounts/:id/payment-connection/mollie',
    {
      ...admins,
      schema: {
        tags,
        security,
        summary: "Connect Mollie: answers the address of Mollie's authorization page (Mollie Connect, OAuth)",
        params: accountParams,
        response: { 200: onboardingLinkResponse },
      },
    },
    async (req) => {
      const auth = authOf(req);
      own(auth.accountId, req.params.id);
      return { data: await startMollieConnect(mollie(), req.params.id, auth.user.id) };
    },
  );

  app.post(
    '/accounts/:id/payment-connection/mollie/return',
    {
      ...admins,
      schema: {
        tags,
        security,
        summary: 'Finish connecting Mollie with what Mollie sent the admin back with (code and state, or an error)',
        params: accountParams,
        body: mollieReturnBody,
        response: { 200: mollieConnectionResponse },
      },
    },
    async (req) => {
      const auth = authOf(req);
      own(auth.accountId, req.params.id);
      const dto = await finishMollieConnect(mollie(), req.params.id, actorOf(auth), req.body);
      forgetPaymentOptions(req.params.id);
      return { data: dto };
    },
  );

  app.post(
    '/accounts/:id/payment-connection/mollie/refresh',
    {
      ...admins,
      schema: {
        tags,
        security,
        summary: "Read the organization's onboarding back from Mollie",
        params: accountParams,
        response: { 200: mollieConnectionResponse },
      },
    },
    async (req) => {
      own(authOf(req).accountId, req.params.id);
      forgetPaymentOptions(req.params.id);
      return { data: await refreshMollieConnection(mollie(), req.params.id) };
    },
  );

  app.delete(
    '/accounts/:id/payment-connection/mollie',
    {
      ...admins,
      schema: {
        tags,
        security,
        summary: 'Disconnect Mollie: its tokens are revoked at Mollie and forgotten',
        params: accountParams,
      },
    },
    async (req, reply) => {
      own(authOf(req).accountId, req.params.id);
      await disconnectMollie(mollie(), req.params.id, actorOf(authOf(req)));
      forgetPaymentOptions(req.params.id);
      return reply.status(204).send();
    },
  );
};
