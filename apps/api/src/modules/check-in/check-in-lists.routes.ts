import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkInListBody, checkInListParams, checkInListSchema, eventParams, oneOf } from '@admitone/shared';
import type { AppDeps } from '../../deps.js';
import { authOf } from '../../plugins/auth.js';
import { requireEvent } from '../events/events.repository.js';
import { createCheckInList, deleteCheckInList, setStaffLink, updateCheckInList } from './check-in-lists.js';

const tags = ['check-in lists'];
const security = [{ bearer: [] }];

/** The event's check-in lists and their staff links, managed by those who manage the event (reading them: check-in routes). */
export const checkInListRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  const d = { db, clock: deps.clock };
  app.addHook('preValidation', app.requirePermission('events.manage'));
  const eventOf = (accountId: number, eventId: number) => requireEvent(db, accountId, eventId);

  app.post('/events/:eventId/check-in-lists', { schema: { tags, security, summary: 'Add a check-in list (which tickets it admits, when it is open)', params: eventParams, body: checkInListBody, response: { 201: oneOf(checkInListSchema) } } }, async (req, reply) => {
    const event = await eventOf(authOf(req).accountId, req.params.eventId);
    return reply.status(201).send({ data: await createCheckInList(d, event, req.body) });
  });

  app.put('/events/:eventId/check-in-lists/:listId', { schema: { tags, security, summary: 'Change a check-in list (a blank name: the default name)', params: checkInListParams, body: checkInListBody, response: { 200: oneOf(checkInListSchema) } } }, async (req) => {
    const event = await eventOf(authOf(req).accountId, req.params.eventId);
    return { data: await updateCheckInList(d, event, req.params.listId, req.body) };
  });

  app.delete('/events/:eventId/check-in-lists/:listId', { schema: { tags, security, summary: 'Delete a check-in list (an event keeps at least one); its history stays on the attendees', params: checkInListParams } }, async (req, reply) => {
    await deleteCheckInList(d, await eventOf(authOf(req).accountId, req.params.eventId), req.params.listId);
    return reply.status(204).send();
  });

  app.post('/events/:eventId/check-in-lists/:listId/staff-link', { schema: { tags, security, summary: "Make the list's staff link, or a new one in place of the old (which stops working at once)", params: checkInListParams, response: { 200: oneOf(checkInListSchema) } } }, async (req) => {
    const event = await eventOf(authOf(req).accountId, req.params.eventId);
    return { data: await setStaffLink(d, event, req.params.listId, false) };
  });

  app.delete('/events/:eventId/check-in-lists/:listId/staff-link', { schema: { tags, security, summary: "Revoke the list's staff link (it stops working at once; scans queued with it are refused)", params: checkInListParams, response: { 200: oneOf(checkInListSchema) } } }, async (req) => {
    const event = await eventOf(authOf(req).accountId, req.params.eventId);
    return { data: await setStaffLink(d, event, req.params.listId, true) };
  });
};
