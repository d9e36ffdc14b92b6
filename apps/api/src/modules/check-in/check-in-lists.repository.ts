import type { CheckInListDto, CheckInListState } from '@admitone/shared';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { attendees, checkInLists, checkInListTickets } from '../../db/schema/index.js';

export type CheckInListRow = typeof checkInLists.$inferSelect;

/** The default list of a new event: no name (shown as "All tickets"), admits every ticket, always open. */
export async function insertDefaultCheckInList(
  db: Executor,
  event: { id: number; account_id: number; created_at?: Date },
): Promise<number> {
  const [row] = await db
    .insert(checkInLists)
    .values({
      account_id: event.account_id,
      event_id: event.id,
      sort_order: 0,
      ...(event.created_at ? { created_at: event.created_at, updated_at: event.created_at } : {}),
    })
    .returning({ id: checkInLists.id });
  return row!.id;
}

/** The event's lists in their order. */
export async function checkInListsOf(db: Executor, accountId: number, eventId: number): Promise<CheckInListRow[]> {
  return db
    .select()
    .from(checkInLists)
    .where(and(eq(checkInLists.account_id, accountId), eq(checkInLists.event_id, eventId)))
    .orderBy(asc(checkInLists.sort_order), asc(checkInLists.id));
}

/** One list of the event (another event's or account's is not found); without an id, the event's first list. */
export async function findCheckInList(
  db: Executor,
  accountId: number,
  eventId: number,
  listId?: number,
): Promise<CheckInListRow | null> {
  const [row] = await db
    .select()
    .from(checkInLists)
    .where(
      and(
        eq(checkInLists.account_id, accountId),
        eq(checkInLists.event_id, eventId),
        listId === undefined ? undefined : eq(checkInLists.id, listId),
      ),
    )
    .orderBy(asc(checkInLists.sort_order), asc(checkInLists.id))
    .limit(1);
  return row ?? null;
}

/** The list a staff link opens; a revoked or regenerated link finds nothing. */
export async function findListByToken(db: Executor, token: string): Promise<CheckInListRow | null> {
  const [row] = await db.select().from(checkInLists).where(eq(checkInLists.staff_token, token)).limit(1);
  return row ?? null;
}

/** The ticket ids each list admits when it does not admit all. */
export async function listTicketIds(db: Executor, listIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>(listIds.map((id) => [id, []]));
  if (!listIds.length) return out;
  const rows = await db
    .select()
    .from(checkInListTickets)
    .where(inArray(checkInListTickets.list_id, listIds))
    .orderBy(asc(checkInListTickets.ticket_id));
  for (const r of rows) out.get(r.list_id)!.push(r.ticket_id);
  return out;
}

/** Whether the list is open at `at`. */
export function listStateAt(list: Pick<CheckInListRow, 'activates_at' | 'expires_at'>, at: Date): CheckInListState {
  if (list.activates_at && at < list.activates_at) return 'NOT_YET_ACTIVE';
  if (list.expires_at && at >= list.expires_at) return 'EXPIRED';
  return 'ACTIVE';
}

/** The condition "the list admits the attendee's ticket" on `attendees` (none when it admits all). */
export function admittedBy(list: Pick<CheckInListRow, 'id' | 'all_tickets'>): SQL | undefined {
  return list.all_tickets
    ? undefined
    : inArray(attendees.ticket_id, sql`(select ticket_id from check_in_list_tickets where list_id = ${list.id})`);
}

/** Checked in on each list and the valid (ACTIVE) attendees it admits. */
async function countsOf(
  db: Executor,
  eventId: number,
  lists: CheckInListRow[],
): Promise<Map<number, { checked_in: number; total: number }>> {
  const out = new Map<number, { checked_in: number; total: number }>();
  if (!lists.length) return out;
  const { rows } = (await db.execute(sql`
    select l.id,
      (select count(*)::int from attendees a where a.event_id = ${eventId} and a.status = 'ACTIVE' and a.is_admission
        and (l.all_tickets or a.ticket_id in (select ticket_id from check_in_list_tickets t where t.list_id = l.id))) as total,
      (select count(*)::int from list_check_ins c join attendees a on a.id = c.attendee_id where c.list_id = l.id and a.status = 'ACTIVE') as checked_in
    from check_in_lists l where l.event_id = ${eventId} and l.id in (${sql.join(
      lists.map((l) => sql`${l.id}`),
      sql`, `,
    )})`)) as unknown as { rows: Array<{ id: number; total: number; checked_in: number }> };
  for (const r of rows) out.set(Number(r.id), { checked_in: Number(r.checked_in), total: Number(r.total) });
  return out;
}

/**
 * The lists as the screens show them, with their counts; whether each has a staff link, never its secret
 * (these answers reach door staff, staff links and API keys: a signed-in organizer reads it on its own route).
 */
export async function checkInListViews(db: Executor, rows: CheckInListRow[], now: Date): Promise<CheckInListDto[]> {
  if (!rows.length) return [];
  const tickets = await listTicketIds(
    db,
    rows.map((r) => r.id),
  );
  const counts = await countsOf(db, rows[0]!.event_id, rows);
  return rows.map((r) => ({
    id: r.id,
    event_id: r.event_id,
    name: r.name,
    description: r.description,
    all_tickets: r.all_tickets,
    ticket_ids: r.all_tickets ? [] : (tickets.get(r.id) ?? []),
    activates_at: r.activates_at?.toISOString() ?? null,
    expires_at: r.expires_at?.toISOString() ?? null,
    state: listStateAt(r, now),
    has_staff_link: r.staff_token !== null,
    staff_token: null,
    checked_in: counts.get(r.id)?.checked_in ?? 0,
    total: counts.get(r.id)?.total ?? 0,
  }));
}
