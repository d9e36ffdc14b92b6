import type { EventStatsDay, EventStatsDto } from '@admitone/shared';
import { type SQL, sql } from 'drizzle-orm';

import type { Executor } from '../../db/client.js';
import { localDayText } from '../../db/sql-local-time.js';
import { utcToZoned } from '../../shared/dates.js';
import { SALE_CHANNEL } from '../orders/sales-channel.js';
import { waitlistDemand } from '../waitlist/entries.js';

/**
 * Orders that were paid or completed, whatever happened since (refunds are counted apart). A sale
 * also needs `completed_at` (a late payment refunded at once never completed). The reports count
 * with the same list (modules/reports).
 */
export const SOLD_STATUSES = [
  'COMPLETED',
  'PARTIALLY_REFUNDED',
  'REFUNDED',
  'REFUND_PENDING',
  'REFUND_FAILED',
] as const;
export const SOLD = sql.raw(`(${SOLD_STATUSES.map((s) => `'${s}'`).join(', ')})`);

async function rows<T>(db: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * The tickets sold (attendee status ACTIVE) and awaiting payment (AWAITING_PAYMENT) of an event, as rows
 * `(status, order_status, completed_at, channel, n)` to sum (`channel`: the order's SALE_CHANNEL), general products
 * left out (docs/DOMAIN.md, "Passes"). Over all dates a pass is one ticket, as bought: its rows (one per date) share
 * `pass_group`, and a pass for any N dates counts its line's quantity while its order stands, picked or not (its
 * picks share one group whatever the quantity). On one date, each row on it is a ticket of that date, a pass's too:
 * it admits one person then.
 */
function ticketsSold(eventId: number, dateId?: number): SQL {
  if (dateId !== undefined)
    return sql`select a.status, o.status as order_status, o.completed_at, ${SALE_CHANNEL} as channel, count(*) as n
      from attendees a join orders o on o.id = a.order_id
      where a.event_id = ${eventId} and a.event_date_id = ${dateId} and a.is_admission
        and a.status in ('ACTIVE', 'AWAITING_PAYMENT')
      group by a.status, o.id`;
  return sql`select a.status, o.status as order_status, o.completed_at, ${SALE_CHANNEL} as channel,
        count(distinct coalesce(a.pass_group, a.short_id)) as n
      from attendees a join orders o on o.id = a.order_id join tickets t on t.id = a.ticket_id
      where a.event_id = ${eventId} and a.is_admission and a.status in ('ACTIVE', 'AWAITING_PAYMENT')
        and t.pass_picks is null
      group by a.status, o.id
    union all
    select case when o.status = 'AWAITING_PAYMENT' then 'AWAITING_PAYMENT' else 'ACTIVE' end, o.status,
      o.completed_at, ${SALE_CHANNEL}, sum(i.quantity)
      from order_items i join orders o on o.id = i.order_id join tickets t on t.id = i.ticket_id
      where o.event_id = ${eventId} and t.pass_picks is not null and o.cancelled_at is null
        and (o.status = 'AWAITING_PAYMENT' or (o.status in ${SOLD} and o.completed_at is not null))
      group by o.id`;
}

/**
 * An event's sales, refunds, visits and a daily series over the last `days` days (in the event's time
 * zone), counted from its orders, attendees and page views. Sales count every order that completed,
 * also when later refunded; refunds are their own figure.
 */
export async function eventStats(
  db: Executor,
  event: { id: number; currency: string; timezone: string },
  now: Date,
  days = 14,
  dateId?: number,
): Promise<EventStatsDto> {
  const DAYS = days;
  // One date's orders (an order is for one date: a pass's for its line's) and the tickets that admit on it (a pass's
  // row there too); page views are the event's.
  const orderOnDate = (alias: string) =>
    dateId === undefined
      ? sql`true`
      : sql`exists (select 1 from order_items di where di.order_id = ${sql.raw(alias)}.id and di.event_date_id = ${dateId})`;
  const attendeeOnDate = dateId === undefined ? sql`true` : sql`event_date_id = ${dateId}`;
  const [o] = await rows<Record<string, number>>(
    db,
    sql`
    select
      count(*) filter (where status = 'COMPLETED')::int as completed,
      count(*) filter (where status = 'AWAITING_PAYMENT')::int as awaiting,
      count(*) filter (where status = 'CANCELLED')::int as cancelled,
      coalesce(sum(total) filter (where status in ${SOLD} and completed_at is not null), 0)::bigint as gross,
      coalesce(sum(discount_total) filter (where status in ${SOLD} and completed_at is not null), 0)::bigint as discount,
      coalesce(sum(fee_total) filter (where status in ${SOLD} and completed_at is not null), 0)::bigint as fees,
      coalesce(sum(tax_total) filter (where status in ${SOLD} and completed_at is not null), 0)::bigint as taxes,
      coalesce(sum(refunded_total) filter (where completed_at is not null), 0)::bigint as refunded,
      coalesce(sum(total) filter (where status in ${SOLD} and completed_at is not null
        and ${SALE_CHANNEL} = 'ONLINE'), 0)::bigint as online_gross,
      coalesce(sum(total) filter (where status in ${SOLD} and completed_at is not null
        and ${SALE_CHANNEL} = 'BOX_OFFICE'), 0)::bigint as box_office_gross
    from orders o where event_id = ${event.id} and ${orderOnDate('o')}`,
  );
  const [a] = await rows<Record<string, number>>(
    db,
    sql`
    select count(*)::int as valid, count(*) filter (where checked_in_at is not null)::int as checked_in
    from attendees where event_id = ${event.id} and status = 'ACTIVE' and is_admission and ${attendeeOnDate}`,
  );
  const [t] = await rows<Record<string, number>>(
    db,
    sql`
    select coalesce(sum(n) filter (where status = 'ACTIVE'), 0)::int as sold,
      coalesce(sum(n) filter (where status = 'AWAITING_PAYMENT'), 0)::int as reserved,
      coalesce(sum(n) filter (where status = 'ACTIVE' and channel = 'ONLINE'), 0)::int as online,
      coalesce(sum(n) filter (where status = 'ACTIVE' and channel = 'BOX_OFFICE'), 0)::int as box_office,
      coalesce(sum(n) filter (where status = 'ACTIVE' and channel = 'COMPLIMENTARY'), 0)::int as complimentary
    from (${ticketsSold(event.id, dateId)}) s`,
  );
  const [v] = await rows<Record<string, number>>(
    db,
    sql`
    select count(*)::int as views, count(distinct visitor_hash)::int as visitors from event_page_views where event_id = ${event.id}`,
  );

  const since = new Date(now.getTime() - DAYS * 86_400_000);
  const tz = event.timezone;
  const sales = await rows<{ day: string; orders: number; gross: number }>(
    db,
    sql`
    select ${localDayText(sql.raw('completed_at'), tz)} as day, count(*)::int as orders,
      coalesce(sum(total), 0)::bigint as gross
    from orders where event_id = ${event.id} and status in ${SOLD} and completed_at >= ${since}
      and ${orderOnDate('orders')} group by 1`,
  );
  const tickets = await rows<{ day: string; tickets: number }>(
    db,
    sql`
    select ${localDayText(sql.raw('s.completed_at'), tz)} as day, coalesce(sum(s.n), 0)::int as tickets
    from (${ticketsSold(event.id, dateId)}) s
    where s.status = 'ACTIVE' and s.order_status in ${SOLD} and s.completed_at >= ${since} group by 1`,
  );
  const views = await rows<{ day: string; views: number }>(
    db,
    sql`
    select ${localDayText(sql.raw('bucket'), tz)} as day, count(*)::int as views
    from event_page_views where event_id = ${event.id} and bucket >= ${since} group by 1`,
  );

  const daily: EventStatsDay[] = [];
  for (let i = DAYS - 1; i >= 0; i--) {
    const date = utcToZoned(new Date(now.getTime() - i * 86_400_000), tz).slice(0, 10);
    if (daily.some((d) => d.date === date)) continue;
    const s = sales.find((x) => x.day === date);
    daily.push({
      date,
      orders: Number(s?.orders ?? 0),
      tickets: Number(tickets.find((x) => x.day === date)?.tickets ?? 0),
      gross: Number(s?.gross ?? 0),
      page_views: Number(views.find((x) => x.day === date)?.views ?? 0),
    });
  }
  // Per ticket, in the order buyers see them: category by category, then the ticket's own place.
  const perTicket = await rows<{ ticket_id: number; name: string; category_id: number; sold: number; gross: number }>(
    db,
    sql`
    select t.id as ticket_id, t.name, t.category_id, coalesce(s.units, 0)::int as sold, coalesce(s.gross, 0)::bigint as gross
    from tickets t
    join product_categories c on c.id = t.category_id
    left join (
      select i.ticket_id, sum(i.quantity) as units, sum(i.total) as gross
      from order_items i join orders o on o.id = i.order_id
      where o.event_id = ${event.id} and o.status in ${SOLD} and o.completed_at is not null and ${orderOnDate('o')}
      group by i.ticket_id
    ) s on s.ticket_id = t.id
    where t.event_id = ${event.id}
    order by c.sort_order, c.id, t.sort_order, t.id`,
  );
  const visitors = Number(v?.visitors ?? 0);
  const completed = Number(o?.completed ?? 0);
  return {
    currency: event.currency,
    orders_completed: completed,
    orders_awaiting_payment: Number(o?.awaiting ?? 0),
    orders_cancelled: Number(o?.cancelled ?? 0),
    tickets_sold: Number(t?.sold ?? 0),
    tickets_reserved: Number(t?.reserved ?? 0),
    tickets_valid: Number(a?.valid ?? 0),
    tickets_checked_in: Number(a?.checked_in ?? 0),
    gross_sales: Number(o?.gross ?? 0),
    total_discount: Number(o?.discount ?? 0),
    total_fees: Number(o?.fees ?? 0),
    total_taxes: Number(o?.taxes ?? 0),
    total_refunded: Number(o?.refunded ?? 0),
    page_views: Number(v?.views ?? 0),
    unique_visitors: visitors,
    conversion_rate: visitors ? Math.min(1, completed / visitors) : null,
    daily,
    by_product: perTicket.map((p) => ({
      ticket_id: p.ticket_id,
      name: p.name,
      category_id: p.category_id,
      sold: Number(p.sold),
      gross: Number(p.gross),
    })),
    by_channel: {
      online_tickets: Number(t?.online ?? 0),
      online_gross: Number(o?.online_gross ?? 0),
      box_office_tickets: Number(t?.box_office ?? 0),
      box_office_gross: Number(o?.box_office_gross ?? 0),
      complimentary_tickets: Number(t?.complimentary ?? 0),
    },
    waitlist_demand: await waitlistDemand(db, event.id, now),
  };
}
