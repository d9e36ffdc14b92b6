import { accountParams, auditListResponse, auditQuery } from '@admitone/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import type { AppDeps } from '../../deps.js';
import { authOf } from '../../plugins/auth.js';
import { requestLocale } from '../../plugins/locale.js';
import { DomainError } from '../../shared/errors.js';
import { paginated } from '../../shared/pagination.js';
import { getAccount } from '../accounts/account-settings.js';
import { zonedDate } from '../exports/export-sheet.js';
import { sheetDownload } from '../exports/export-writers.js';
import { actorOf, recordAudit } from './audit.js';
import { auditExport, listAudit } from './audit-log.js';

const tags = ['accounts'];
const security = [{ bearer: [] }];
const FILTERS = ['action', 'user_id', 'member_id', 'event_id', 'from', 'to'];

/** The account's audit log: who did what and when (admins), as pages or a download. */
export const auditRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  app.addHook('preValidation', app.requirePermission('account.manage'));
  const ownAccount = (accountId: number, id: number) => {
    if (accountId !== id) throw new DomainError('NOT_FOUND');
  };

  app.get(
    '/accounts/:id/audit-log',
    {
      schema: {
        tags,
        security,
        summary: 'The audit log, newest first: filter by action, member (user_id), event and days (from, to; UTC)',
        params: accountParams,
        querystring: auditQuery,
        response: { 200: auditListResponse },
      },
    },
    async (req) => {
      ownAccount(authOf(req).accountId, req.params.id);
      const { rows, total } = await listAudit(db, req.params.id, req.query);
      return paginated(rows, total, req.query, { sorts: [], filters: FILTERS });
    },
  );

  app.get(
    '/accounts/:id/audit-log/export',
    {
      schema: {
        tags,
        security,
        summary: 'Download the audit log (the same filters) as CSV or Excel; the download is itself logged',
        params: accountParams,
        querystring: auditQuery.omit({ page: true, per_page: true }).extend({
          format: z.enum(['csv', 'xlsx']).default('csv'),
        }),
      },
    },
    async (req, reply) => {
      const auth = authOf(req);
      ownAccount(auth.accountId, req.params.id);
      const account = await getAccount(db, auth.accountId, req.params.id);
      const { format, ...filters } = req.query;
      const now = deps.clock.now();
      await recordAudit(
        db,
        actorOf(auth),
        {
          action: 'export.personal_data',
          target: { type: 'export', id: 'audit-log', label: account.name },
          data: { kind: 'audit-log', format, ...(Object.keys(filters).length ? { filters } : {}) },
        },
        now,
      );
      const file = await auditExport(db, account.id, filters, account.timezone, requestLocale(req));
      const { headers, body } = sheetDownload(`audit-log-${zonedDate(now, account.timezone)}`, format, file);
      return reply.headers(headers).send(body);
    },
  );
};
