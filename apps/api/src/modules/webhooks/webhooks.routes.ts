import {
  webhookBody,
  webhookDeliveryCreatedResponse,
  webhookDeliveryListQuery,
  webhookDeliveryListResponse,
  webhookDeliveryParams,
  webhookDeliveryResponse,
  webhookListResponse,
  webhookParams,
  webhookResponse,
  webhookWithSecretResponse,
} from '@admitone/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { AppDeps } from '../../deps.js';
import { authOf } from '../../plugins/auth.js';
import { paginated } from '../../shared/pagination.js';
import { actorOf } from '../audit/audit.js';
import {
  createWebhook,
  deleteWebhook,
  deliveryDetail,
  listDeliveries,
  listWebhooks,
  resendDelivery,
  rotateSecret,
  sendTestEvent,
  updateWebhook,
  webhookView,
} from './webhooks.repository.js';

const tags = ['webhooks'];
const RESENDS_PER_MINUTE = 60;
const security = [{ bearer: [] }];

/** The account's outgoing webhooks and their delivery logs (admins, and read-write API keys of admins). */
export const webhookRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  const allowPrivate = deps.config.webhooks.allowPrivate;
  const now = () => deps.clock.now();
  app.addHook('preValidation', app.requirePermission('webhooks.manage'));
  // Test events and resends go to the shared senders: limited per account (after the permission check, so only the
  // account's own calls count).
  const perAccount = (name: string, max: number) => ({
    rateLimit: {
      max,
      timeWindow: 60_000,
      hook: 'preHandler' as const,
      keyGenerator: (req: FastifyRequest) => `${name}|${authOf(req).accountId}`,
    },
  });

  app.get(
    '/webhooks',
    {
      schema: {
        tags,
        security,
        summary: "The account's webhooks, newest first, with each one's latest delivery",
        response: { 200: webhookListResponse },
      },
    },
    async (req) => ({
      data: await listWebhooks(db, authOf(req).accountId),
    }),
  );

  app.post(
    '/webhooks',
    {
      schema: {
        tags,
        security,
        summary: 'Add a webhook: the answer carries its signing secret, shown this once',
        body: webhookBody,
        response: { 201: webhookWithSecretResponse },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .header('cache-control', 'no-store')
        .send({
          data: await createWebhook(db, authOf(req).accountId, req.body, allowPrivate, now(), actorOf(authOf(req))),
        }),
  );

  app.get(
    '/webhooks/:id',
    { schema: { tags, security, summary: 'One webhook', params: webhookParams, response: { 200: webhookResponse } } },
    async (req) => ({
      data: await webhookView(db, authOf(req).accountId, req.params.id),
    }),
  );

  app.put(
    '/webhooks/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Change a webhook (turning it on again clears an automatic turn-off)',
        params: webhookParams,
        body: webhookBody,
        response: { 200: webhookResponse },
      },
    },
    async (req) => ({
      data: await updateWebhook(
        db,
        authOf(req).accountId,
        req.params.id,
        req.body,
        allowPrivate,
        now(),
        actorOf(authOf(req)),
      ),
    }),
  );

  app.delete(
    '/webhooks/:id',
    { schema: { tags, security, summary: 'Delete a webhook with its delivery log', params: webhookParams } },
    async (req, reply) => {
      await deleteWebhook(db, authOf(req).accountId, req.params.id, now(), actorOf(authOf(req)));
      return reply.status(204).send();
    },
  );

  app.post(
    '/webhooks/:id/secret',
    {
      schema: {
        tags,
        security,
        summary: 'A new signing secret (shown this once); the old one stops signing at once',
        params: webhookParams,
        response: { 200: webhookWithSecretResponse },
      },
    },
    async (req, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send({ data: await rotateSecret(db, authOf(req).accountId, req.params.id, now(), actorOf(authOf(req))) }),
  );

  app.post(
    '/webhooks/:id/test',
    {
      schema: {
        tags,
        security,
        summary:
          'Send a `webhook.test` event to this webhook (the worker sends it within seconds; a few a minute per account)',
        params: webhookParams,
        response: { 201: webhookDeliveryCreatedResponse },
      },
      config: perAccount('webhook-test', deps.config.webhooks.testSendsPerMinute),
    },
    async (req, reply) =>
      reply.status(201).send({ data: await sendTestEvent(db, authOf(req).accountId, req.params.id, now()) }),
  );

  app.get(
    '/webhooks/:id/deliveries',
    {
      schema: {
        tags,
        security,
        summary: "A webhook's deliveries, newest first, with each one's latest attempt",
        params: webhookParams,
        querystring: webhookDeliveryListQuery,
        response: { 200: webhookDeliveryListResponse },
      },
    },
    async (req) => {
      const { rows, total } = await listDeliveries(db, authOf(req).accountId, req.params.id, req.query);
      return paginated(rows, total, req.query, { sorts: ['created_at'], filters: ['state'] });
    },
  );

  app.get(
    '/webhooks/:id/deliveries/:deliveryId',
    {
      schema: {
        tags,
        security,
        summary: 'One delivery: the body sent and every attempt (status, duration, error, the answer’s start)',
        params: webhookDeliveryParams,
        response: { 200: webhookDeliveryResponse },
      },
    },
    async (req) => ({ data: await deliveryDetail(db, authOf(req).accountId, req.params.id, req.params.deliveryId) }),
  );

  app.post(
    '/webhooks/:id/deliveries/:deliveryId/resend',
    {
      schema: {
        tags,
        security,
        summary: 'Send a delivered or failed event again (same event id and body; at most 60 a minute per account)',
        params: webhookDeliveryParams,
        response: { 201: webhookDeliveryCreatedResponse },
      },
      config: perAccount('webhook-resend', RESENDS_PER_MINUTE),
    },
    async (req, reply) =>
      reply
        .status(201)
        .send({ data: await resendDelivery(db, authOf(req).accountId, req.params.id, req.params.deliveryId, now()) }),
  );
};
