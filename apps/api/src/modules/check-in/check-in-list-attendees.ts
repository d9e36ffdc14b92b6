import type { AttendeeDto, CheckInOfflineDto, CheckInStatsDto, OfflineTicketDto } from '@admitone/shared';
import { personName } from '@admitone/shared';
import { and, eq, inArray, not, sql } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import {
  attendees,
  eventDates,
  listCheckIns,
  orderItems,
  retiredTicketCodes,
  seatingSeats,
} from '../../db/schema/index.js';
import type { PageRequest } from '../../shared/pagination.js';
import { type AttendeeListFilters, refuseHiddenSort } from '../attendees/attendee-query.js';
import { listAttendees, peopleById } from '../attendees/attendee-view.js';
import { checkDateFilter } from '../event-dates/order-dates.js';
import { eventTicketKey } from '../orders/ticket-signature.js';
import { seatOf } from '../seating/seat-labels.js';
import { admittedBy, type CheckInListRow } from './check-in-lists.repository.js';

/**
 * One page of the attendees a list admits, each shown checked in or not on this list (an attendee
 * checked in at another door is still to be checked in here). "Checked in" filters by this list too.
 * `seesEmails`: false for door staff and staff links, who see no e-mail addresses, so can neither
 * search nor sort by them (a sort by e-mail is refused on the field).
 */
export async function listAttendeesOnList(
  db: Executor,
  eventId: number,
  list: CheckInListRow,
  q: AttendeeListFilters & PageRequest,
  opts: { seesEmails: boolean },
): Promise<{ rows: AttendeeDto[]; total: number; passedOn?: boolean }> {
  if (!opts.seesEmails) refuseHiddenSort(q);
  const { checked_in, ...filters } = q.filter_fields ?? {};
  const onList = sql`exists (select 1 from list_check_ins c where c.list_id = ${list.id} and c.attendee_id = ${attendees.id})`;
  const narrower = and(admittedBy(list), checked_in === true ? onList : checked_in === false ? not(onList) : undefined);
  const { rows, total } = await listAttendees(db, eventId, { ...q, filter_fields: filters }, narrower, {
    searchEmails: opts.seesEmails,
  });
  if (!rows.length) return { rows, total, passedOn: await isRetiredCode(db, eventId, q.query) };
  const states = await db
    .select()
    .from(listCheckIns)
    .where(
      and(
        eq(listCheckIns.list_id, list.id),
        inArray(
          listCheckIns.attendee_id,
          rows.map((r) => r.id),
        ),
      ),
    );
  const people = await peopleById(
    db,
    states.map((s) => s.checked_in_by),
  );
  const byAttendee = new Map(states.map((s) => [s.attendee_id, s]));
  return {
    total,
    rows: rows.map((r) => {
      const s = byAttendee.get(r.id);
      return {
        ...r,
        checked_in_at: s?.checked_in_at.toISOString() ?? null,
        checked_in_by: s?.checked_in_by != null ? (people.get(s.checked_in_by) ?? null) : null,
      };
    }),
  };
}

/** A search that is the old code of one of the event's tickets that was passed on (its codes are upper-case). */
async function isRetiredCode(db: Executor, eventId: number, query: string | undefined): Promise<boolean> {
  const code = query?.trim();
  if (!code || /\s/.test(code) || code.length > 64) return false;
  const found = await db
    .select({ code: retiredTicketCodes.code })
    .from(retiredTicketCodes)
    .where(
      and(
        eq(retiredTicketCodes.event_id, eventId),
        inArray(retiredTicketCodes.code, [...new Set([code, code.toUpperCase()])]),
      ),
    )
    .limit(1);
  return found.length > 0;
}

/**
 * Checked in on the list against the valid (ACTIVE) attendees it admits, in all and per ticket in the catalogue's
 * order; with `dateId` (one of the event's dates, else 422 on the field) those for that date only.
 */
