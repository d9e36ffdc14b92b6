import {
  type bulkEventDatesBody,
  type DateRule,
  EVENT_DATES_MAX,
  type eventDateBody,
  type EventDateStatus,
  type IssueKey,
  type updateEventDateBody,
} from '@admitone/shared';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';

import type { Db, Tx } from '../../db/client.js';
import type { Clock } from '../../shared/clock.js';
import { zonedToUtc } from '../../shared/dates.js';
import { DomainError } from '../../shared/errors.js';
import { belowTaken } from '../inventory/limits.js';
import { expandRule } from './date-rules.js';
import {
  countEventDates,
  datesByIds,
  type EventDateRow,
  idArray,
  insertEventDates,
  instantSql,
  storedLocation,
  syncEventSpan,
} from './event-dates.repository.js';
import { recordDateMove } from './move-date.js';

type Deps = { db: Db; clock: Clock };
interface Scope {
  accountId: number;
  eventId: number;
}

/** A field error of a date's change. */
const fieldError = (field: string, key: IssueKey, values?: Record<string, string | number>) =>
  new DomainError('VALIDATION_FAILED', { fields: { [field]: [{ key, ...(values ? { values } : {}) }] } });

/**
 * A time the client wrote (the event's wall clock, or an instant) as an instant; one that is no time (or
 * past the year 9999, which no ISO string can name) is refused.
 */
function instantOf(written: string, timezone: string, field: string): Date {
  const at = zonedToUtc(written, timezone);
  if (Number.isNaN(at.getTime()) || at.getUTCFullYear() > 9999) throw fieldError(field, 'invalid_date');
  return at;
}

/**
 * Locks the caller's event for a change of its dates (`FOR NO KEY UPDATE`: a ticket being created takes
 * it `FOR SHARE`, so "every ticket of the event" and "every date of the event" cannot change under each
 * other) and answers its time zone; another account's event is not found.
 */
export async function lockEventForDates(tx: Tx, scope: Scope): Promise<{ timezone: string }> {
  const res = (await tx.execute(
    sql`select timezone from events where id = ${scope.eventId} and account_id = ${scope.accountId} for no key update`,
  )) as unknown as { rows: Array<{ timezone: string }> };
  if (!res.rows[0]) throw new DomainError('NOT_FOUND');
  return res.rows[0];
}

/** Refuses more dates than an event may have (`field` names where the request asked for them). */
async function checkRoom(tx: Tx, eventId: number, adding: number, field: string): Promise<void> {
  const existing = await countEventDates(tx, eventId);
  if (existing + adding > EVENT_DATES_MAX)
    throw fieldError(field, 'too_many_dates', { max: EVENT_DATES_MAX, existing });
}

/** Creates one date; its times are the event's wall clock (or instants). */
export async function createDate(
  deps: Deps,
  scope: Scope,
  body: z.output<typeof eventDateBody>,
): Promise<EventDateRow> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const { timezone } = await lockEventForDates(tx, scope);
    const start = instantOf(body.start_date, timezone, 'start_date');
    const end = body.end_date ? instantOf(body.end_date, timezone, 'end_date') : null;
    if (end && end <= start) throw fieldError('end_date', 'end_before_start');
    if (start <= now) throw fieldError('start_date', 'must_be_future');
    await checkRoom(tx, scope.eventId, 1, 'start_date');
    const [made] = await insertEventDates(
      tx,
      scope.eventId,
      [{ start, end }],
      { label: body.label, location: storedLocation(body.location), status: body.status, capacity: body.capacity },
      now,
    );
    await syncEventSpan(tx, scope.eventId, now);
    return made!;
  });
}

/**
 * Makes the dates of a rule (date-rules.ts) in the event's time zone: one statement for the dates, one for
 * every ticket on them. Refused when it makes none, when one would start in the past, or when the event
 * would have more than EVENT_DATES_MAX dates. The rule is expanded before the event is locked (and again
 * in the lock, should its zone have changed meanwhile), so the lock is held only for the writes.
 */
