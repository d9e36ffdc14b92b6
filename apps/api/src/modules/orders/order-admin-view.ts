import type { OrderActionsDto, OrderDetailDto, OrderSummaryDto } from '@admitone/shared';
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { affiliates, eventDates, orderItems, orders } from '../../db/schema/index.js';
import { offsetOf, type PageRequest } from '../../shared/pagination.js';
import { changedSince, committedBefore, findSyncPage, type SyncRequest } from '../../shared/sync.js';
import { answersOf, attendeesOf, peopleById } from '../attendees/attendee-view.js';
import { LINKED_STATUSES } from '../checkout/order-link.js';
import {
  checkDateFilter,
  type OrderDate,
  orderDateColumns,
  orderDateIdSql,
  toOrderDateDto,
} from '../event-dates/order-dates.js';
import { isOnlineProvider, type OnlineProvider } from '../payments/payment-gateway.js';
import { orderHistory } from './order-history.js';
import { type OrderListFilters, orderSort, orderWhere } from './order-query.js';
import type { OrderRow } from './order-view.js';
import { pickLines } from './pass-picks-view.js';

const ticketCount = sql<number>`(select count(*)::int from attendees where attendees.order_id = ${orders.id} and attendees.status <> 'ABANDONED' and attendees.is_admission)`;
const columns = {
  o: orders,
  ticket_count: ticketCount,
  aff_id: affiliates.id,
  aff_name: affiliates.name,
  aff_code: affiliates.code,
  date: orderDateColumns,
};
const rowsOf = (db: Executor, where: SQL) =>
  db
    .select(columns)
    .from(orders)
    .leftJoin(affiliates, eq(affiliates.id, orders.affiliate_id))
    .leftJoin(eventDates, eq(eventDates.id, orderDateIdSql(orders.id)))
    .where(where);
type Joined = {
  o: OrderRow;
  ticket_count: number;
  aff_id: number | null;
  aff_name: string | null;
  aff_code: string | null;
  date: OrderDate | null;
};

function toSummary(r: Joined): OrderSummaryDto {
  const o = r.o;
  return {
    id: o.id,
    short_id: o.short_id,
    order_number: o.order_number,
    status: o.status,
    payment_status: o.payment_status,
    payment_provider: o.payment_provider,
    payment_method: o.payment_method,
    charged_back_total: o.charged_back_total,
    first_name: o.first_name,
    last_name: o.last_name,
    email: o.email,
    currency: o.currency,
    total: o.total,
    refunded_total: o.refunded_total,
    ticket_count: Number(r.ticket_count),
    is_manually_created: o.is_manually_created,
    affiliate: r.aff_id !== null ? { id: r.aff_id, name: r.aff_name!, code: r.aff_code! } : null,
    promo_code: o.promo_code,
    created_at: o.created_at.toISOString(),
    completed_at: o.completed_at?.toISOString() ?? null,
    payment_due_at: o.status === 'AWAITING_PAYMENT' ? (o.payment_due_at?.toISOString() ?? null) : null,
    date: r.date && toOrderDateDto(r.date),
  };
}

/**
 * One page of the event's orders, with the total: the page's ids first, then only those rows in full (ticket counts
 * included).
 */
export async function listOrders(db: Executor, eventId: number, q: OrderListFilters & PageRequest) {
  await checkDateFilter(db, eventId, q.filter_fields?.event_date_id);
  const where = orderWhere(eventId, q);
  const ids = (
    await db
      .select({ id: orders.id })
      .from(orders)
      .where(where)
      .orderBy(...orderSort(q))
      .limit(q.per_page)
      .offset(offsetOf(q))
  ).map((r) => r.id);
  const [total] = await db.select({ n: count() }).from(orders).where(where);
  const rows = ids.length ? await rowsOf(db, inArray(orders.id, ids)) : [];
  const byId = new Map(rows.map((r) => [r.o.id, r]));
  return { rows: ids.map((id) => toSummary(byId.get(id)!)), total: Number(total?.n ?? 0) };
}

/**
 * One incremental-sync page of the event's orders (shared/sync.ts): the list's search and filters, orders
 * whose last change has committed (`committedBefore`), in the order they changed.
 */