export async function checkInStatsOnList(
  db: Executor,
  eventId: number,
  list: CheckInListRow,
  dateId?: number,
): Promise<CheckInStatsDto> {
  await checkDateFilter(db, eventId, dateId);
  const onDate = dateId === undefined ? sql.empty() : sql` and a.event_date_id = ${dateId}`;
  const { rows } = (await db.execute(sql`
    select t.id as ticket_id, t.name as ticket_name,
      count(a.id) filter (where exists (select 1 from list_check_ins c where c.list_id = ${list.id} and c.attendee_id = a.id))::int as checked_in,
      count(a.id)::int as total
    from tickets t left join attendees a on a.ticket_id = t.id and a.status = 'ACTIVE'${onDate}
    where t.event_id = ${eventId} and t.product_type = 'TICKET'
      and (${list.all_tickets} or t.id in (select ticket_id from check_in_list_tickets where list_id = ${list.id}))
    group by t.id, t.name, t.sort_order
    order by t.sort_order, t.id`)) as unknown as {
    rows: Array<{ ticket_id: number; ticket_name: string; checked_in: number; total: number }>;
  };
  const by_ticket = rows.map((r) => ({
    ticket_id: Number(r.ticket_id),
    ticket_name: r.ticket_name,
    checked_in: Number(r.checked_in),
    total: Number(r.total),
  }));
  return {
    checked_in: by_ticket.reduce((n, t) => n + t.checked_in, 0),
    total: by_ticket.reduce((n, t) => n + t.total, 0),
    by_ticket,
  };
}

/** The tickets a door device keeps for offline checks on the list: valid, unpaid and cancelled admissions it admits. */
export async function offlineTickets(
  db: Executor,
  eventId: number,
  list: CheckInListRow,
  now: Date,
): Promise<CheckInOfflineDto> {
  const rows = await db
    .select({
      id: attendees.id,
      code: attendees.short_id,
      first_name: attendees.first_name,
      last_name: attendees.last_name,
      status: attendees.status,
      event_date_id: attendees.event_date_id,
      ticket_name: orderItems.ticket_name,
      tier_label: orderItems.tier_label,
      checked_in: sql<boolean>`exists (select 1 from list_check_ins c where c.list_id = ${list.id} and c.attendee_id = ${attendees.id})`,
      seat: { zone: seatingSeats.zone, row_label: seatingSeats.row_label, seat_number: seatingSeats.seat_number },
    })
    .from(attendees)
    .innerJoin(orderItems, eq(orderItems.id, attendees.order_item_id))
    .leftJoin(seatingSeats, eq(seatingSeats.id, attendees.seat_id))
    .where(
      and(
        eq(attendees.event_id, eventId),
        eq(attendees.is_admission, true),
        inArray(attendees.status, ['ACTIVE', 'AWAITING_PAYMENT', 'CANCELLED']),
        admittedBy(list),
      ),
    )
    .orderBy(attendees.id);
  const dateIds = [...new Set(rows.map((r) => r.event_date_id))];
  const dates = dateIds.length
    ? await db
        .select({
          id: eventDates.id,
          start_date: eventDates.start_date,
          end_date: eventDates.end_date,
          label: eventDates.label,
        })
        .from(eventDates)
        .where(and(eq(eventDates.event_id, eventId), inArray(eventDates.id, dateIds)))
        .orderBy(eventDates.start_date)
    : [];
  return {
    synced_at: now.toISOString(),
    event_id: eventId,
    public_key: (await eventTicketKey(db, eventId)).publicKey,
    retired_codes: (
      await db
        .select({ code: retiredTicketCodes.code })
        .from(retiredTicketCodes)
        .where(eq(retiredTicketCodes.event_id, eventId))
    ).map((r) => r.code),
    tickets: rows.map((r) => ({
      id: r.id,
      code: r.code,
      name: personName(r),
      ticket: r.tier_label ? `${r.ticket_name} – ${r.tier_label}` : r.ticket_name,
      status: r.status as OfflineTicketDto['status'],
      checked_in: Boolean(r.checked_in),
      event_date_id: r.event_date_id,
      ...(r.seat ? { seat: seatOf(r.seat) } : {}),
    })),
    dates: dates.map((d) => ({
      id: d.id,
      start_date: d.start_date.toISOString(),
      end_date: d.end_date?.toISOString() ?? null,
      label: d.label,
    })),
  };
}
