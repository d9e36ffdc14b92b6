import type { PageMeta, Paginated } from '@admitone/shared';
import { and, type AnyColumn, count, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

import type { Executor } from '../db/client.js';
import { DomainError } from './errors.js';
import { type PageRequest, paginated } from './pagination.js';

/**
 * Incremental sync (issue #37): a list entered with `updated_since` and/or `cursor` answers rows in the
 * order they changed, `per_page` at a time; `meta.next_cursor` fetches the next page (null: the pass is
 * done) and `meta.sync_cursor` starts a later pass after the last row returned.
 *
 * Orders, attendees and check-ins are ordered by `(change_xid, id)`: `change_xid` is the id of the
 * transaction that last wrote the row (migration 0045's trigger). A page returns only rows whose
 * transaction is below the oldest one still running (`pg_snapshot_xmin`): every transaction below it has
 * ended, so nothing can still commit before the page's last row, and a write that commits later has an
 * id at least that bound, so after the cursor. Nothing is skipped; a row changed again comes again, later.
 *
 * Products (tickets) are ordered by `(updated_at, id)` instead: their rows carry the stock counters,
 * updated by every reservation, where no trigger may run (docs/LOCKING.md). An edit whose transaction
 * commits after a sync read past its `updated_at` is missed by that pass (an organizer's edit: a short
 * transaction, rare).
 */

/** Which list a cursor belongs to (a cursor of another list is refused). */
export type SyncKind = 'orders' | 'attendees' | 'check_ins' | 'products';
const PREFIX: Record<SyncKind, string> = { orders: 'o', attendees: 'a', check_ins: 'c', products: 'p' };

/** A row's place in a sync: its change position (transaction id, or `updated_at` in microseconds) and id. */
export interface SyncPosition {
  at: bigint;
  id: number;
}

export interface SyncRequest {
  /** Rows after this one (null: from the start). */
  after: SyncPosition | null;
  /** Rows changed at or after this instant (`updated_at`), kept by every cursor of the pass. */
  since: Date | null;
  per_page: number;
}

interface SyncQuery {
  updated_since?: string;
  cursor?: string;
  per_page: number;
}

const invalid = (field: string) => new DomainError('VALIDATION_FAILED', { fields: { [field]: [{ key: 'invalid' }] } });

/** Parameters offset paging alone takes: refused in sync mode, named in the 422. */
const OFFSET_ONLY = ['page', 'sort_by', 'sort_direction'] as const;

/**
 * The sync asked for, or null for the list's usual offset pages. `url`: the request's address, to tell a
 * `page` sent from the default one.
 */
export function syncRequest(kind: SyncKind, q: SyncQuery, url: string): SyncRequest | null {
  if (q.updated_since === undefined && q.cursor === undefined) return null;
  const sent = new URLSearchParams(url.split('?')[1] ?? '');
  const refused = OFFSET_ONLY.filter((name) => sent.has(name));
  if (refused.length)
    throw new DomainError('VALIDATION_FAILED', {
      fields: Object.fromEntries(refused.map((name) => [name, [{ key: 'invalid' as const }]])),
    });
  const cursor = q.cursor === undefined ? null : decodeCursor(kind, q.cursor);
  const since = q.updated_since !== undefined ? new Date(q.updated_since) : (cursor?.since ?? null);
  return { after: cursor?.after ?? null, since, per_page: q.per_page };
}

/** `<kind>.<position>.<id>.<since in ms or empty>`, base64url: opaque to clients, checked when it comes back. */
export function encodeCursor(kind: SyncKind, after: SyncPosition, since: Date | null): string {
  return Buffer.from(`${PREFIX[kind]}.${after.at}.${after.id}.${since ? since.getTime() : ''}`).toString('base64url');
}

function decodeCursor(kind: SyncKind, cursor: string): { after: SyncPosition; since: Date | null } {
  const m = /^([a-z])\.(\d{1,19})\.(\d{1,10})\.(-?\d{1,15})?$/.exec(
    Buffer.from(cursor, 'base64url').toString('latin1'),
  );
  if (!m || m[1] !== PREFIX[kind]) throw invalid('cursor');
  const at = BigInt(m[2]!);
  const id = Number(m[3]);
  if (at > 9_223_372_036_854_775_807n || id > 2_147_483_647) throw invalid('cursor');
  return { after: { at, id }, since: m[4] !== undefined ? new Date(Number(m[4])) : null };
}

/** Rows whose last writer has ended: below the oldest transaction still running (see above). */
export const committedBefore = (changeXid: AnyColumn): SQL =>
  sql`${changeXid} < pg_snapshot_xmin(pg_current_snapshot())::text::bigint`;

/** Rows after the cursor in `(position, id)` order. */
export const afterPosition = (position: AnyColumn | SQL, id: AnyColumn, after: SyncPosition | null): SQL | undefined =>
  after ? sql`(${position}, ${id}) > (${after.at.toString()}::bigint, ${after.id}::integer)` : undefined;

/** `updated_since`. */
export const changedSince = (updatedAt: AnyColumn, since: Date | null): SQL | undefined =>
  since ? sql`${updatedAt} >= ${since.toISOString()}::timestamptz` : undefined;

/** A product's position: its `updated_at` in microseconds (exact: `extract` answers a numeric). */
export const microsOf = (updatedAt: AnyColumn): SQL<string> =>
  sql<string>`(extract(epoch from ${updatedAt}) * 1000000)::bigint`;

/** A sync list's rows: the table, the row's change position and its id. */
export interface SyncSource {
  table: PgTable;
  position: AnyColumn | SQL;
  id: AnyColumn;
}

/**
 * The ids of a sync page (up to `per_page + 1`, in change order: the extra one tells there is more) with
 * their positions, and how many rows are left from the cursor on. `where`: the list's own conditions
 * (with `committedBefore` where the position is a transaction id). The ids and their positions come from
 * one statement, so from one snapshot: the page's last position is the bound's.
 */
export async function findSyncPage(
  db: Executor,
  from: SyncSource,
  where: SQL,
  s: SyncRequest,
): Promise<{ ids: number[]; found: SyncPosition[]; left: number }> {
  const all = and(where, afterPosition(from.position, from.id, s.after));
  const rows = await db
    .select({ id: sql<number>`${from.id}`.mapWith(Number), at: sql<string>`(${from.position})::text` })
    .from(from.table)
    .where(all)
    .orderBy(sql`${from.position}`, sql`${from.id}`)
    .limit(s.per_page + 1);
  const [left] = await db.select({ n: count() }).from(from.table).where(all);
  const found = rows.map((r) => ({ at: BigInt(r.at), id: r.id }));
  return { ids: found.slice(0, s.per_page).map((r) => r.id), found, left: Number(left?.n ?? 0) };
}

/**
 * One sync page: `found` holds up to `per_page + 1` rows' positions in order (the extra one tells there
 * is more), `rows` the page's rows in that order; `left`: rows from this page on.
 */
export function syncPage<T>(
  kind: SyncKind,
  rows: T[],
  found: SyncPosition[],
  left: number,
  s: SyncRequest,
  allowed: { sorts: readonly string[]; filters: readonly string[] },
): Paginated<T> {
  const hasMore = found.length > s.per_page;
  const last = found.slice(0, s.per_page).at(-1);
  const resume = last ?? s.after ?? { at: 0n, id: 0 };
  const meta: PageMeta = {
    current_page: 1,
    per_page: s.per_page,
    total: left,
    last_page: Math.max(1, Math.ceil(left / s.per_page)),
    allowed_sorts: [...allowed.sorts],
    allowed_filter_fields: [...allowed.filters],
    has_more: hasMore,
    next_cursor: hasMore && last ? encodeCursor(kind, last, s.since) : null,
    sync_cursor: encodeCursor(kind, resume, s.since),
  };
  return { data: rows.slice(0, s.per_page), meta };
}

/**
 * A list that answers offset pages, or sync pages when the query asks for a sync (`syncRequest`): `read.sync`
 * reads a sync page, `read.page` an offset page. `allowed` names the list's sorts (offset pages only) and filters.
 */
export async function pagedOrSynced<T>(
  kind: SyncKind,
  q: SyncQuery & PageRequest,
  url: string,
  read: {
    sync: (s: SyncRequest) => Promise<{ rows: T[]; found: SyncPosition[]; left: number }>;
    page: () => Promise<{ rows: T[]; total: number }>;
  },
  allowed: { sorts: readonly string[]; filters: readonly string[] },
): Promise<Paginated<T>> {
  const sync = syncRequest(kind, q, url);
  if (sync) {
    const page = await read.sync(sync);
    return syncPage(kind, page.rows, page.found, page.left, sync, { sorts: [], filters: allowed.filters });
  }
  const { rows, total } = await read.page();
  return paginated(rows, total, q, allowed);
}