export async function generateDates(deps: Deps, scope: Scope, rule: DateRule): Promise<EventDateRow[]> {
  const now = deps.clock.now();
  const endField = rule.count !== null ? 'count' : 'until';
  const expand = (timezone: string) => {
    const made = expandRule(rule, timezone);
    if (!made.length) throw fieldError('start_on', 'rule_no_dates');
    if (made[0]!.start <= now) throw fieldError('start_on', 'must_be_future');
    return made;
  };
  const [event] = (
    (await deps.db.execute(
      sql`select timezone from events where id = ${scope.eventId} and account_id = ${scope.accountId}`,
    )) as unknown as { rows: Array<{ timezone: string }> }
  ).rows;
  if (!event) throw new DomainError('NOT_FOUND');
  const first = expand(event.timezone);
  return deps.db.transaction(async (tx) => {
    const { timezone } = await lockEventForDates(tx, scope);
    const made = timezone === event.timezone ? first : expand(timezone);
    await checkRoom(tx, scope.eventId, made.length, endField);
    const rows = await insertEventDates(
      tx,
      scope.eventId,
      made,
      { label: rule.label, location: null, status: rule.status, capacity: rule.capacity },
      now,
    );
    await syncEventSpan(tx, scope.eventId, now);
    return rows;
  });
}

/**
 * Locks these dates of the event (`FOR NO KEY UPDATE`, ids ascending: the stock module's order; a
 * reservation updating a date's counter waits, and so does this for it), after the event row. Not found
 * unless every id is the event's.
 */
export async function lockDates(tx: Tx, eventId: number, ids: readonly number[]): Promise<EventDateRow[]> {
  await tx.execute(
    sql`select id from event_dates where event_id = ${eventId} and id = any(${idArray(ids)}) order by id for no key update`,
  );
  const rows = await datesByIds(tx, eventId, ids);
  if (rows.length !== ids.length) throw new DomainError('NOT_FOUND');
  return rows;
}

/**
 * A status change through an edit: never to CANCELLED (its own action cancels the date's orders) and never
 * away from it; back to ON_SALE from SOLD_OUT or HIDDEN is fine. The same status again changes nothing.
 */
function checkStatus(rows: readonly EventDateRow[], status: EventDateStatus | undefined): void {
  if (status === undefined) return;
  if (status === 'CANCELLED' && rows.some((r) => r.status !== 'CANCELLED'))
    throw fieldError('status', 'cancel_date_separately');
  if (status !== 'CANCELLED' && rows.some((r) => r.status === 'CANCELLED'))
    throw fieldError('status', 'date_cancelled');
}

/** A capacity below what any of the dates has taken (sold and held) is refused, naming the most taken. */
function checkCapacity(rows: readonly EventDateRow[], capacity: number | null | undefined): void {
  if (capacity === undefined || capacity === null) return;
  const taken = Math.max(0, ...rows.map((r) => r.taken));
  if (capacity < taken) throw belowTaken('capacity', taken);
}

/**
 * Changes one date; fields left out stay. Its capacity and status are checked on the locked row. New times move
 * the date: its calendar files' sequence goes up, and with `notify_buyers` the move is recorded for the worker to
 * tell its buyers (`recordDateMove`, whose mail rules may refuse the whole change).
 */
export async function updateDate(
  deps: Deps & { mailBudgetPerHour?: number },
  scope: Scope,
  dateId: number,
  body: z.output<typeof updateEventDateBody>,
  userId: number | null = null,
): Promise<{ date: EventDateRow; move: { orders: number } | null }> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const { timezone } = await lockEventForDates(tx, scope);
    const [row] = await lockDates(tx, scope.eventId, [dateId]);
    const date = row!;
    checkStatus([date], body.status);
    checkCapacity([date], body.capacity);
    const start = body.start_date !== undefined ? instantOf(body.start_date, timezone, 'start_date') : date.start_date;
    const end =
      body.end_date === undefined
        ? date.end_date
        : body.end_date
          ? instantOf(body.end_date, timezone, 'end_date')
          : null;
    if (end && end <= start) throw fieldError('end_date', 'end_before_start');
    if (start.getTime() !== date.start_date.getTime() && start <= now) throw fieldError('start_date', 'must_be_future');
    const location = storedLocation(body.location);
    const moved =
      start.getTime() !== date.start_date.getTime() || (end?.getTime() ?? null) !== (date.end_date?.getTime() ?? null);
    const sets = [
      sql`updated_at = ${now}::timestamptz`,
      moved ? sql`calendar_sequence = calendar_sequence + 1` : null,
      body.start_date !== undefined ? sql`start_date = ${instantSql(start)}` : null,
      body.end_date !== undefined ? sql`end_date = ${instantSql(end)}` : null,
      body.label !== undefined ? sql`label = ${body.label}::text` : null,
      body.location !== undefined ? sql`location = ${location ? JSON.stringify(location) : null}::jsonb` : null,
      body.status !== undefined ? sql`status = ${body.status}::text` : null,
      body.capacity !== undefined ? sql`capacity = ${body.capacity}::int` : null,
    ].filter((s) => s !== null);
    await tx.execute(sql`update event_dates set ${sql.join(sets, sql`, `)} where id = ${dateId}`);
    await syncEventSpan(tx, scope.eventId, now);
    // Last (the mail budget's lock is the last one taken), as a cancellation's.
    const move =
      moved && body.notify_buyers
        ? await recordDateMove(tx, {
            date,
            accountId: scope.accountId,
            message: body.move_message ?? null,
            userId,
            mailBudgetPerHour: deps.mailBudgetPerHour,
            now,
          })
        : null;
    return { date: (await datesByIds(tx, scope.eventId, [dateId]))[0]!, move };
  });
}