export async function syncOrders(db: Executor, eventId: number, q: OrderListFilters, s: SyncRequest) {
  await checkDateFilter(db, eventId, q.filter_fields?.event_date_id);
  const where = and(
    orderWhere(eventId, q),
    committedBefore(orders.change_xid),
    changedSince(orders.updated_at, s.since),
  )!;
  const page = await findSyncPage(db, { table: orders, position: orders.change_xid, id: orders.id }, where, s);
  const rows = page.ids.length ? await rowsOf(db, inArray(orders.id, page.ids)) : [];
  const byId = new Map(rows.map((r) => [r.o.id, r]));
  return {
    ...page,
    rows: page.ids
      .map((id) => byId.get(id))
      .filter((r) => r !== undefined)
      .map(toSummary),
  };
}

/** What may be done with an order now; the screen offers exactly these. */
export function orderActions(o: OrderRow, refundVia: readonly OnlineProvider[]): OrderActionsDto {
  const refundable = o.total - o.refunded_total - (o.refund_pending_amount ?? 0);
  const hasBuyer = !!o.email;
  return {
    cancel: ['AWAITING_PAYMENT', 'COMPLETED'].includes(o.status),
    mark_as_paid: o.status === 'AWAITING_PAYMENT',
    refund:
      isOnlineProvider(o.payment_provider) &&
      refundVia.includes(o.payment_provider) &&
      !o.is_manually_created &&
      o.refund_pending_amount === null &&
      o.payment_status === 'PAYMENT_RECEIVED' &&
      ['COMPLETED', 'PARTIALLY_REFUNDED', 'REFUND_FAILED', 'CANCELLED'].includes(o.status) &&
      refundable > 0,
    resend_confirmation: hasBuyer && ['COMPLETED', 'AWAITING_PAYMENT', 'PARTIALLY_REFUNDED'].includes(o.status),
    edit_buyer: hasBuyer,
    message_buyer: hasBuyer,
    send_link: hasBuyer && LINKED_STATUSES.has(o.status),
    change_date: ['AWAITING_PAYMENT', 'COMPLETED', 'PARTIALLY_REFUNDED'].includes(o.status),
  };
}

/**
 * An order of the event as the organizer sees it; null when it is not the event's (or not an order yet).
 * API keys and webhooks get it too, so it never carries the order's secret (see `order-link.ts`).
 */
export async function orderDetail(
  db: Executor,
  eventId: number,
  orderId: number,
  refundVia: readonly OnlineProvider[],
): Promise<OrderDetailDto | null> {
  const [row] = await rowsOf(db, and(orderWhere(eventId, {}), eq(orders.id, orderId))!);
  if (!row || row.o.event_id !== eventId) return null;
  const o = row.o;
  const items = await db.select().from(orderItems).where(eq(orderItems.order_id, o.id)).orderBy(asc(orderItems.id));
  const history = await orderHistory(db, o.id);
  const picks = await pickLines(db, o.id);
  const people = await peopleById(
    db,
    history.map((h) => h.user_id),
  );
  return {
    ...toSummary(row),
    locale: o.locale,
    totals: { subtotal: o.subtotal, discount: o.discount_total, fees: o.fee_total, taxes: o.tax_total, total: o.total },
    refundable: Math.max(0, o.total - o.refunded_total - (o.refund_pending_amount ?? 0)),
    refund_pending_amount: o.refund_pending_amount,
    payment_intent_id: o.payment_intent_id,
    items: items.map((i) => ({
      ticket_id: i.ticket_id,
      tier_id: i.tier_id,
      ticket_name: i.ticket_name,
      tier_label: i.tier_label,
      quantity: i.quantity,
      unit: i.unit,
      total: i.total,
    })),
    attendees: (await attendeesOf(db, eventId, { orderId: o.id })).filter(
      (a) => a.status !== 'RESERVED' && a.status !== 'ABANDONED',
    ),
    answers: await answersOf(db, o.id),
    history: history.map((h) => ({
      id: h.id,
      kind: h.kind,
      by: h.user_id !== null ? (people.get(h.user_id) ?? null) : null,
      data: h.data,
      at: h.created_at.toISOString(),
    })),
    actions: orderActions(o, refundVia),
    cancelled_at: o.cancelled_at?.toISOString() ?? null,
    ...(picks.length
      ? { pass_picks: picks.map((p) => ({ ticket_id: p.ticket_id, picks: p.picks, picked: p.picked })) }
      : {}),
    ...(o.invoice_details ? { invoice_details: o.invoice_details } : {}),
  };
}
