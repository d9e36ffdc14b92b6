import {
  ATTENDEE_SORTS,
  attendeeDtoSchema,
  attendeeListQuery,
  checkInBatchBody,
  checkInDateSchema,
  checkInEventSchema,
  checkInListParams,
  checkInListSchema,
  checkInOfflineSchema,
  checkInOutcomeSchema,
  checkInScan,
  checkInStatsQuery,
  checkInStatsSchema,
  eventParams,
  oneOf,
  pageOf,
} from '@admitone/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import type { AppDeps } from '../../deps.js';
import { authOf } from '../../plugins/auth.js';
import { DomainError } from '../../shared/errors.js';
import { paginated } from '../../shared/pagination.js';
import { actorOf } from '../audit/audit.js';
import {
  attendeeForCaller,
  checkInEventsOf,
  outcomeForCaller,
  requireCheckInEvent,
  seesEverything,
} from './check-in-events.js';
import { checkInStatsOnList, listAttendeesOnList, offlineTickets } from './check-in-list-attendees.js';
import { checkInListsOf, checkInListViews, findCheckInList } from './check-in-lists.repository.js';
import { deviceOf } from './device.js';
import { doorDates } from './door-date.js';
import { applyScan, applyScans, type Scan, type ScanContext } from './scan.js';

const tags = ['check-in'];
const security = [{ bearer: [] }];
const FILTERS = ['ticket_id', 'status', 'checked_in', 'event_date_id'];
/** Where a route works: a list of the event by its id, or without one the event's first list. */
type ListPlace = { eventId: number; listId?: number };

/**
 * Checking attendees in and out at the door (scanner or list) on one of the event's check-in lists,
 * and the live counts: organizers at every event of the account, door staff (`checkin.scan` only) at
 * the events they were given. The routes without a list in the path work on the event's first list.
 */
