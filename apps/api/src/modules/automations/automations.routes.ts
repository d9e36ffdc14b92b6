import {
  accountAutomationParams,
  accountParams,
  automationBody,
  automationListResponse,
  automationParams,
  automationResponse,
  automationSendListQuery,
  automationSendListResponse,
  eventParams,
} from '@admitone/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { AppDeps } from '../../deps.js';
import { authOf } from '../../plugins/auth.js';
import { DomainError } from '../../shared/errors.js';
import { paginated } from '../../shared/pagination.js';
import { requireEvent } from '../events/events.repository.js';
import {
  createAutomation,
  deleteAutomation,
  getAutomation,
  listAutomations,
  listSends,
  updateAutomation,
} from './automations.repository.js';

const tags = ['automations'];
const security = [{ bearer: [] }];

/**
 * An event's mail that goes out by itself (reminders, the abandoned-checkout mail, the follow-up): settings, next run,
 * and what went out. Every id is checked against the event and the account.
 */
export const automationRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  app.addHook('preValidation', app.requirePermission('events.manage'));

  app.get(
    '/events/:eventId/automations',
    {
      schema: {
        tags,
        security,
        summary:
          "The event's automatic mails: reminders, the abandoned-checkout mail, the follow-up, each with its next run and counts",
        params: eventParams,
        response: { 200: automationListResponse },
      },
    },
    async (req) => {
      const event = await requireEvent(db, authOf(req).accountId, req.params.eventId);
      return {
        data: await listAutomations(db, { accountId: authOf(req).accountId, eventId: event.id }, deps.clock.now()),
      };
    },
  );

  app.post(
    '/events/:eventId/automations',
    {
      schema: {
        tags,
        security,
        summary: 'Add a reminder (at most five; the other kinds exist once per event)',
        params: eventParams,
        body: automationBody,
        response: { 201: automationResponse },
      },
    },
    async (req, reply) => {
      const { accountId } = authOf(req);
      const event = await requireEvent(db, accountId, req.params.eventId);
      const scope = { accountId, eventId: event.id };
      const id = await createAutomation(db, scope, req.body, deps.clock.now());
      return reply.status(201).send({ data: await getAutomation(db, scope, id, deps.clock.now()) });
    },
  );

  app.put(
    '/events/:eventId/automations/:automationId',
    {
      schema: {
        tags,
        security,
        summary: 'Change an automatic mail (its kind stays)',
        params: automationParams,
        body: automationBody,
        response: { 200: automationResponse },
      },
    },
    async (req) => {
      const { accountId } = authOf(req);
      const event = await requireEvent(db, accountId, req.params.eventId);
      const scope = { accountId, eventId: event.id };
      await updateAutomation(db, scope, req.params.automationId, req.body, deps.clock.now());
      return { data: await getAutomation(db, scope, req.params.automationId, deps.clock.now()) };
    },
  );

  app.delete(
    '/events/:eventId/automations/:automationId',
    {
      schema: { tags, security, summary: 'Remove a reminder', params: automationParams },
    },
    async (req, reply) => {
      const { accountId } = authOf(req);
      const event = await requireEvent(db, accountId, req.params.eventId);
      await deleteAutomation(db, { accountId, eventId: event.id }, req.params.automationId);
      return reply.status(204).send();
    },
  );

  app.get(
    '/events/:eventId/automations/:automationId/sends',
    {
      schema: {
        tags,
        security,
        summary: 'What an automatic mail wrote, newest first, with each delivery state',
        params: automationParams,
        querystring: automationSendListQuery,
        response: { 200: automationSendListResponse },
      },
    },
    async (req) => {
      const { accountId } = authOf(req);
      const event = await requireEvent(db, accountId, req.params.eventId);
      const { rows, total } = await listSends(db, accountId, event.id, req.params.automationId, req.query);
      return paginated(rows, total, req.query, { sorts: ['created_at'], filters: [] });
    },
  );
};

/**
 * The account's defaults for automatic mail: what each new event starts with (until an admin changes them, the
 * built-in reminders 48 and 2 hours before each date). Admins only, like the other event defaults; events made
 * before a change keep theirs.
 */
export const accountAutomationRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  app.addHook('preValidation', app.requirePermission('account.manage'));
  /** The caller's own account only: another account's id is not found. */
  const scopeOf = (req: FastifyRequest<{ Params: { id: number } }>) => {
    const { accountId } = authOf(req);
    if (req.params.id !== accountId) throw new DomainError('NOT_FOUND');
    return { accountId, eventId: null };
  };

  app.get(
    '/accounts/:id/automations',
    {
      schema: {
        tags,
        security,
        summary: "The account's default automatic mails, which each new event starts with",
        params: accountParams,
        response: { 200: automationListResponse },
      },
    },
    async (req) => ({ data: await listAutomations(db, scopeOf(req), deps.clock.now()) }),
  );

  app.post(
    '/accounts/:id/automations',
    {
      schema: {
        tags,
        security,
        summary: 'Add a default reminder (at most five)',
        params: accountParams,
        body: automationBody,
        response: { 201: automationResponse },
      },
    },
    async (req, reply) => {
      const id = await createAutomation(db, scopeOf(req), req.body, deps.clock.now());
      return reply.status(201).send({ data: await getAutomation(db, scopeOf(req), id, deps.clock.now()) });
    },
  );

  app.put(
    '/accounts/:id/automations/:automationId',
    {
      schema: {
        tags,
        security,
        summary: 'Change a default automatic mail (its kind stays)',
        params: accountAutomationParams,
        body: automationBody,
        response: { 200: automationResponse },
      },
    },
    async (req) => {
      await updateAutomation(db, scopeOf(req), req.params.automationId, req.body, deps.clock.now());
      return { data: await getAutomation(db, scopeOf(req), req.params.automationId, deps.clock.now()) };
    },
  );

  app.delete(
    '/accounts/:id/automations/:automationId',
    { schema: { tags, security, summary: 'Remove a default reminder', params: accountAutomationParams } },
    async (req, reply) => {
      await deleteAutomation(db, scopeOf(req), req.params.automationId);
      return reply.status(204).send();
    },
  );
};
