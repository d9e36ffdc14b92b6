import type { orderListQuery } from '@admitone/shared';
import { and, asc, desc, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';

import { attendees, orderItems, orders } from '../../db/schema/index.js';
import { wordsFound } from '../../shared/pagination.js';

export type OrderListFilters = z.output<typeof orderListQuery>;

/** Checkouts in progress or given up are not orders yet: the organizer sees everything else. */
export const ORGANIZER_VISIBLE = notInArray(orders.status, ['RESERVED', 'ABANDONED']);

/**
 * The WHERE clause of the organizer's order list (and its export): the event's orders, searched by
 * order number, buyer name or e-mail, filtered by status, payment status, ticket, affiliate and date.
 */
/** What a search looks in, folded: the same expression as the trigram index of migration 0050 (keep them identical). */
const SEARCH = sql`coalesce(${orders.first_name}, '') || ' ' || coalesce(${orders.last_name}, '') || ' ' || coalesce(${orders.email}, '') || ' ' || ${orders.order_number}`;

export function orderWhere(eventId: number, q: Pick<OrderListFilters, 'query' | 'filter_fields'>): SQL {
  const f = q.filter_fields ?? {};
  const term = q.query?.trim();
  return and(
    eq(orders.event_id, eventId),
    ORGANIZER_VISIBLE,
    // Each word, in any order, accents and case ignored.
    term ? wordsFound(SEARCH, term) : undefined,
    f.status ? eq(orders.status, f.status) : undefined,
    f.payment_status ? eq(orders.payment_status, f.payment_status) : undefined,
    f.ticket_id?.length
      ? inArray(
          orders.id,
          sql`(select ${orderItems.order_id} from ${orderItems} where ${inArray(orderItems.ticket_id, f.ticket_id)})`,
        )
      : undefined,
    f.affiliate_id ? eq(orders.affiliate_id, f.affiliate_id) : undefined,
    // Orders for one date (the caller checked it is the event's: event-dates/order-dates.ts#checkDateFilter).
    f.event_date_id
      ? inArray(
          orders.id,
          sql`(select ${attendees.order_id} from ${attendees} where ${attendees.event_date_id} = ${f.event_date_id})`,
        )
      : undefined,
  )!;
}

/** ORDER BY of the list: the chosen column, then id, so pages never overlap. Newest first by default. */
export function orderSort(q: Pick<OrderListFilters, 'sort_by' | 'sort_direction'>): SQL[] {
  const dir = q.sort_direction === 'asc' ? asc : desc;
  // Orders not completed yet (awaiting an offline payment, cancelled before paying) have no completion
  // time: they come after the completed ones in either direction.
  if (q.sort_by === 'completed_at')
    return [sql`${orders.completed_at} is null`, dir(orders.completed_at), dir(orders.id)];
  const column = {
    created_at: orders.created_at,
    order_number: orders.order_number,
    last_name: orders.last_name,
    email: orders.email,
    total: orders.total,
    status: orders.status,
  }[q.sort_by ?? 'created_at'];
  return [dir(column), dir(orders.id)];
}
