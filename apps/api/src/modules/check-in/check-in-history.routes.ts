import {
  CHECK_IN_RECORD_SORTS,
  checkInRecordListQuery,
  checkInRecordListResponse,
  eventParams,
} from '@admitone/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { AppDeps } from '../../deps.js';
import { authOf } from '../../plugins/auth.js';
import { pagedOrSynced, type SyncRequest } from '../../shared/sync.js';
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
      const read = {
        sync: (s: SyncRequest) => syncCheckInRecords(db, req.params.eventId, req.query, s),
        page: () => listCheckInRecords(db, req.params.eventId, req.query),
      };
      return pagedOrSynced('check_ins', req.query, req.url, read, { sorts: CHECK_IN_RECORD_SORTS, filters: FILTERS });
    },
  );
};
