import {
  checkInListBody,
  checkInListParams,
  checkInListSchema,
  eventParams,
  oneOf,
  staffLinkSecretSchema,
} from '@admitone/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { AppDeps } from '../../deps.js';
import { authOf, sessionOf } from '../../plugins/auth.js';
import { requireEvent } from '../events/events.repository.js';
import {
  createCheckInList,
  deleteCheckInList,
  setStaffLink,
  staffLinkToken,
  updateCheckInList,
} from './check-in-lists.js';

const tags = ['check-in lists'];
const security = [{ bearer: [] }];

/**
 * The event's check-in lists and their staff links, managed by those who manage the event (reading them: check-in
 * routes).
 */
export const checkInListRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  const d = { db, clock: deps.clock };
  app.addHook('preValidation', app.requirePermission('events.manage'));
  const eventOf = (accountId: number, eventId: number) => requireEvent(db, accountId, eventId);

  app.post(
    '/events/:eventId/check-in-lists',
    {
      schema: {
        tags,
        security,
        summary: 'Add a check-in list (which tickets it admits, when it is open)',
        params: eventParams,
        body: checkInListBody,
        response: { 201: oneOf(checkInListSchema) },
      },
    },
    async (req, reply) => {
      const event = await eventOf(authOf(req).accountId, req.params.eventId);
      return reply.status(201).send({ data: await createCheckInList(d, event, req.body) });
    },
  );

  app.put(
    '/events/:eventId/check-in-lists/:listId',
    {
      schema: {
        tags,
        security,
        summary: 'Change a check-in list (a blank name: the default name)',
        params: checkInListParams,
        body: checkInListBody,
        response: { 200: oneOf(checkInListSchema) },
      },
    },
    async (req) => {
      const event = await eventOf(authOf(req).accountId, req.params.eventId);
      return { data: await updateCheckInList(d, event, req.params.listId, req.body) };
    },
  );

  app.delete(
    '/events/:eventId/check-in-lists/:listId',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a check-in list (an event keeps at least one); its history stays on the attendees',
        params: checkInListParams,
      },
    },
    async (req, reply) => {
      await deleteCheckInList(d, await eventOf(authOf(req).accountId, req.params.eventId), req.params.listId);
      return reply.status(204).send();
    },
  );

  app.get(
    '/events/:eventId/check-in-lists/:listId/staff-link',
    {
      schema: {
        tags,
        security,
        summary: "The list's staff-link secret (null: no link), for a signed-in person to share; API keys are refused",
        params: checkInListParams,
        response: { 200: oneOf(staffLinkSecretSchema) },
      },
    },
    async (req) => {
      sessionOf(authOf(req));
      const event = await eventOf(authOf(req).accountId, req.params.eventId);
      return { data: { staff_token: await staffLinkToken(d, event, req.params.listId) } };
    },
  );

  app.post(
    '/events/:eventId/check-in-lists/:listId/staff-link',
    {
      schema: {
        tags,
        security,
        summary:
          "Make the list's staff link, or a new one in place of the old (which stops working at once); its secret is answered to a signed-in person, never to an API key",
        params: checkInListParams,
        response: { 200: oneOf(checkInListSchema) },
      },
    },
    async (req) => {
      const event = await eventOf(authOf(req).accountId, req.params.eventId);
      const { list, token } = await setStaffLink(d, event, req.params.listId, false);
      return { data: { ...list, staff_token: authOf(req).sessionId !== null ? token : null } };
    },
  );

  app.delete(
    '/events/:eventId/check-in-lists/:listId/staff-link',
    {
      schema: {
        tags,
        security,
        summary: "Revoke the list's staff link (it stops working at once; scans queued with it are refused)",
        params: checkInListParams,
        response: { 200: oneOf(checkInListSchema) },
      },
    },
    async (req) => {
      const event = await eventOf(authOf(req).accountId, req.params.eventId);
      return { data: (await setStaffLink(d, event, req.params.listId, true)).list };
    },
  );
};
