import type { AuditEntryDto, AuditQuery, Locale } from '@admitone/shared';
import type { auditQuery } from '@admitone/shared';
import { and, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';

import type { Executor } from '../../db/client.js';
import { accounts, accountUsers, apiKeys, auditLog, events } from '../../db/schema/index.js';
import { translate } from '../../i18n/i18n.js';
import { type ExportColumn, type ExportSheet, keysetBatches, zonedStamp } from '../exports/export-sheet.js';

const T = {
  at: /*i18n*/ { id: 'export.audit.at', message: 'When' },
  action: /*i18n*/ { id: 'export.audit.action', message: 'Action' },
  actor: /*i18n*/ { id: 'export.audit.actor', message: 'Who' },
  api_key: /*i18n*/ { id: 'export.audit.api_key', message: 'API key' },
  ip: /*i18n*/ { id: 'export.audit.ip', message: 'Address' },
  event: /*i18n*/ { id: 'export.audit.event', message: 'Event' },
  target: /*i18n*/ { id: 'export.audit.target', message: 'About' },
  details: /*i18n*/ { id: 'export.audit.details', message: 'Details' },
};

type Filters = Omit<z.output<typeof auditQuery>, 'page' | 'per_page'>;

const DAY = 86_400_000;

/** The account's lines matching the filters (days in UTC, both ends included). */
function whereOf(accountId: number, f: Filters): SQL {
  return and(
    eq(auditLog.account_id, accountId),
    f.action ? eq(auditLog.action, f.action) : undefined,
    f.user_id ? eq(auditLog.actor_user_id, f.user_id) : undefined,
    // The member's login in this account only: another account's membership id finds no one.
    f.member_id
      ? sql`${auditLog.actor_user_id} = (select ${accountUsers.user_id} from ${accountUsers}
          where ${accountUsers.id} = ${f.member_id} and ${accountUsers.account_id} = ${accountId})`
      : undefined,
    f.event_id ? eq(auditLog.event_id, f.event_id) : undefined,
    f.from ? gte(auditLog.created_at, new Date(`${f.from}T00:00:00Z`)) : undefined,
    f.to ? lt(auditLog.created_at, new Date(new Date(`${f.to}T00:00:00Z`).getTime() + DAY)) : undefined,
  )!;
}

const columns = {
  line: auditLog,
  event_title: events.title,
  key_name: apiKeys.name,
  key_prefix: apiKeys.token_prefix,
};

type Row = {
  line: typeof auditLog.$inferSelect;
  event_title: string | null;
  key_name: string | null;
  key_prefix: string | null;
};

function toDto(r: Row): AuditEntryDto {
  const l = r.line;
  return {
    id: l.id,
    action: l.action,
    actor: {
      user_id: l.actor_user_id,
      name: l.actor_name,
      api_key: r.key_name ? `${r.key_name} (${r.key_prefix}…)` : null,
    },
    ip: l.ip,
    event: l.event_id !== null && r.event_title !== null ? { id: l.event_id, title: r.event_title } : null,
    target: l.target_type ? { type: l.target_type, id: l.target_id, label: l.target_label } : null,
    data: l.data,
    created_at: l.created_at.toISOString(),
  };
}

const joined = (db: Executor) =>
  db
    .select(columns)
    .from(auditLog)
    .leftJoin(events, eq(events.id, auditLog.event_id))
    .leftJoin(apiKeys, eq(apiKeys.id, auditLog.api_key_id));

/** A page of the account's audit log, newest first. */
export async function listAudit(db: Executor, accountId: number, q: z.output<typeof auditQuery>) {
  const where = whereOf(accountId, q);
  const rows = await joined(db)
    .where(where)
    .orderBy(desc(auditLog.created_at), desc(auditLog.id))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  const [total] = await db.select({ n: count() }).from(auditLog).where(where);
  return { rows: rows.map(toDto), total: total?.n ?? 0 };
}

/** The whole filtered log as a sheet (oldest first, in batches), times in the account's zone. */
export async function auditExport(
  db: Executor,
  accountId: number,
  filters: Filters,
  timeZone: string,
  locale: Locale,
): Promise<{ total: number; sheet: ExportSheet }> {
  const where = whereOf(accountId, filters);
  const [total] = await db.select({ n: count() }).from(auditLog).where(where);
  const h = (d: (typeof T)[keyof typeof T]) => translate(locale, d);
  const cols: ExportColumn[] = [
    { heading: h(T.at), kind: 'text', width: 17 },
    { heading: h(T.action), kind: 'text', width: 24 },
    { heading: h(T.actor), kind: 'text', width: 20 },
    { heading: h(T.api_key), kind: 'text', width: 20 },
    { heading: h(T.ip), kind: 'text', width: 16 },
    { heading: h(T.event), kind: 'text', width: 24 },
    { heading: h(T.target), kind: 'text', width: 28 },
    { heading: h(T.details), kind: 'text', width: 60 },
  ];
  const batches = keysetBatches(
    (after, limit) =>
      joined(db)
        .where(and(where, sql`${auditLog.id} > ${after}`))
        .orderBy(auditLog.id)
        .limit(limit),
    (r) => r.line.id,
    (rows) =>
      rows.map((r) => {
        const d = toDto(r);
        return [
          zonedStamp(new Date(d.created_at), timeZone),
          d.action,
          d.actor.name,
          d.actor.api_key,
          d.ip,
          d.event?.title ?? null,
          d.target ? [d.target.type, d.target.label ?? d.target.id].filter(Boolean).join(': ') : null,
          Object.keys(d.data).length ? JSON.stringify(d.data) : null,
        ];
      }),
  );
  return { total: total?.n ?? 0, sheet: { name: 'audit-log', columns: cols, exponent: 0, batches } };
}

/** Deletes the lines older than each account keeps them (`audit_retention_days`); returns how many went. */
export async function purgeAuditLog(db: Executor, now: Date): Promise<number> {
  const gone = await db.execute(
    sql`delete from ${auditLog} a using ${accounts} c
        where a.account_id = c.id
          and a.created_at < ${now.toISOString()}::timestamptz - c.audit_retention_days * interval '1 day'`,
  );
  return (
    (gone as { rowCount?: number; affectedRows?: number }).rowCount ??
    (gone as { affectedRows?: number }).affectedRows ??
    0
  );
}

export type { AuditQuery };
