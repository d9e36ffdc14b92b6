import {
  eventParams,
  eventSeatingBody,
  eventSeatingResponse,
  seatHoldBody,
  seatHoldListResponse,
  seatHoldParams,
  seatHoldResponse,
  seatPlacesQuery,
  seatPlacesResponse,
} from '@admitone/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { AppDeps } from '../../deps.js';
import { authOf } from '../../plugins/auth.js';
import { DomainError } from '../../shared/errors.js';
import { organizerDateOf } from '../event-dates/date-choice.js';
import { requireEvent } from '../events/events.repository.js';
import { eventSeatingOf, setEventSeating } from './event-seating.js';
import { listSeatHolds, releaseSeatHold, saveSeatHold } from './seat-holds.js';
import { seatPlacesOn } from './seat-places.js';

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

  app.get(
    '/events/:eventId/seating/holds',
    {
      schema: {
        tags,
        security,
        summary: 'Seats the event keeps off sale: named holds and killed seats',
        params: eventParams,
        response: { 200: seatHoldListResponse },
      },
    },
    async (req) => {
      const event = await requireEvent(db, authOf(req).accountId, req.params.eventId);
      return { data: await listSeatHolds(db, event.id) };
    },
  );

  app.post(
    '/events/:eventId/seating/holds',
    {
      schema: {
        tags,
        security,
        summary: 'Keep seats off sale on every date (a named hold, or killed seats): free seats only',
        params: eventParams,
        body: seatHoldBody,
        response: { 201: seatHoldResponse },
      },
    },
    async (req, reply) => {
      const event = await requireEvent(db, authOf(req).accountId, req.params.eventId);
      return reply.status(201).send({ data: await saveSeatHold(db, event.id, req.body, deps.clock.now()) });
    },
  );

  app.put(
    '/events/:eventId/seating/holds/:holdId',
    {
      schema: {
        tags,
        security,
        summary: 'Rename a hold or change its seats (the seats it lets go return to sale)',
        params: seatHoldParams,
        body: seatHoldBody,
        response: { 200: seatHoldResponse },
      },
    },
    async (req) => {
      const event = await requireEvent(db, authOf(req).accountId, req.params.eventId);
      return { data: await saveSeatHold(db, event.id, req.body, deps.clock.now(), req.params.holdId) };
    },
  );

  app.delete(
    '/events/:eventId/seating/holds/:holdId',
    {
      schema: { tags, security, summary: 'Release a hold: its seats return to sale', params: seatHoldParams },
    },
    async (req, reply) => {
      const event = await requireEvent(db, authOf(req).accountId, req.params.eventId);
      await releaseSeatHold(db, event.id, req.params.holdId);
      return reply.status(204).send();
    },
  );

  app.get(
    '/events/:eventId/seating/places',
    {
      schema: {
        tags,
        security,
        summary: 'Every place of the plan on a date: free, sold, in a checkout, held or killed, and who sits there',
        params: eventParams,
        querystring: seatPlacesQuery,
        response: { 200: seatPlacesResponse },
      },
    },
    async (req) => {
      const event = await requireEvent(db, authOf(req).accountId, req.params.eventId);
      const date = await organizerDateOf(db, event.id, req.query.event_date_id);
      const places = await seatPlacesOn(db, event.id, date);
      if (!places)
        throw new DomainError('VALIDATION_FAILED', { fields: { event_date_id: [{ key: 'event_not_seated' }] } });
      return { data: places };
    },
  );
};
