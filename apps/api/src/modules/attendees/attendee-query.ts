import type { attendeeListQuery } from '@admitone/shared';
import { and, asc, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';

import { attendees, eventDates, orderItems, orders } from '../../db/schema/index.js';
import { DomainError } from '../../shared/errors.js';
import { likePattern, wordsFound } from '../../shared/pagination.js';

export type AttendeeListFilters = z.output<typeof attendeeListQuery>;

/** Admissions the organizer sees: sold, awaiting an offline payment, or cancelled (not holds in progress). */
export const ORGANIZER_ATTENDEE_STATUSES = ['ACTIVE', 'AWAITING_PAYMENT', 'CANCELLED'] as const;

/**
 * The WHERE clause of the attendee list (also the check-in list and the export): the event's
 * attendees, searched by name and e-mail (each word, any order, accents ignored), ticket code or order number; filtered
 * by ticket, status, date and
 * check-in state. It reads only `attendees` columns (the order number through a subquery), so a list
 * can page and count attendee ids without joining.
 */
/** What a search looks in, folded: the same expression as the trigram index of migration 0050 (keep them identical). */
const SEARCH = sql`coalesce(${attendees.first_name}, '') || ' ' || coalesce(${attendees.last_name}, '') || ' ' || coalesce(${attendees.email}, '')`;

/** Names only, for those who may not see e-mail addresses (a staff link): not indexed, read within the event. */
const NAME_SEARCH = sql`coalesce(${attendees.first_name}, '') || ' ' || coalesce(${attendees.last_name}, '')`;

/**
 * `searchEmails: false`: a search does not match e-mail addresses (the caller cannot see them, so may not probe them
 * either).
 */
export function attendeeWhere(
  eventId: number,
  q: Pick<AttendeeListFilters, 'query' | 'filter_fields'>,
  { searchEmails = true }: { searchEmails?: boolean } = {},
): SQL {
  const f = q.filter_fields ?? {};
  const term = q.query?.trim();
  const code = term?.toLowerCase() ?? '';
  const pattern = term ? likePattern(code) : null;
  return and(
    eq(attendees.event_id, eventId),
    // People only: units of general products are order lines (they have no name, QR or check-in).
    eq(attendees.is_admission, true),
    inArray(attendees.status, f.status ? [f.status] : [...ORGANIZER_ATTENDEE_STATUSES]),
    // Three index lookups united (names and e-mail by trigram, the ticket code in any case, the order
    // number by trigram), instead of one OR that would scan every attendee of the event.
    pattern
      ? inArray(
          attendees.id,
          sql`(select ${attendees.id} from ${attendees} where ${attendees.event_id} = ${eventId} and ${wordsFound(searchEmails ? SEARCH : NAME_SEARCH, term!)}
            union select ${attendees.id} from ${attendees} where ${attendees.event_id} = ${eventId} and lower(${attendees.short_id}) = ${code}
            union select a2.id from ${attendees} a2 join ${orders} o2 on o2.id = a2.order_id where o2.event_id = ${eventId} and lower(o2.order_number) like ${pattern})`,
        )
      : undefined,
    f.ticket_id?.length ? inArray(attendees.ticket_id, f.ticket_id) : undefined,
    // One date's (the caller checked it is the event's: event-dates/order-dates.ts#checkDateFilter).
    f.event_date_id ? eq(attendees.event_date_id, f.event_date_id) : undefined,
    f.checked_in === true
      ? isNotNull(attendees.checked_in_at)
      : f.checked_in === false
        ? isNull(attendees.checked_in_at)
        : undefined,
  )!;
}

/** What a caller who sees no e-mail addresses (door staff, a staff link) may not sort by. */
const HIDDEN_SORTS: ReadonlySet<string> = new Set(['email']);

/** A sort by a field the caller cannot see is refused on the field (422): its order would tell what it hides. */
export function refuseHiddenSort(q: Pick<AttendeeListFilters, 'sort_by'>): void {
  if (q.sort_by && HIDDEN_SORTS.has(q.sort_by))
    throw new DomainError('VALIDATION_FAILED', { fields: { sort_by: [{ key: 'invalid_value' }] } });
}

/**
 * ORDER BY of the list: the chosen column, then id. Default: last name A-Z. Sorting by ticket needs `order_items`
 * joined (`attendeeJoins.items`).
 */
export function attendeeSort(q: Pick<AttendeeListFilters, 'sort_by' | 'sort_direction'>): SQL[] {
  const by = q.sort_by ?? 'last_name';
  const dir =
    (q.sort_direction ?? (by === 'created_at' || by === 'checked_in_at' ? 'desc' : 'asc')) === 'asc' ? asc : desc;
  switch (by) {
    case 'last_name':
      return [dir(attendees.last_name), dir(attendees.first_name), dir(attendees.id)];
    case 'first_name':
      return [dir(attendees.first_name), dir(attendees.last_name), dir(attendees.id)];
    case 'email':
      return [dir(attendees.email), dir(attendees.id)];
    case 'ticket':
      return [dir(orderItems.ticket_name), dir(attendees.id)];
    case 'checked_in_at':
      return [dir(attendees.checked_in_at), dir(attendees.id)];
    default:
      return [dir(attendees.created_at), dir(attendees.id)];
  }
}

/** The joins every attendee query needs (order number and status, ticket name, the ticket's date). */
export const attendeeJoins = {
  orders: eq(orders.id, attendees.order_id),
  items: eq(orderItems.id, attendees.order_item_id),
  date: eq(eventDates.id, attendees.event_date_id),
};
