import {
  bulkEventDatesBody,
  cancelEventDateBody,
  cancelEventDateResponse,
  dateCancellationPreviewResponse,
  dateRuleBody,
  eventDateBody,
  eventDateListQuery,
  eventDateListResponse,
  eventDateParams,
  eventDateResponse,
  eventDatesResponse,
  eventParams,
  updatedEventDateResponse,
  updateEventDateBody,
} from '@admitone/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { AppDeps } from '../../deps.js';
import { authOf } from '../../plugins/auth.js';
import { wholeList } from '../../shared/pagination.js';
import { requireEvent } from '../events/events.repository.js';
import { cancelDate, cancellationPreview } from './cancel-date.js';
import { listEventDates, toEventDateDto } from './event-dates.repository.js';
import { createDate, deleteDate, generateDates, updateDate, updateDates } from './save-dates.js';

const tags = ['event dates'];
const security = [{ bearer: [] }];

/**
 * The dates of an event (a run of shows, a series of classes, time slots): one by one, many from a rule,
 * changed one by one or many at once, deleted while nobody has a ticket for them. The event's start and
 * end follow its dates.
 */
export const eventDateRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  const d = { db, clock: deps.clock };
  app.addHook('preValidation', app.requirePermission('events.manage'));
  const scopeOf = (accountId: number, eventId: number) => ({ accountId, eventId });

  app.get(
    '/events/:eventId/dates',
    {
      schema: {
        tags,
        security,
        summary: "The event's dates by start (all of them, at most 5000); `from` ≤ start < `to`",
        params: eventParams,
        querystring: eventDateListQuery,
        response: { 200: eventDateListResponse },
      },
    },
    async (req) => {
      await requireEvent(db, authOf(req).accountId, req.params.eventId);
      const q = req.query;
      const rows = await listEventDates(db, req.params.eventId, {
        from: q.from ? new Date(q.from) : undefined,
        to: q.to ? new Date(q.to) : undefined,
        status: q.status,
      });
      return wholeList(rows.map(toEventDateDto));
    },
  );

  app.post(
    '/events/:eventId/dates',
    {
      schema: {
        tags,
        security,
        summary: 'Add one date (in the future; times on the event’s wall clock)',
        params: eventParams,
        body: eventDateBody,
        response: { 201: eventDateResponse },
      },
    },
    async (req, reply) => {
      const row = await createDate(d, scopeOf(authOf(req).accountId, req.params.eventId), req.body);
      return reply.status(201).send({ data: toEventDateDto(row) });
    },
  );

  app.post(
    '/events/:eventId/dates/generate',
    {
      schema: {
        tags,
        security,
        summary: 'Make many dates from a rule (daily, weekly or monthly; times or slots; exceptions)',
        params: eventParams,
        body: dateRuleBody,
        response: { 201: eventDatesResponse },
      },
    },
    async (req, reply) => {
      const rows = await generateDates(d, scopeOf(authOf(req).accountId, req.params.eventId), req.body);
      return reply.status(201).send({ data: rows.map(toEventDateDto) });
    },
  );

  app.post(
    '/events/:eventId/dates/bulk',
    {
      schema: {
        tags,
        security,
        summary: 'Change the capacity, status or label of many dates at once (all of them the event’s)',
        params: eventParams,
        body: bulkEventDatesBody,
        response: { 200: eventDatesResponse },
      },
    },
    async (req) => {
      const rows = await updateDates(d, scopeOf(authOf(req).accountId, req.params.eventId), req.body);
      return { data: rows.map(toEventDateDto) };
    },
  );

  app.patch(
    '/events/:eventId/dates/:dateId',
    {
      schema: {
        tags,
        security,
        summary:
          'Change one date (capacity not below what it has taken; not cancelled here). New times move it: its tickets stay valid, and with notify_buyers its buyers are mailed the new time with a new calendar file (by the worker, order by order)',
        params: eventDateParams,
        body: updateEventDateBody,
        response: { 200: updatedEventDateResponse },
      },
    },
    async (req) => {
      const auth = authOf(req);
      const scope = scopeOf(auth.accountId, req.params.eventId);
      const budget = { ...d, mailBudgetPerHour: deps.config.mailBudgetPerHour };
      const { date, move } = await updateDate(budget, scope, req.params.dateId, req.body, auth.user.id);
      if (move) void deps.jobs.settleDateChanges().catch(() => undefined);
      return { data: toEventDateDto(date), move };
    },
  );

  app.get(
    '/events/:eventId/dates/:dateId/cancel',
    {
      schema: {
        tags,
        security,
        summary: 'What cancelling the date would cancel now: its orders that stand, their tickets, the refunds',
        params: eventDateParams,
        response: { 200: dateCancellationPreviewResponse },
      },
    },
    async (req) => ({
      data: await cancellationPreview(db, scopeOf(authOf(req).accountId, req.params.eventId), req.params.dateId),
    }),
  );

  app.post(
    '/events/:eventId/dates/:dateId/cancel',
    {
      schema: {
        tags,
        security,
        summary:
          'Cancel one date (never the last one): buyers can no longer choose it; its orders are cancelled, card-paid ones refunded when asked, and their buyers mailed (by the worker, order by order)',
        params: eventDateParams,
        body: cancelEventDateBody,
        response: { 200: cancelEventDateResponse },
      },
    },
    async (req) => {
      const auth = authOf(req);
      const scope = scopeOf(auth.accountId, req.params.eventId);
      const budget = { ...d, mailBudgetPerHour: deps.config.mailBudgetPerHour };
      const { date, cancellation } = await cancelDate(budget, scope, req.params.dateId, req.body, auth.user.id);
      // Holds and orders are worked through after the commit, in this process or the worker's (a sweep catches up too).
      void deps.jobs.settleDateChanges().catch(() => undefined);
      return { data: toEventDateDto(date), cancellation };
    },
  );

  app.delete(
    '/events/:eventId/dates/:dateId',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a date nobody ever had a ticket for (never the last one)',
        params: eventDateParams,
      },
    },
    async (req, reply) => {
      await deleteDate(d, scopeOf(authOf(req).accountId, req.params.eventId), req.params.dateId);
      return reply.status(204).send();
    },
  );
};
