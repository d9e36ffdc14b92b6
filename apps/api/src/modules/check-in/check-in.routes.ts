import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkInBatchBody, checkInScan, eventParams } from '@admitone/shared';
import type { AppDeps } from '../../deps.js';
import { authOf, type AuthContext } from '../../plugins/auth.js';
import { requireEvent } from '../events/events.repository.js';
import { checkInStats } from './check-in-stats.js';
import { applyScan, applyScans, type ScanContext } from './scan.js';

const tags = ['check-in'];
const security = [{ bearer: [] }];

/** Checking attendees in and out at the door (scanner or list), and the live counts. */
export const checkInRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  app.addHook('preValidation', app.requirePermission('events.manage'));

  async function context(auth: AuthContext, eventId: number): Promise<ScanContext> {
    await requireEvent(db, auth.accountId, eventId);
    return { db, accountId: auth.accountId, eventId, user: { id: auth.user.id, name: auth.user.name }, now: deps.clock.now() };
  }

  app.post(
    '/events/:eventId/check-ins',
    { schema: { tags, security, summary: 'Check an attendee in or out by QR code, short id or attendee id (a bad code is a result, not an error)', params: eventParams, body: checkInScan } },
    async (req) => ({ data: await applyScan(await context(authOf(req), req.params.eventId), req.body) }),
  );

  app.post(
    '/events/:eventId/check-ins/batch',
    { schema: { tags, security, summary: 'Scans queued on a device while offline, applied in order; results in the same order', params: eventParams, body: checkInBatchBody } },
    async (req) => ({ data: await applyScans(await context(authOf(req), req.params.eventId), req.body.scans) }),
  );

  app.get('/events/:eventId/check_in_stats', { schema: { tags, security, summary: 'Checked-in and valid attendees, in all and per ticket', params: eventParams } }, async (req) => {
    await requireEvent(db, authOf(req).accountId, req.params.eventId);
    return { data: await checkInStats(db, req.params.eventId) };
  });
};
