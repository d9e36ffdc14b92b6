import type { AffiliateDto, AffiliateSort, OrderStatus } from '@admitone/shared';
import { and, asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { affiliates, attendees, orders } from '../../db/schema/index.js';
import { likePattern, offsetOf, type PageRequest } from '../../shared/pagination.js';

/** Orders that count for an affiliate: completed, also when (partly) refunded later. */
export const COUNTED_STATUSES: OrderStatus[] = ['COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED'];

export type AffiliateRow = typeof affiliates.$inferSelect;
export type AffiliateWithFigures = AffiliateRow & { orders_count: number; tickets_sold: number; revenue: number };

/** Per affiliate of the event: counted orders and their revenue (total minus refunded). */
const orderFigures = (db: Executor, eventId: number) =>
  db
    .select({
      affiliate_id: orders.affiliate_id,
      orders_count: sql<number>`count(*)::int`.as('orders_count'),
      revenue: sql<string>`coalesce(sum(${orders.total} - ${orders.refunded_total}), 0)::bigint`.as('revenue'),
    })
    .from(orders)
    .where(
      and(
        eq(orders.event_id, eventId),
        inArray(orders.status, COUNTED_STATUSES),
        sql`${orders.affiliate_id} is not null`,
      ),
    )
    .groupBy(orders.affiliate_id)
    .as('order_figures');

/** Per affiliate of the event: valid tickets of its orders (a pass once, not once per date it admits on). */
const ticketFigures = (db: Executor, eventId: number) =>
  db
    .select({
      affiliate_id: orders.affiliate_id,
      tickets_sold: sql<number>`count(distinct coalesce(${attendees.pass_group}, ${attendees.short_id}))::int`.as(
        'tickets_sold',
      ),
    })
    .from(attendees)
    .innerJoin(orders, eq(orders.id, attendees.order_id))
    .where(
      and(
        eq(attendees.event_id, eventId),
        eq(attendees.status, 'ACTIVE'),
        eq(attendees.is_admission, true),
        sql`${orders.affiliate_id} is not null`,
      ),
    )
    .groupBy(orders.affiliate_id)
    .as('ticket_figures');

export interface AffiliateListQuery extends PageRequest {
  query?: string;
  sort_by?: AffiliateSort;
  sort_direction?: 'asc' | 'desc';
}

const DEFAULT_DIRECTION: Record<AffiliateSort, 'asc' | 'desc'> = {
  name: 'asc',
  code: 'asc',
  orders: 'desc',
  revenue: 'desc',
  created_at: 'desc',
};

/**
 * Affiliates of an event of the account with their figures, searched by name or code and sorted;
 * `per_page: null` returns them all (the export).
 */
export async function listAffiliates(
  db: Executor,
  accountId: number,
  eventId: number,
  q: Omit<AffiliateListQuery, 'per_page'> & { per_page: number | null },
) {
  const of = orderFigures(db, eventId);
  const tf = ticketFigures(db, eventId);
  const where = and(
    eq(affiliates.account_id, accountId),
    eq(affiliates.event_id, eventId),
    q.query
      ? or(ilike(affiliates.name, likePattern(q.query)), ilike(affiliates.code, likePattern(q.query)))
      : undefined,
  );
  const ordersCount = sql<number>`coalesce(${of.orders_count}, 0)`;
  const revenue = sql<string>`coalesce(${of.revenue}, 0)`;
  const sortBy = q.sort_by ?? 'created_at';
  const column = {
    name: sql`lower(${affiliates.name})`,
    code: affiliates.code_key,
    orders: ordersCount,
    revenue,
    created_at: affiliates.created_at,
  }[sortBy];
  const direction = (q.sort_direction ?? DEFAULT_DIRECTION[sortBy]) === 'asc' ? asc : desc;
  const base = db
    .select({
      affiliate: affiliates,
      orders_count: ordersCount,
      revenue,
      tickets_sold: sql<number>`coalesce(${tf.tickets_sold}, 0)`,
    })
    .from(affiliates)
    .leftJoin(of, eq(of.affiliate_id, affiliates.id))
    .leftJoin(tf, eq(tf.affiliate_id, affiliates.id))
    .where(where)
    .orderBy(direction(column), asc(affiliates.id))
    .$dynamic();
  const pageQuery =
    q.per_page === null ? base : base.limit(q.per_page).offset(offsetOf({ page: q.page, per_page: q.per_page }));
  const [rows, [total]] = await Promise.all([pageQuery, db.select({ n: count() }).from(affiliates).where(where)]);
  return {
    rows: rows.map((r): AffiliateWithFigures => ({
      ...r.affiliate,
      orders_count: Number(r.orders_count),
      revenue: Number(r.revenue),
      tickets_sold: Number(r.tickets_sold),
    })),
    total: total?.n ?? 0,
  };
}

/** One affiliate of an event of the account, with its figures; another event's or account's id is not found. */
export async function findAffiliate(
  db: Executor,
  accountId: number,
  eventId: number,
  id: number,
): Promise<AffiliateWithFigures | null> {
  const [row] = await db
    .select()
    .from(affiliates)
    .where(and(eq(affiliates.account_id, accountId), eq(affiliates.event_id, eventId), eq(affiliates.id, id)));
  if (!row) return null;
  const [figures] = await db
    .select({
      orders_count: sql<number>`count(*)::int`,
      revenue: sql<string>`coalesce(sum(${orders.total} - ${orders.refunded_total}), 0)::bigint`,
    })
    .from(orders)
    .where(and(eq(orders.affiliate_id, id), inArray(orders.status, COUNTED_STATUSES)));
  const [tickets] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(attendees)
    .innerJoin(orders, eq(orders.id, attendees.order_id))
    .where(and(eq(orders.affiliate_id, id), eq(attendees.status, 'ACTIVE'), eq(attendees.is_admission, true)));
  return {
    ...row,
    orders_count: Number(figures?.orders_count ?? 0),
    revenue: Number(figures?.revenue ?? 0),
    tickets_sold: Number(tickets?.n ?? 0),
  };
}

/** The id of the event's enabled affiliate with this code (any case), or null: attribution never fails a checkout. */
export async function findEnabledAffiliateId(db: Executor, eventId: number, code: string): Promise<number | null> {
  const [row] = await db
    .select({ id: affiliates.id })
    .from(affiliates)
    .where(
      and(
        eq(affiliates.event_id, eventId),
        eq(affiliates.code_key, code.trim().toLowerCase()),
        eq(affiliates.enabled, true),
      ),
    );
  return row?.id ?? null;
}

/** The public page with the affiliate's code applied. */
export const affiliateLink = (event: { id: number; slug: string }, code: string) =>
  `/event/${event.id}/${event.slug}?aff=${encodeURIComponent(code)}`;

export function toAffiliateDto(
  r: AffiliateWithFigures,
  event: { id: number; slug: string; currency: string },
): AffiliateDto {
  return {
    id: r.id,
    event_id: r.event_id,
    name: r.name,
    code: r.code,
    email: r.email,
    enabled: r.enabled,
    orders_count: r.orders_count,
    tickets_sold: r.tickets_sold,
    revenue: r.revenue,
    currency: event.currency,
    link: affiliateLink(event, r.code),
    created_at: r.created_at.toISOString(),
  };
}

/** Deletes an affiliate of the event (its orders keep their figures, the link to it goes). */
export async function deleteAffiliate(db: Executor, eventId: number, id: number): Promise<void> {
  await db.delete(affiliates).where(and(eq(affiliates.id, id), eq(affiliates.event_id, eventId)));
}
