import type { CheckInRecordDto, checkInRecordListQuery } from '@admitone/shared';
import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';

import type { Executor } from '../../db/client.js';
import { checkIns, users } from '../../db/schema/index.js';
import { offsetOf, type PageRequest } from '../../shared/pagination.js';
import { changedSince, committedBefore, findSyncPage, type SyncRequest } from '../../shared/sync.js';

export type CheckInRecordFilters = z.output<typeof checkInRecordListQuery>;

/** The event's check-ins and check-outs, filtered by list and action. */
function historyWhere(eventId: number, q: Pick<CheckInRecordFilters, 'filter_fields'>): SQL {
  const f = q.filter_fields ?? {};
  return and(
    eq(checkIns.event_id, eventId),
    f.check_in_list_id ? eq(checkIns.check_in_list_id, f.check_in_list_id) : undefined,
    f.action ? eq(checkIns.action, f.action) : undefined,
  )!;
}

/** The rows of these ids, in this order, with who scanned. */
async function recordsOf(db: Executor, ids: number[]): Promise<CheckInRecordDto[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ c: checkIns, user_name: users.name })
    .from(checkIns)
    .leftJoin(users, eq(users.id, checkIns.user_id))
    .where(inArray(checkIns.id, ids));
  const byId = new Map(rows.map((r) => [r.c.id, r]));
  return ids
    .map((id) => byId.get(id))
    .filter((r) => r !== undefined)
    .map(({ c, user_name }) => ({
      id: c.id,
      attendee_id: c.attendee_id,
      action: c.action,
      check_in_list_id: c.check_in_list_id,
      by: c.user_id !== null && user_name !== null ? { id: c.user_id, name: user_name } : null,
      via_staff_link: c.via_staff_link,
      device: c.device,
      scanned_at: c.scanned_at.toISOString(),
      created_at: c.created_at.toISOString(),
    }));
}

/** One offset page of the event's check-in history, newest first unless asked otherwise (received time, then id). */
export async function listCheckInRecords(db: Executor, eventId: number, q: CheckInRecordFilters & PageRequest) {
  const where = historyWhere(eventId, q);
  const dir = q.sort_direction === 'asc' ? asc : desc;
  const ids = (
    await db
      .select({ id: checkIns.id })
      .from(checkIns)
      .where(where)
      .orderBy(dir(checkIns.created_at), dir(checkIns.id))
      .limit(q.per_page)
      .offset(offsetOf(q))
  ).map((r) => r.id);
  const [total] = await db.select({ n: count() }).from(checkIns).where(where);
  return { rows: await recordsOf(db, ids), total: Number(total?.n ?? 0) };
}

/**
 * One incremental-sync page of the history (shared/sync.ts): rows whose transaction has committed
 * (`committedBefore`), in commit order. Rows are never changed, so a pass sees each once. `updated_since`
 * reads `created_at` (when the server received the scan).
 */
export async function syncCheckInRecords(db: Executor, eventId: number, q: CheckInRecordFilters, s: SyncRequest) {
  const where = and(
    historyWhere(eventId, q),
    committedBefore(checkIns.change_xid),
    changedSince(checkIns.created_at, s.since),
  )!;
  const page = await findSyncPage(db, { table: checkIns, position: checkIns.change_xid, id: checkIns.id }, where, s);
  return { ...page, rows: await recordsOf(db, page.ids) };
}