export const checkInRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  app.addHook('preValidation', app.requirePermission('checkin.scan'));

  async function listOf(req: FastifyRequest, eventId: number, listId?: number) {
    const auth = authOf(req);
    await requireCheckInEvent(db, auth, eventId);
    const list = await findCheckInList(db, auth.accountId, eventId, listId);
    if (!list) throw new DomainError('NOT_FOUND');
    return list;
  }

  async function context(req: FastifyRequest, eventId: number, listId?: number): Promise<ScanContext> {
    const auth = authOf(req);
    const list = await listOf(req, eventId, listId);
    return {
      db,
      accountId: auth.accountId,
      eventId,
      list,
      user: { id: auth.user.id, name: auth.user.name },
      device: deviceOf(req.headers['user-agent']),
      now: deps.clock.now(),
      // Door staff check people in; admins and organizers may also admit anyway.
      overrider: auth.permissions.includes('events.manage') ? actorOf(auth) : null,
    };
  }

  app.get(
    '/check-in/events',
    {
      schema: {
        tags,
        security,
        summary: 'The events the caller checks people in at (door staff: those given to them), by start',
        response: { 200: oneOf(z.array(checkInEventSchema)) },
      },
    },
    async (req) => ({
      data: await checkInEventsOf(db, authOf(req)),
    }),
  );

  app.get(
    '/events/:eventId/check-in',
    {
      schema: {
        tags,
        security,
        summary: 'The event as the check-in screen shows it (title, dates, time zone)',
        params: eventParams,
        response: { 200: oneOf(checkInEventSchema) },
      },
    },
    async (req) => ({
      data: await requireCheckInEvent(db, authOf(req), req.params.eventId),
    }),
  );

  app.get(
    '/events/:eventId/check-in/dates',
    {
      schema: {
        tags,
        security,
        summary:
          "The event's dates by start, for the door to choose the one it checks in (times, label, status; cancelled ones too)",
        params: eventParams,
        response: { 200: oneOf(z.array(checkInDateSchema)) },
      },
    },
    async (req) => {
      await requireCheckInEvent(db, authOf(req), req.params.eventId);
      return { data: await doorDates(db, req.params.eventId) };
    },
  );

  app.get(
    '/events/:eventId/check-in-lists',
    {
      schema: {
        tags,
        security,
        summary:
          "The event's check-in lists in order, with counts and whether each has a staff link (never its secret)",
        params: eventParams,
        response: { 200: oneOf(z.array(checkInListSchema)) },
      },
    },
    async (req) => {
      const auth = authOf(req);
      await requireCheckInEvent(db, auth, req.params.eventId);
      const rows = await checkInListsOf(db, auth.accountId, req.params.eventId);
      return { data: await checkInListViews(db, rows, deps.clock.now()) };
    },
  );

  const attendeesSummary =
    'The attendees a list admits: search by name, e-mail, order number or ticket code; checked in means on this list (door staff see no e-mail addresses: their search ignores them and sorting by them is refused)';
  const attendeesHandler = async (
    req: FastifyRequest,
    { eventId, listId }: ListPlace,
    q: z.output<typeof attendeeListQuery>,
  ) => {
    const list = await listOf(req, eventId, listId);
    // Door staff see no e-mail addresses, so cannot search or sort by them either.
    const { rows, total, passedOn } = await listAttendeesOnList(db, eventId, list, q, {
      seesEmails: seesEverything(authOf(req)),
    });
    return paginated(
      rows.map((a) => attendeeForCaller(a, authOf(req))),
      total,
      q,
      { sorts: ATTENDEE_SORTS, filters: FILTERS },
      passedOn ? { passed_on: true } : undefined,
    );
  };
  app.get(
    '/events/:eventId/check-in/attendees',
    {
      schema: {
        tags,
        security,
        summary: `${attendeesSummary}; the event's first list`,
        params: eventParams,
        querystring: attendeeListQuery,
        response: { 200: pageOf(attendeeDtoSchema) },
      },
    },
    async (req) => attendeesHandler(req, req.params, req.query),
  );
  app.get(
    '/events/:eventId/check-in-lists/:listId/attendees',
    {
      schema: {
        tags,
        security,
        summary: attendeesSummary,
        params: checkInListParams,
        querystring: attendeeListQuery,
        response: { 200: pageOf(attendeeDtoSchema) },
      },
    },
    async (req) => attendeesHandler(req, req.params, req.query),
  );

  const scanSummary =
    'Check an attendee in or out by QR code, short id or attendee id (a bad code, a ticket the list does not admit or a closed list is a result, not an error)';
  const scanHandler = async (req: FastifyRequest, { eventId, listId }: ListPlace, scan: Scan) => ({
    data: outcomeForCaller(await applyScan(await context(req, eventId, listId), scan), authOf(req)),
  });
  app.post(
    '/events/:eventId/check-ins',
    {
      schema: {
        tags,
        security,
        summary: `${scanSummary}; on the event's first list`,
        params: eventParams,
        body: checkInScan,
        response: { 200: oneOf(checkInOutcomeSchema) },
      },
    },
    async (req) => scanHandler(req, req.params, req.body),
  );
  app.post(
    '/events/:eventId/check-in-lists/:listId/check-ins',
    {
      schema: {
        tags,
        security,
        summary: scanSummary,
        params: checkInListParams,
        body: checkInScan,
        response: { 200: oneOf(checkInOutcomeSchema) },
      },
    },
    async (req) => scanHandler(req, req.params, req.body),
  );

  const batchSummary = 'Scans queued on a device while offline, applied in order; results in the same order';
  const batchHandler = async (req: FastifyRequest, { eventId, listId }: ListPlace, scans: Scan[]) => ({
    data: (await applyScans(await context(req, eventId, listId), scans)).map((o) => outcomeForCaller(o, authOf(req))),
  });
  app.post(
    '/events/:eventId/check-ins/batch',
    {
      schema: {
        tags,
        security,
        summary: `${batchSummary}; on the event's first list`,
        params: eventParams,
        body: checkInBatchBody,
        response: { 200: oneOf(z.array(checkInOutcomeSchema)) },
      },
    },
    async (req) => batchHandler(req, req.params, req.body.scans),
  );
  app.post(
    '/events/:eventId/check-in-lists/:listId/check-ins/batch',
    {
      schema: {
        tags,
        security,
        summary: batchSummary,
        params: checkInListParams,
        body: checkInBatchBody,
        response: { 200: oneOf(z.array(checkInOutcomeSchema)) },
      },
    },
    async (req) => batchHandler(req, req.params, req.body.scans),
  );

  const statsSummary =
    "Checked-in and valid attendees on a list, in all and per ticket; `filter_fields[event_date_id]`: one date's only";
  const statsHandler = async (req: FastifyRequest, { eventId, listId }: ListPlace, dateId: number | undefined) => ({
    data: await checkInStatsOnList(db, eventId, await listOf(req, eventId, listId), dateId),
  });
  app.get(
    '/events/:eventId/check_in_stats',
    {
      schema: {
        tags,
        security,
        summary: `${statsSummary}; the event's first list`,
        params: eventParams,
        querystring: checkInStatsQuery,
        response: { 200: oneOf(checkInStatsSchema) },
      },
    },
    async (req) => statsHandler(req, req.params, req.query.filter_fields?.event_date_id),
  );
  app.get(
    '/events/:eventId/check-in-lists/:listId/offline',
    {
      schema: {
        tags,
        security,
        summary: "The list's tickets for a door device to check codes offline (code, name, ticket, state; no e-mail)",
        params: checkInListParams,
        response: { 200: oneOf(checkInOfflineSchema) },
      },
    },
    async (req) => ({
      data: await offlineTickets(
        db,
        req.params.eventId,
        await listOf(req, req.params.eventId, req.params.listId),
        deps.clock.now(),
      ),
    }),
  );

  app.get(
    '/events/:eventId/check-in-lists/:listId/stats',
    {
      schema: {
        tags,
        security,
        summary: statsSummary,
        params: checkInListParams,
        querystring: checkInStatsQuery,
        response: { 200: oneOf(checkInStatsSchema) },
      },
    },
    async (req) => statsHandler(req, req.params, req.query.filter_fields?.event_date_id),
  );
};
