import { eventParams, eventSeatingBody, eventSeatingResponse } from '@admitone/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { AppDeps } from '../../deps.js';
import { authOf } from '../../plugins/auth.js';
import { requireEvent } from '../events/events.repository.js';
import { eventSeatingOf, setEventSeating } from './event-seating.js';

const tags = ['seating'];
const security = [{ bearer: [] }];

/** Which published seating plan an event is seated by, and what each of its categories sells as. */
export const eventSeatingRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  app.addHook('preValidation', app.requirePermission('events.manage'));

  app.get(
    '/events/:eventId/seating',
    {
      schema: {
        tags,
        security,
        summary: "The event's seating plan (a version) and what its categories sell as",
        params: eventParams,
        response: { 200: eventSeatingResponse },
      },
    },
    async (req) => {
      const event = await requireEvent(db, authOf(req).accountId, req.params.eventId);
      return { data: await eventSeatingOf(db, event.id) };
    },
  );

  app.put(
    '/events/:eventId/seating',
    {
      schema: {
        tags,
        security,
        summary: "Seat the event by a published version of one of its organizer's plans (or take it away)",
        params: eventParams,
        body: eventSeatingBody,
        response: { 200: eventSeatingResponse },
      },
    },
    async (req) => {
      const event = await requireEvent(db, authOf(req).accountId, req.params.eventId);
      await setEventSeating(db, event, req.body, deps.clock.now());
      return { data: await eventSeatingOf(db, event.id) };
    },
  );
};
