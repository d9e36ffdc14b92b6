import type { AdminAnswerDto, AttendeeDetailDto, AttendeeDto, CheckInEntryDto, PersonRef } from '@admitone/shared';
import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import {
  attendees,
  checkInLists,
  checkIns,
  eventDates,
  orderItems,
  orders,
  questionAnswers,
  questions,
  seatingSeats,
  users,
} from '../../db/schema/index.js';
import { offsetOf, type PageRequest } from '../../shared/pagination.js';
import { changedSince, committedBefore, findSyncPage, type SyncRequest } from '../../shared/sync.js';
import { checkDateFilter, type OrderDate, orderDateColumns, toOrderDateDto } from '../event-dates/order-dates.js';
import { seatOf } from '../seating/seat-labels.js';
import { attendeeJoins, type AttendeeListFilters, attendeeSort, attendeeWhere } from './attendee-query.js';

const columns = {
  a: attendees,
  order_number: orders.order_number,
  order_status: orders.status,
  is_manually_created: orders.is_manually_created,
  ticket_name: orderItems.ticket_name,
  tier_label: orderItems.tier_label,
  date: orderDateColumns,
  seat: { zone: seatingSeats.zone, row_label: seatingSeats.row_label, seat_number: seatingSeats.seat_number },
};
type Joined = {
  a: typeof attendees.$inferSelect;
  order_number: string;
  order_status: AttendeeDto['order_status'];
  ticket_name: string;
  tier_label: string | null;
  date: OrderDate;
  seat: { zone: string; row_label: string; seat_number: string } | null;
};

/** Names of the people who did things (check-ins, history), by user id. */
export async function peopleById(db: Executor, ids: Array<number | null>): Promise<Map<number, PersonRef>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (!wanted.length) return new Map();
  const rows = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, r]));
}

export function toAttendeeAdminDto(r: Joined, people: Map<number, PersonRef>): AttendeeDto {
  const a = r.a;
  return {
    id: a.id,
    short_id: a.short_id,
    order_id: a.order_id,
    order_number: r.order_number,
    order_status: r.order_status,
    ticket_id: a.ticket_id,
    tier_id: a.tier_id,
    ticket_name: r.ticket_name,
    tier_label: r.tier_label,
    first_name: a.first_name,
    last_name: a.last_name,
    email: a.email,
    status: a.status,
    checked_in_at: a.checked_in_at?.toISOString() ?? null,
    checked_in_by: a.checked_in_by !== null ? (people.get(a.checked_in_by) ?? null) : null,
    created_at: a.created_at.toISOString(),
    date: toOrderDateDto(r.date),
    seat: r.seat ? seatOf(r.seat) : null,
  };
}

/**
 * One page of the event's attendees, with the total. The page's ids are found on `attendees` alone
 * (its indexes serve the filters and sorts), then only those rows are joined to their orders and lines.
 * `narrower`: a further condition on `attendees` (a check-in list's tickets).
 */
export async function listAttendees(
  db: Executor,
  eventId: number,
  q: AttendeeListFilters & PageRequest,
  narrower?: SQL,
  opts?: { searchEmails?: boolean },
) {
  await checkDateFilter(db, eventId, q.filter_fields?.event_date_id);
  const where = and(attendeeWhere(eventId, q, opts), narrower)!;
  const page = db.select({ id: attendees.id }).from(attendees).$dynamic();
  if (q.sort_by === 'ticket') page.innerJoin(orderItems, attendeeJoins.items);
  const ids = (
    await page
      .where(where)
      .orderBy(...attendeeSort(q))
      .limit(q.per_page)
      .offset(offsetOf(q))
  ).map((r) => r.id);
  const [total] = await db.select({ n: count() }).from(attendees).where(where);
  const rows = await attendeesOf(db, eventId, { ids });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return { rows: ids.map((id) => byId.get(id)!).filter(Boolean), total: Number(total?.n ?? 0) };
}

/**
 * One incremental-sync page of the event's attendees (shared/sync.ts): the list's search and filters,
 * attendees whose last change has committed (`committedBefore`), in the order they changed.
 */
