import { randomBytes } from 'node:crypto';

import { CHECK_IN_LISTS_MAX, type checkInListBody, type CheckInListDto } from '@admitone/shared';
import { and, asc, eq, inArray, max, sql } from 'drizzle-orm';
import type { z } from 'zod';

import type { Db, Tx } from '../../db/client.js';
import { checkInLists, checkInListTickets, tickets } from '../../db/schema/index.js';
import type { Clock } from '../../shared/clock.js';
import { zonedToUtc } from '../../shared/dates.js';
import { DomainError } from '../../shared/errors.js';
import { checkInListViews, findCheckInList } from './check-in-lists.repository.js';

type ListInput = z.output<typeof checkInListBody>;
interface EventRef {
  id: number;
  account_id: number;
  timezone: string;
}
interface Deps {
  db: Db;
  clock: Clock;
}

const at = (local: string | null, tz: string) => (local ? zonedToUtc(local, tz) : null);

/** A new staff-link secret: 32 random bytes, url-safe (256 bits: not guessable, not enumerable). */
export const newStaffToken = () => randomBytes(32).toString('base64url');

const columnsOf = (input: ListInput, event: EventRef) => ({
  name: input.name,
  description: input.description,
  all_tickets: input.all_tickets,
  activates_at: at(input.activates_at, event.timezone),
  expires_at: at(input.expires_at, event.timezone),
});

/** The event's lists locked for a change of their set (the caller's transaction). */
async function lockLists(tx: Tx, eventId: number): Promise<Array<{ id: number }>> {
  return tx
    .select({ id: checkInLists.id })
    .from(checkInLists)
    .where(eq(checkInLists.event_id, eventId))
    .orderBy(asc(checkInLists.id))
    .for('update');
}

/** The list's tickets replaced by the input's (every id must be a ticket of the event). */
async function writeTickets(tx: Tx, event: EventRef, listId: number, input: ListInput): Promise<void> {
  await tx.delete(checkInListTickets).where(eq(checkInListTickets.list_id, listId));
  if (input.all_tickets) return;
  const ids = [...new Set(input.ticket_ids)];
  const found = await tx
    .select({ id: tickets.id })
    .from(tickets)
    .where(
      and(
        eq(tickets.account_id, event.account_id),
        eq(tickets.event_id, event.id),
        eq(tickets.product_type, 'TICKET'),
        inArray(tickets.id, ids),
      ),
    );
  if (found.length !== ids.length)
    throw new DomainError('VALIDATION_FAILED', { fields: { ticket_ids: [{ key: 'not_found_choice' }] } });
  await tx.insert(checkInListTickets).values(ids.map((ticket_id) => ({ list_id: listId, ticket_id })));
}

async function viewOf(deps: Deps, tx: Tx, event: EventRef, listId: number): Promise<CheckInListDto> {
  const row = await findCheckInList(tx, event.account_id, event.id, listId);
  if (!row) throw new DomainError('NOT_FOUND');
  const [view] = await checkInListViews(tx, [row], deps.clock.now());
  return view!;
}

/** Adds a list at the end of the event's lists. */
export async function createCheckInList(deps: Deps, event: EventRef, input: ListInput): Promise<CheckInListDto> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const existing = await lockLists(tx, event.id);
    if (existing.length >= CHECK_IN_LISTS_MAX)
      throw new DomainError('VALIDATION_FAILED', {
        fields: { name: [{ key: 'too_many', values: { max: CHECK_IN_LISTS_MAX } }] },
      });
    const [last] = await tx
      .select({ n: max(checkInLists.sort_order) })
      .from(checkInLists)
      .where(eq(checkInLists.event_id, event.id));
    const [row] = await tx
      .insert(checkInLists)
      .values({
        ...columnsOf(input, event),
        account_id: event.account_id,
        event_id: event.id,
        sort_order: (last?.n ?? -1) + 1,
        created_at: now,
        updated_at: now,
      })
      .returning({ id: checkInLists.id });
    await writeTickets(tx, event, row!.id, input);
    return viewOf(deps, tx, event, row!.id);
  });
}

export async function updateCheckInList(
  deps: Deps,
  event: EventRef,
  listId: number,
  input: ListInput,
): Promise<CheckInListDto> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(checkInLists)
      .set({ ...columnsOf(input, event), updated_at: deps.clock.now() })
      .where(
        and(
          eq(checkInLists.id, listId),
          eq(checkInLists.event_id, event.id),
          eq(checkInLists.account_id, event.account_id),
        ),
      )
      .returning({ id: checkInLists.id });
    if (!row) throw new DomainError('NOT_FOUND');
    await writeTickets(tx, event, listId, input);
    return viewOf(deps, tx, event, listId);
  });
}

/** Deletes a list (its check-ins go; the history keeps its rows without the list); the event keeps at least one. */
export async function deleteCheckInList(deps: Deps, event: EventRef, listId: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const all = await lockLists(tx, event.id);
    if (!all.some((l) => l.id === listId)) throw new DomainError('NOT_FOUND');
    if (all.length === 1) throw new DomainError('LAST_CHECK_IN_LIST');
    await tx.delete(checkInLists).where(eq(checkInLists.id, listId));
  });
  // Who was in only on that list is no longer in. After the commit, not inside it: attendee rows are
  // locked before list rows by every scan, and this order keeps it so.
  await deps.db.execute(sql`
    update attendees a set
      updated_at = ${deps.clock.now()},
      checked_in_at = (select min(c.checked_in_at) from list_check_ins c where c.attendee_id = a.id),
      checked_in_by = (select c.checked_in_by from list_check_ins c where c.attendee_id = a.id order by c.checked_in_at, c.list_id limit 1)
    where a.event_id = ${event.id} and a.checked_in_at is not null
      and not exists (select 1 from list_check_ins c where c.attendee_id = a.id and c.checked_in_at = a.checked_in_at)`);
}

/**
 * Makes the list's staff link, or a new one in place of the old (which stops working at once: the
 * next request made with it finds no list). `revoke`: no link at all. Returns the list and the new
 * secret (null when revoked), for the route to answer only to a signed-in person.
 */
export async function setStaffLink(
  deps: Deps,
  event: EventRef,
  listId: number,
  revoke: boolean,
): Promise<{ list: CheckInListDto; token: string | null }> {
  return deps.db.transaction(async (tx) => {
    const token = revoke ? null : newStaffToken();
    const [row] = await tx
      .update(checkInLists)
      .set({ staff_token: token, updated_at: deps.clock.now() })
      .where(
        and(
          eq(checkInLists.id, listId),
          eq(checkInLists.event_id, event.id),
          eq(checkInLists.account_id, event.account_id),
        ),
      )
      .returning({ id: checkInLists.id });
    if (!row) throw new DomainError('NOT_FOUND');
    return { list: await viewOf(deps, tx, event, listId), token };
  });
}

/** The list's staff-link secret (null: no link); the route answers it to a signed-in person only. */
export async function staffLinkToken(deps: Deps, event: EventRef, listId: number): Promise<string | null> {
  const row = await findCheckInList(deps.db, event.account_id, event.id, listId);
  if (!row) throw new DomainError('NOT_FOUND');
  return row.staff_token;
}
