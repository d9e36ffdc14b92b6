import type { OrderDateDto } from '@admitone/shared';
import { and, type AnyColumn, asc, eq, inArray, sql } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { eventDates, orderItems } from '../../db/schema/index.js';
import { DomainError } from '../../shared/errors.js';
import { rowsOf } from '../inventory/counters.js';
import { type EventDateRow, storedLocation } from './event-dates.repository.js';

/**
 * The date an order or a ticket is for (docs/DOMAIN.md, "Dates"): every order line and attendee names its
 * date, and an order is for one. The views of orders and tickets join `event_dates` with these columns.
 */
export type OrderDate = Pick<EventDateRow, 'id' | 'start_date' | 'end_date' | 'label' | 'location'> &
  Partial<Pick<EventDateRow, 'calendar_sequence'>>;

/** What a query that names an order's or a ticket's date selects of `event_dates`. */
export const orderDateColumns = {
  id: eventDates.id,
  start_date: eventDates.start_date,
  end_date: eventDates.end_date,
  label: eventDates.label,
  location: eventDates.location,
  calendar_sequence: eventDates.calendar_sequence,
};

export function toOrderDateDto(d: OrderDate): OrderDateDto {
  return {
    id: d.id,
    start_date: d.start_date.toISOString(),
    end_date: d.end_date?.toISOString() ?? null,
    label: d.label,
    location: storedLocation(d.location),
  };
}

/**
 * The id of an order's date, as SQL: its first line's (all of an order's lines are for the same date). For a
 * join's condition (a query with joins names its columns with their table).
 */
export const orderDateIdSql = (orderId: AnyColumn) =>
  sql<number>`(select oi.event_date_id from order_items oi where oi.order_id = ${orderId} order by oi.id limit 1)`;

/** The date an order is for (null: an order without lines). */
export async function dateOfOrder(db: Executor, orderId: number): Promise<OrderDate | null> {
  const [row] = await db
    .select(orderDateColumns)
    .from(orderItems)
    .innerJoin(eventDates, eq(eventDates.id, orderItems.event_date_id))
    .where(eq(orderItems.order_id, orderId))
    .orderBy(asc(orderItems.id))
    .limit(1);
  return row ?? null;
}

/** The dates of a pass's tickets among these attendees (each admits on its own date), by attendee id. */
export async function datesOfPasses(
  db: Executor,
  people: ReadonlyArray<{ id: number; event_date_id: number; pass_group?: string | null }>,
): Promise<Map<number, OrderDate>> {
  const passes = people.filter((a) => a.pass_group);
  if (!passes.length) return new Map();
  const rows = await db
    .select(orderDateColumns)
    .from(eventDates)
    .where(inArray(eventDates.id, [...new Set(passes.map((a) => a.event_date_id))]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return new Map(passes.map((a) => [a.id, byId.get(a.event_date_id)!]));
}

/**
 * A list's date filter (`filter_fields[event_date_id]`): one of the event's dates, else refused on the field
 * (422), as a choice that does not exist. Another event's or account's date is not the event's.
 */
export async function checkDateFilter(
  db: Executor,
  eventId: number,
  dateId: number | undefined,
  field = 'filter_fields.event_date_id',
): Promise<void> {
  if (dateId === undefined) return;
  const [row] = await db
    .select({ id: eventDates.id })
    .from(eventDates)
    .where(and(eq(eventDates.event_id, eventId), eq(eventDates.id, dateId)));
  if (!row)
    throw new DomainError('VALIDATION_FAILED', {
      fields: { [field]: [{ key: 'not_found_choice' }] },
    });
}

/**
 * The cancellation of an order's date, with the organizer's words to the buyers (null: its date stands). Read
 * after the order's lock: a date cancelled a moment later finds this order among its standing ones.
 */
export async function cancelledDateOf(db: Executor, orderId: number): Promise<{ note: string | null } | null> {
  const [row] = await rowsOf<{ note: string | null }>(
    db,
    sql`select dc.message as note from order_items oi join event_dates d on d.id = oi.event_date_id
      left join date_cancellations dc on dc.event_date_id = d.id
      where oi.order_id = ${orderId} and d.status = 'CANCELLED' limit 1`,
  );
  return row ? { note: row.note ?? null } : null;
}

/** A checkout on a cancelled date cannot be completed, paid or extended: 409 DATE_CANCELLED. */
export async function assertDateStands(db: Executor, orderId: number): Promise<void> {
  if (await cancelledDateOf(db, orderId)) throw new DomainError('DATE_CANCELLED');
}
