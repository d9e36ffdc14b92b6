import {
  eventParams,
  messageDetailResponse,
  messageListQuery,
  messageListResponse,
  messageParams,
  recipientCountQuery,
  recipientCountResponse,
  sendMessageBody,
} from '@admitone/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { AppDeps } from '../../deps.js';
import { authOf } from '../../plugins/auth.js';
import { requestLocale } from '../../plugins/locale.js';
import { paginated } from '../../shared/pagination.js';
import { requireEvent } from '../events/events.repository.js';
import { deleteMessage, getMessage, listMessages, retryFailed } from './messages.repository.js';
import { findRecipients } from './recipients.js';
import { cancelScheduled, sendOrSchedule, updateScheduled } from './scheduled-messages.js';

const tags = ['messages'];
const security = [{ bearer: [] }];

/**
 * Messages to an event's attendees and buyers (SPEC §3 Message, §5, §8): every id is checked against the event and the
 * account.
 */
export const messageRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  app.addHook('preValidation', app.requirePermission('events.manage'));
  const messageDeps = {
    db,
    clock: deps.clock,
    mailBudgetPerHour: deps.config.mailBudgetPerHour,
    storage: deps.storage,
    appUrl: deps.config.appUrl,
  };
  const senderOf = (req: FastifyRequest) => ({
    accountId: authOf(req).accountId,
    userId: authOf(req).user.id,
    locale: requestLocale(req),
  });

  app.get(
    '/events/:eventId/messages',
    {
      schema: {
        tags,
        security,
        summary: "The event's messages, newest first",
        params: eventParams,
        querystring: messageListQuery,
        response: { 200: messageListResponse },
      },
    },
    async (req) => {
      const event = await requireEvent(db, authOf(req).accountId, req.params.eventId);
      const { rows, total } = await listMessages(db, authOf(req).accountId, event.id, req.query, deps.clock.now());
      return paginated(rows, total, req.query, { sorts: ['created_at'], filters: [] });
    },
  );

  app.get(
    '/events/:eventId/messages/recipient-count',
    {
      schema: {
        tags,
        security,
        summary: 'How many people a choice of recipients reaches (one per e-mail address)',
        params: eventParams,
        querystring: recipientCountQuery,
        response: { 200: recipientCountResponse },
      },
    },
    async (req) => {
      const event = await requireEvent(db, authOf(req).accountId, req.params.eventId);
      return { data: { count: (await findRecipients(db, event.id, req.query)).length } };
    },
  );

  app.post(
    '/events/:eventId/messages',
    {
      schema: {
        tags,
        security,
        summary:
          'Send a message (or a test to yourself), or schedule it (`send_at`, in the event time zone); needs a confirmed address, a verified account, the not-promotional acknowledgement and room in the mail budget',
        params: eventParams,
        body: sendMessageBody,
        response: { 201: messageDetailResponse },
      },
    },
    async (req, reply) => {
      const event = await requireEvent(db, authOf(req).accountId, req.params.eventId);
      const { id, outboxIds } = await sendOrSchedule(messageDeps, event.id, senderOf(req), req.body);
      if (outboxIds.length) await deps.jobs.deliverOutbox(outboxIds);
      return reply
        .status(201)
        .send({ data: await getMessage(db, authOf(req).accountId, event.id, id, deps.clock.now()) });
    },
  );

  app.get(
    '/events/:eventId/messages/:messageId',
    {
      schema: {
        tags,
        security,
        summary: 'One message with its body and the delivery state of each recipient',
        params: messageParams,
        response: { 200: messageDetailResponse },
      },
    },
    async (req) => {
      const event = await requireEvent(db, authOf(req).accountId, req.params.eventId);
      return { data: await getMessage(db, authOf(req).accountId, event.id, req.params.messageId, deps.clock.now()) };
    },
  );

  app.put(
    '/events/:eventId/messages/:messageId',
    {
      schema: {
        tags,
        security,
        summary: 'Change a scheduled message (without `send_at` it goes now); 409 MESSAGE_NOT_SCHEDULED once it went',
        params: messageParams,
        body: sendMessageBody,
        response: { 200: messageDetailResponse },
      },
    },
    async (req) => {
      const event = await requireEvent(db, authOf(req).accountId, req.params.eventId);
      const { id, outboxIds } = await updateScheduled(
        messageDeps,
        event.id,
        req.params.messageId,
        senderOf(req),
        req.body,
      );
      if (outboxIds.length) await deps.jobs.deliverOutbox(outboxIds);
      return { data: await getMessage(db, authOf(req).accountId, event.id, id, deps.clock.now()) };
    },
  );

  app.post(
    '/events/:eventId/messages/:messageId/cancel',
    {
      schema: {
        tags,
        security,
        summary: 'Cancel a scheduled message before it goes; 409 MESSAGE_NOT_SCHEDULED once it went',
        params: messageParams,
        response: { 200: messageDetailResponse },
      },
    },
    async (req) => {
      const event = await requireEvent(db, authOf(req).accountId, req.params.eventId);
      await cancelScheduled(db, authOf(req).accountId, event.id, req.params.messageId, deps.clock.now());
      return { data: await getMessage(db, authOf(req).accountId, event.id, req.params.messageId, deps.clock.now()) };
    },
  );

  app.post(
    '/events/:eventId/messages/:messageId/retry-failed',
    {
      schema: {
        tags,
        security,
        summary: 'Queue the failed e-mails of a message again',
        params: messageParams,
        response: { 200: messageDetailResponse },
      },
    },
    async (req) => {
      const event = await requireEvent(db, authOf(req).accountId, req.params.eventId);
      const ids = await retryFailed(db, authOf(req).accountId, event.id, req.params.messageId, deps.clock.now());
      if (ids.length) await deps.jobs.deliverOutbox(ids);
      return { data: await getMessage(db, authOf(req).accountId, event.id, req.params.messageId, deps.clock.now()) };
    },
  );

  app.delete(
    '/events/:eventId/messages/:messageId',
    {
      schema: {
        tags,
        security,
        summary: 'Remove a message from the history (once nothing is still queued)',
        params: messageParams,
      },
    },
    async (req, reply) => {
      const event = await requireEvent(db, authOf(req).accountId, req.params.eventId);
      await deleteMessage(db, authOf(req).accountId, event.id, req.params.messageId);
      return reply.status(204).send();
    },
  );
};
