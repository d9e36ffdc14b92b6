import type { FoundOrderDto, Locale, OrderLookupDto, OrderLookupScope } from '@admitone/shared';
import { and, count, desc, eq, inArray, lt, ne, sql } from 'drizzle-orm';

import type { Db } from '../../db/client.js';
import { attendees, eventDates, events, orderLookups, orders, organizers } from '../../db/schema/index.js';
import { enqueueMail, mailPayload } from '../../mail/outbox.js';
import { DomainError, notFound } from '../../shared/errors.js';
import { hashToken, newToken } from '../../shared/tokens.js';
import { LINKED_STATUSES } from '../checkout/order-link.js';
import { orderDateColumns, orderDateIdSql, toOrderDateDto } from '../event-dates/order-dates.js';
import { buyerOrderUrl } from '../orders/order-mails.js';

/** How long a "find my tickets" link works. */
export const ORDER_LOOKUP_HOURS = 24;
/** At most this many orders are listed (the newest). */
const MAX_ORDERS = 100;

export interface OrderLookupDeps {
  db: Db;
  now: Date;
  appUrl: string;
}

/** An event whose page buyers can open (any but a draft), with its organizer. */
async function publicEventOf(db: Db, eventId: number) {
  const [row] = await db
    .select({ id: events.id, title: events.title, organizer_id: events.organizer_id, organizer_name: organizers.name })
    .from(events)
    .innerJoin(organizers, eq(organizers.id, events.organizer_id))
    .where(and(eq(events.id, eventId), ne(events.status, 'DRAFT')));
  return row ?? null;
}

/** The orders of an address (the buyer's address on the order) in a scope, newest first. */
async function ordersOf(
  db: Db,
  email: string,
  scope: { eventId: number | null; organizerId: number },
  appUrl = '',
): Promise<FoundOrderDto[]> {
  const tickets = db
    .select({ order_id: attendees.order_id, n: count().as('n') })
    .from(attendees)
    .where(and(eq(attendees.is_admission, true), ne(attendees.status, 'ABANDONED')))
    .groupBy(attendees.order_id)
    .as('tickets');
  const rows = await db
    .select({
      event_id: orders.event_id,
      short_id: orders.short_id,
      secret: orders.secret,
      event_title: events.title,
      event_start_date: events.start_date,
      event_timezone: events.timezone,
      date: orderDateColumns,
      order_number: orders.order_number,
      status: orders.status,
      tickets: sql<number>`coalesce(${tickets.n}, 0)`.mapWith(Number),
      total: orders.total,
      currency: orders.currency,
      created_at: orders.created_at,
    })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.event_id))
    .leftJoin(eventDates, eq(eventDates.id, orderDateIdSql(orders.id)))
    .leftJoin(tickets, eq(tickets.order_id, orders.id))
    .where(
      and(
        sql`lower(${orders.email}) = ${email}`,
        inArray(orders.status, [...LINKED_STATUSES] as never[]),
        scope.eventId !== null ? eq(orders.event_id, scope.eventId) : eq(events.organizer_id, scope.organizerId),
      ),
    )
    .orderBy(desc(orders.created_at), desc(orders.id))
    .limit(MAX_ORDERS);
  return rows.map(({ short_id, secret, date, ...o }) => ({
    ...o,
    event_start_date: o.event_start_date.toISOString(),
    date: date && toOrderDateDto(date),
    created_at: o.created_at.toISOString(),
    order_path: buyerOrderUrl(appUrl, { event_id: o.event_id, short_id, secret }),
  }));
}

/**
 * Someone typed an address on an event's "find my tickets" page. When the address has orders in the
 * scope, it gets a mail with a link to them, valid ORDER_LOOKUP_HOURS; otherwise nothing happens. The
 * caller answers the same either way. Returns the outbox ids to deliver.
 */
export async function requestOrderLookup(
  deps: OrderLookupDeps,
  eventId: number,
  email: string,
  scope: OrderLookupScope,
  locale: Locale,
): Promise<number[]> {
  const event = await publicEventOf(deps.db, eventId);
  if (!event) throw notFound();
  const address = email.trim().toLowerCase();
  const found = await ordersOf(deps.db, address, {
    eventId: scope === 'EVENT' ? eventId : null,
    organizerId: event.organizer_id,
  });
  if (!found.length) return [];
  const token = newToken();
  const expires = new Date(deps.now.getTime() + ORDER_LOOKUP_HOURS * 3_600_000);
  return deps.db.transaction(async (tx) => {
    await tx.delete(orderLookups).where(lt(orderLookups.expires_at, deps.now));
    await tx.insert(orderLookups).values({
      token_hash: hashToken(token),
      email: address,
      organizer_id: event.organizer_id,
      event_id: scope === 'EVENT' ? eventId : null,
      from_event_id: eventId,
      locale,
      expires_at: expires,
      created_at: deps.now,
    });
    const data = {
      url: `${deps.appUrl}/find-tickets/${eventId}/${token}`,
      hours: ORDER_LOOKUP_HOURS,
      event_title: event.title,
      organizer_name: event.organizer_name,
      scope,
      orders: found.slice(0, 20).map((o) => ({ event_title: o.event_title, order_number: o.order_number })),
      more: Math.max(0, found.length - 20),
    };
    return [await enqueueMail(tx, mailPayload('order_lookup', address, locale, data), deps.now)];
  });
}

/** What a "find my tickets" link shows: the address's orders in its scope as they stand now. */
export async function readOrderLookup(deps: OrderLookupDeps, eventId: number, token: string): Promise<OrderLookupDto> {
  const [row] = await deps.db
    .select({ lookup: orderLookups, organizer_name: organizers.name, event_title: events.title })
    .from(orderLookups)
    .innerJoin(organizers, eq(organizers.id, orderLookups.organizer_id))
    .innerJoin(events, eq(events.id, orderLookups.from_event_id))
    .where(and(eq(orderLookups.token_hash, hashToken(token)), eq(orderLookups.from_event_id, eventId)));
  if (!row) throw notFound();
  const { lookup } = row;
  if (lookup.expires_at.getTime() <= deps.now.getTime()) throw new DomainError('ORDER_LOOKUP_EXPIRED');
  return {
    email: lookup.email,
    scope: lookup.event_id === null ? 'ORGANIZER' : 'EVENT',
    organizer_name: row.organizer_name,
    event_title: row.event_title,
    expires_at: lookup.expires_at.toISOString(),
    orders: await ordersOf(deps.db, lookup.email, { eventId: lookup.event_id, organizerId: lookup.organizer_id }),
  };
}