export async function syncAttendees(db: Executor, eventId: number, q: AttendeeListFilters, s: SyncRequest) {
  await checkDateFilter(db, eventId, q.filter_fields?.event_date_id);
  const where = and(
    attendeeWhere(eventId, q),
    committedBefore(attendees.change_xid),
    changedSince(attendees.updated_at, s.since),
  )!;
  const page = await findSyncPage(db, { table: attendees, position: attendees.change_xid, id: attendees.id }, where, s);
  const byId = new Map((await attendeesOf(db, eventId, { ids: page.ids })).map((r) => [r.id, r]));
  return { ...page, rows: page.ids.map((id) => byId.get(id)).filter((r) => r !== undefined) };
}

/** Attendees of the event by id (order detail, other modules), in position order. */
export async function attendeesOf(
  db: Executor,
  eventId: number,
  where: { orderId: number } | { ids: number[] },
): Promise<AttendeeDto[]> {
  if ('ids' in where && !where.ids.length) return [];
  const rows = await db
    .select(columns)
    .from(attendees)
    .innerJoin(orders, attendeeJoins.orders)
    .innerJoin(orderItems, attendeeJoins.items)
    .innerJoin(eventDates, attendeeJoins.date)
    .leftJoin(seatingSeats, eq(seatingSeats.id, attendees.seat_id))
    .where(
      and(
        eq(attendees.event_id, eventId),
        eq(attendees.is_admission, true),
        'orderId' in where ? eq(attendees.order_id, where.orderId) : inArray(attendees.id, where.ids),
      ),
    )
    .orderBy(asc(attendees.position), asc(attendees.id));
  const people = await peopleById(
    db,
    rows.map((r) => r.a.checked_in_by),
  );
  return rows.map((r) => toAttendeeAdminDto(r, people));
}

/** Answers of an order (order questions and every attendee's), oldest first. */
export async function answersOf(db: Executor, orderId: number, attendeeId?: number): Promise<AdminAnswerDto[]> {
  const rows = await db
    .select({
      question_id: questionAnswers.question_id,
      attendee_id: questionAnswers.attendee_id,
      answer: questionAnswers.answer,
      title: questions.title,
      type: questions.type,
    })
    .from(questionAnswers)
    .innerJoin(questions, eq(questions.id, questionAnswers.question_id))
    .where(
      and(
        eq(questionAnswers.order_id, orderId),
        attendeeId === undefined ? undefined : eq(questionAnswers.attendee_id, attendeeId),
      ),
    )
    .orderBy(asc(questions.sort_order), asc(questionAnswers.id));
  return rows.map((r) => ({
    question_id: r.question_id,
    question_title: r.title,
    question_type: r.type,
    attendee_id: r.attendee_id,
    answer: r.answer,
  }));
}

/** One attendee of the event with answers and check-in history; null when not the event's. */
export async function attendeeDetail(
  db: Executor,
  eventId: number,
  attendeeId: number,
): Promise<AttendeeDetailDto | null> {
  const [row] = await db
    .select(columns)
    .from(attendees)
    .innerJoin(orders, attendeeJoins.orders)
    .innerJoin(orderItems, attendeeJoins.items)
    .innerJoin(eventDates, attendeeJoins.date)
    .leftJoin(seatingSeats, eq(seatingSeats.id, attendees.seat_id))
    .where(
      and(
        eq(attendees.event_id, eventId),
        eq(attendees.id, attendeeId),
        eq(attendees.is_admission, true),
        inArray(attendees.status, ['ACTIVE', 'AWAITING_PAYMENT', 'CANCELLED']),
      ),
    );
  if (!row) return null;
  const history = await db
    .select({ h: checkIns, list_name: checkInLists.name })
    .from(checkIns)
    .leftJoin(checkInLists, eq(checkInLists.id, checkIns.check_in_list_id))
    .where(eq(checkIns.attendee_id, attendeeId))
    .orderBy(asc(checkIns.id));
  const people = await peopleById(db, [row.a.checked_in_by, ...history.map(({ h }) => h.user_id)]);
  const check_ins: CheckInEntryDto[] = history.map(({ h, list_name }) => ({
    id: h.id,
    action: h.action,
    by: h.user_id !== null ? (people.get(h.user_id) ?? null) : null,
    via_staff_link: h.via_staff_link,
    list_id: h.check_in_list_id,
    list_name,
    device: h.device,
    scanned_at: h.scanned_at.toISOString(),
    at: h.created_at.toISOString(),
  }));
  return {
    ...toAttendeeAdminDto(row, people),
    locale: row.a.locale,
    answers: await answersOf(db, row.a.order_id, attendeeId),
    check_ins,
    is_manually_created: row.is_manually_created,
  };
}
