import type { Locale } from '@admitone/shared';
import { and, asc, count, eq, gt } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { attendees, checkInLists, checkIns, orderItems, users } from '../../db/schema/index.js';
import { translate } from '../../i18n/i18n.js';
import type { ExportEvent } from './attendee-export.js';
import { EXPORT_TEXT as T } from './export-headings.js';
import { type Cell, type ExportColumn, type ExportSheet, keysetBatches, zonedStamp } from './export-sheet.js';

/**
 * Every check-in and check-out of the event (of one list with `listId`), oldest first: when it was
 * scanned and received, on which list, whom, by whom (or the staff link) and on which device.
 */
export async function checkInExport(
  db: Executor,
  event: ExportEvent,
  listId: number | undefined,
  locale: Locale,
): Promise<{ total: number; sheet: ExportSheet }> {
  const where = and(
    eq(checkIns.event_id, event.id),
    listId === undefined ? undefined : eq(checkIns.check_in_list_id, listId),
  )!;
  const [counted] = await db.select({ n: count() }).from(checkIns).where(where);
  const h = (d: (typeof T)[keyof typeof T]) => translate(locale, d);
  const columns: ExportColumn[] = [
    { heading: h(T.id), kind: 'int' },
    { heading: h(T.scanned_at), kind: 'text', width: 17 },
    { heading: h(T.action), kind: 'text', width: 12 },
    { heading: h(T.check_in_list), kind: 'text', width: 20 },
    { heading: h(T.ticket_code), kind: 'text', width: 18 },
    { heading: h(T.first_name), kind: 'text', width: 16 },
    { heading: h(T.last_name), kind: 'text', width: 16 },
    { heading: h(T.ticket), kind: 'text', width: 20 },
    { heading: h(T.by), kind: 'text', width: 20 },
    { heading: h(T.device), kind: 'text', width: 20 },
    { heading: h(T.received_at), kind: 'text', width: 17 },
  ];
  const words = {
    in: h(T.check_in),
    out: h(T.check_out),
    link: h(T.staff_link),
    defaultList: h(T.default_list),
    deleted: h(T.deleted_list),
  };
  return {
    total: Number(counted?.n ?? 0),
    sheet: { name: h(T.check_ins_sheet), columns, exponent: 0, batches: batches(db, event, where, words) },
  };
}

type Words = { in: string; out: string; link: string; defaultList: string; deleted: string };

function batches(
  db: Executor,
  event: ExportEvent,
  where: ReturnType<typeof and>,
  words: Words,
): AsyncGenerator<Cell[][]> {
  const read = (after: number, limit: number) =>
    db
      .select({
        c: checkIns,
        list_name: checkInLists.name,
        list_exists: checkInLists.id,
        short_id: attendees.short_id,
        first_name: attendees.first_name,
        last_name: attendees.last_name,
        ticket_name: orderItems.ticket_name,
        user_name: users.name,
      })
      .from(checkIns)
      .innerJoin(attendees, eq(attendees.id, checkIns.attendee_id))
      .innerJoin(orderItems, eq(orderItems.id, attendees.order_item_id))
      .leftJoin(checkInLists, eq(checkInLists.id, checkIns.check_in_list_id))
      .leftJoin(users, eq(users.id, checkIns.user_id))
      .where(and(where, gt(checkIns.id, after)))
      .orderBy(asc(checkIns.id))
      .limit(limit);
  return keysetBatches(
    read,
    (r) => r.c.id,
    (rows) =>
      rows.map((r) => [
        r.c.id,
        zonedStamp(r.c.scanned_at, event.timezone),
        r.c.action === 'CHECK_IN' ? words.in : words.out,
        r.list_exists === null ? words.deleted : (r.list_name ?? words.defaultList),
        r.short_id,
        r.first_name,
        r.last_name,
        r.ticket_name,
        r.c.via_staff_link ? words.link : r.user_name,
        r.c.device,
        zonedStamp(r.c.created_at, event.timezone),
      ]),
  );
}