/** The same change to many dates of the event, all checked on their locked rows first, in one update. */
export async function updateDates(
  deps: Deps,
  scope: Scope,
  body: z.output<typeof bulkEventDatesBody>,
): Promise<EventDateRow[]> {
  const now = deps.clock.now();
  const ids = [...new Set(body.ids)].sort((a, b) => a - b);
  return deps.db.transaction(async (tx) => {
    await lockEventForDates(tx, scope);
    // Before the dates are locked: the stock module's order is the ticket, its rows on dates, then the dates.
    if (body.ticket_price) await setTicketPrice(tx, scope, ids, body.ticket_price);
    const rows = await lockDates(tx, scope.eventId, ids);
    checkStatus(rows, body.status);
    checkCapacity(rows, body.capacity);
    const sets = [
      sql`updated_at = ${now}::timestamptz`,
      body.label !== undefined ? sql`label = ${body.label}::text` : null,
      body.status !== undefined ? sql`status = ${body.status}::text` : null,
      body.capacity !== undefined ? sql`capacity = ${body.capacity}::int` : null,
    ].filter((s) => s !== null);
    await tx.execute(
      sql`update event_dates set ${sql.join(sets, sql`, `)} where event_id = ${scope.eventId} and id = any(${idArray(ids)})`,
    );
    await syncEventSpan(tx, scope.eventId, now);
    return datesByIds(tx, scope.eventId, ids);
  });
}

/**
 * Sets one ticket's price on the chosen dates (its rows there), under the ticket's lock as a single date's
 * change (`saveTicketDate`). A ticket of the event with one fixed price only (else a field error); a date of
 * another event is refused by `lockDates` afterwards, which rolls this back.
 */
async function setTicketPrice(
  tx: Tx,
  scope: Scope,
  ids: number[],
  change: { ticket_id: number; price: number | null },
): Promise<void> {
  const res = (await tx.execute(
    sql`select type from tickets where id = ${change.ticket_id} and event_id = ${scope.eventId} for update`,
  )) as unknown as { rows: Array<{ type: string }> };
  const ticket = res.rows[0];
  if (!ticket) throw fieldError('ticket_price.ticket_id', 'invalid_value');
  if (change.price !== null && ticket.type !== 'PAID') throw fieldError('ticket_price.price', 'invalid_value');
  await tx.execute(sql`select id from ticket_dates where ticket_id = ${change.ticket_id}
    and event_date_id = any(${idArray(ids)}) order by event_date_id for update`);
  await tx.execute(sql`update ticket_dates set price = ${change.price}::int
    where ticket_id = ${change.ticket_id} and event_date_id = any(${idArray(ids)})`);
}

/**
 * Deletes a date that never had an attendee (of any status), never the event's last one; its tickets'
 * rows on it go with it. Locks the event, then the date's ticket rows and the date (the stock module's
 * order: ticket dates before dates), so no reservation can take a unit on it meanwhile.
 */
export async function deleteDate(deps: Deps, scope: Scope, dateId: number): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await lockEventForDates(tx, scope);
    await tx.execute(sql`
      select td.id from ticket_dates td join event_dates d on d.id = td.event_date_id
      where d.id = ${dateId} and d.event_id = ${scope.eventId} order by td.ticket_id for update of td`);
    const found = (await tx.execute(
      sql`select id from event_dates where id = ${dateId} and event_id = ${scope.eventId} for update`,
    )) as unknown as { rows: unknown[] };
    if (!found.rows.length) throw new DomainError('NOT_FOUND');
    if ((await countEventDates(tx, scope.eventId)) <= 1) throw new DomainError('LAST_EVENT_DATE');
    const used = (await tx.execute(sql`
      select exists (select 1 from attendees where event_date_id = ${dateId})
        or exists (select 1 from order_items where event_date_id = ${dateId}) as used`)) as unknown as {
      rows: Array<{ used: boolean }>;
    };
    if (used.rows[0]?.used) throw new DomainError('DATE_HAS_ATTENDEES');
    await tx.execute(sql`delete from event_dates where id = ${dateId}`);
    await syncEventSpan(tx, scope.eventId, now);
  });
}
