import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ATTENDEE_SORTS,
  attendeeDtoSchema,
  attendeeListQuery,
  checkInBatchBody,
  checkInEventSchema,
  checkInOutcomeSchema,
  checkInScan,
  checkInStatsSchema,
  eventParams,
  oneOf,
  pageOf,
} from '@admitone/shared';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { authOf, type AuthContext } from '../../plugins/auth.js';
import { paginated } from '../../shared/pagination.js';
import { listAttendees } from '../attendees/attendee-view.js';
import { attendeeForCaller, checkInEventsOf, outcomeForCaller, requireCheckInEvent } from './check-in-events.js';
import { checkInStats } from './check-in-stats.js';
import { applyScan, applyScans, type ScanContext } from './scan.js';

const tags = ['check-in'];
const security = [{ bearer: [] }];
const FILTERS = ['ticket_id', 'status', 'checked_in'];

/**
 * Checking attendees in and out at the door (scanner or list), and the live counts: organizers at every
 * event of the account, door staff (`checkin.scan` only) at the events they were given.
 */
export const checkInRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  app.addHook('preValidation', app.requirePermission('checkin.scan'));

  async function context(auth: AuthContext, eventId: number): Promise<ScanContext> {
    await requireCheckInEvent(db, auth, eventId);
    return { db, accountId: auth.accountId, eventId, user: { id: auth.user.id, name: auth.user.name }, now: deps.clock.now() };
  }

  app.get('/check-in/events', { schema: { tags, security, summary: 'The events the caller checks people in at (door staff: those given to them), by start', response: { 200: oneOf(z.array(checkInEventSchema)) } } }, async (req) => ({
    data: await checkInEventsOf(db, authOf(req)),
  }));

  app.get('/events/:eventId/check-in', { schema: { tags, security, summary: 'The event as the check-in screen shows it (title, dates, time zone)', params: eventParams, response: { 200: oneOf(checkInEventSchema) } } }, async (req) => ({
    data: await requireCheckInEvent(db, authOf(req), req.params.eventId),
  }));

  app.get(
    '/events/:eventId/check-in/attendees',
    { schema: { tags, security, summary: "The event's attendees to check in: search by name, e-mail, order number or ticket code (door staff see no e-mail addresses)", params: eventParams, querystring: attendeeListQuery, response: { 200: pageOf(attendeeDtoSchema) } } },
    async (req) => {
      const auth = authOf(req);
      await requireCheckInEvent(db, auth, req.params.eventId);
      const { rows, total } = await listAttendees(db, req.params.eventId, req.query);
      return paginated(rows.map((a) => attendeeForCaller(a, auth)), total, req.query, { sorts: ATTENDEE_SORTS, filters: FILTERS });
    },
  );

  app.post(
    '/events/:eventId/check-ins',
    { schema: { tags, security, summary: 'Check an attendee in or out by QR code, short id or attendee id (a bad code is a result, not an error)', params: eventParams, body: checkInScan, response: { 200: oneOf(checkInOutcomeSchema) } } },
    async (req) => ({ data: outcomeForCaller(await applyScan(await context(authOf(req), req.params.eventId), req.body), authOf(req)) }),
  );

  app.post(
    '/events/:eventId/check-ins/batch',
    { schema: { tags, security, summary: 'Scans queued on a device while offline, applied in order; results in the same order', params: eventParams, body: checkInBatchBody, response: { 200: oneOf(z.array(checkInOutcomeSchema)) } } },
    async (req) => ({ data: (await applyScans(await context(authOf(req), req.params.eventId), req.body.scans)).map((o) => outcomeForCaller(o, authOf(req))) }),
  );

  app.get('/events/:eventId/check_in_stats', { schema: { tags, security, summary: 'Checked-in and valid attendees, in all and per ticket', params: eventParams, response: { 200: oneOf(checkInStatsSchema) } } }, async (req) => {
    await requireCheckInEvent(db, authOf(req), req.params.eventId);
    return { data: await checkInStats(db, req.params.eventId) };
  });
};
