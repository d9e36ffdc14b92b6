import {
  CHECK_IN_RECORD_SORTS,
  checkInRecordListQuery,
  checkInRecordListResponse,
  eventParams,
} from '@admitone/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { AppDeps } from '../../deps.js';
import { authOf } from '../../plugins/auth.js';
import { paginated } from '../../shared/pagination.js';
import { syncPage, syncRequest } from '../../shared/sync.js';
import { requireEvent } from '../events/events.repository.js';
import { listCheckInRecords, syncCheckInRecords } from './check-in-history.js';

const tags = ['check-in'];
const security = [{ bearer: [] }];
const FILTERS = ['check_in_list_id', 'action'];

/**
 * The event's check-in history for those who manage the event and their API keys (door staff scan; they do not read
 * it).
 */
export const checkInHistoryRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  app.addHook('preValidation', app.requirePermission('events.manage'));

  app.get(
    '/events/:eventId/check-ins',
    {
      schema: {
        tags,
        security,
        summary:
          "The event's check-ins and check-outs on every list: pages, newest first; or incremental sync (updated_since: when received, cursor)",
        params: eventParams,
        querystring: checkInRecordListQuery,
        response: { 200: checkInRecordListResponse },
      },
    },
    async (req) => {
      await requireEvent(db, authOf(req).accountId, req.params.eventId);
      const sync = syncRequest('check_ins', req.query, req.url);
      if (sync) {
        const page = await syncCheckInRecords(db, req.params.eventId, req.query, sync);
        return syncPage('check_ins', page.rows, page.found, page.left, sync, { sorts: [], filters: FILTERS });
      }
      const { rows, total } = await listCheckInRecords(db, req.params.eventId, req.query);
      return paginated(rows, total, req.query, { sorts: CHECK_IN_RECORD_SORTS, filters: FILTERS });
    },
  );
};
