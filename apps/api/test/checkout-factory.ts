import {
  CHECKOUT_TOKEN_HEADER,
  ORDER_SECRET_HEADER,
  type PublicEventDto,
  type PublicOrderDto,
  type ReserveOrderBody,
  type TicketDto,
} from '@admitone/shared';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';

import type { App } from '../src/app.js';
import { eventDates, events, orders } from '../src/db/schema/index.js';
import { createEvent, createOrganizer, registerUser } from './factories.js';
import { call } from './test-app.js';

export type TicketSpec = Record<string, unknown> & { name: string; type: string };

/**
 * An organizer with a live event (made live directly) and the given tickets. Every request of a test
 * comes from one address, so the per-client fairness caps are off unless `fairness` keeps the defaults
 * (the fairness tests and the rushes, which send each buyer from its own address).
 */
export async function liveEvent(
  app: App,
  tickets: TicketSpec[],
  eventOverrides: Record<string, unknown> = {},
  opts: { fairness?: boolean } = {},
) {
  const u = await registerUser(app);
  const organizer = await createOrganizer(app, u.token);
  const event = await createEvent(app, u.token, organizer.id, {
    start_date: '2027-06-01T19:00',
    end_date: '2027-06-01T23:00',
    timezone: 'Europe/Berlin',
    currency: 'EUR',
    ...eventOverrides,
  });
  const caps = opts.fairness ? {} : { client_hold_limit: null, client_reservation_limit: null };
  await app.deps.database.db
    .update(events)
    .set({ status: 'LIVE', ...caps })
    .where(eq(events.id, event.id));
  const created: TicketDto[] = [];
  for (const t of tickets) {
    const res = await call(app, 'POST', `/api/events/${event.id}/tickets`, { token: u.token, body: t });
    if (res.statusCode !== 201) throw new Error(`ticket failed: ${res.statusCode} ${res.body}`);
    created.push(res.json().data);
  }
  return { u, event, tickets: created };
}

/** The event's first date (its only one, until it is given more). */
export async function firstDateOf(app: App, eventId: number): Promise<number> {
  const [first] = await app.deps.database.db
    .select({ id: eventDates.id })
    .from(eventDates)
    .where(eq(eventDates.event_id, eventId))
    .orderBy(asc(eventDates.id))
    .limit(1);
  return first!.id;
}

/** Adds a date through the organizer's API; `start` on the event's wall clock (`2027-06-08T19:00`). */
export async function addDate(app: App, token: string, eventId: number, start: string, extra: object = {}) {
  const r = await call(app, 'POST', `/api/events/${eventId}/dates`, { token, body: { start_date: start, ...extra } });
  expect(r.statusCode, r.body).toBe(201);
  return r.json<{ data: { id: number } }>().data.id;
}

/** The public event (with a promo code, on a date), as a buyer's page reads it. */
export const publicEvent = async (app: App, eventId: number, promo?: string, date?: number | null) => {
  const query = new URLSearchParams();
  if (promo) query.set('promo_code', promo);
  if (date) query.set('date', String(date));
  const search = query.toString();
  return (await call(app, 'GET', `/api/public/events/${eventId}${search ? `?${search}` : ''}`)).json<{
    data: PublicEventDto;
  }>().data;
};

/** Reserves with the right expected total (as the page would compute it), unless one is given. */
export async function reserve(
  app: App,
  eventId: number,
  body: Partial<ReserveOrderBody> & { items: ReserveOrderBody['items'] },
  headers: Record<string, string> = {},
) {
  let expected = body.expected_total;
  if (expected === undefined) {
    const ev = await publicEvent(app, eventId, body.promo_code ?? undefined, body.event_date_id);
    expected = 0;
    for (const item of body.items) {
      const t = ev.tickets.find((x) => x.id === item.ticket_id);
      const unit = item.tier_id ? t?.tiers.find((x) => x.id === item.tier_id)?.unit : t?.unit;
      let total = unit?.total ?? 0;
      if (t?.type === 'DONATION' && item.amount != null) {
        const { priceUnit } = await import('@admitone/shared');
        total = priceUnit('DONATION', item.amount, t.charges).total;
      }
      expected += total * (item.quantity ?? 0);
    }
  }
  return call(app, 'POST', `/api/public/events/${eventId}/order`, {
    body: { ...body, expected_total: expected },
    headers,
  });
}

export const tokenHeader = (token: string) => ({ [CHECKOUT_TOKEN_HEADER]: token });

/**
 * What the buyer's browser sends about its order: the checkout token and the order's secret, both from
 * the reservation answer (`token` replaces the checkout token, e.g. to act as another browser).
 */
export const buyerHeaders = (
  r: { checkout_token: string; order_secret: string },
  token: string = r.checkout_token,
) => ({
  [CHECKOUT_TOKEN_HEADER]: token,
  [ORDER_SECRET_HEADER]: r.order_secret,
});

/** Fills in every attendee with a name and answers nothing else. */
export function details(order: PublicOrderDto, extra: Record<string, unknown> = {}) {
  return {
    first_name: 'Grace',
    last_name: 'Buyer',
    email: 'grace@example.test',
    // A pass's holder is named once, on its first ticket.
    attendees: order.attendees
      .filter((a) => !a.pass_of)
      .map((a, i) => ({
        short_id: a.short_id,
        first_name: `Guest${i + 1}`,
        last_name: 'Person',
        email: `guest${i + 1}@example.test`,
        answers: {},
      })),
    answers: {},
    ...extra,
  };
}

/**
 * A whole checkout as a buyer does it: reserve, give details; a free order completes at once, a paid
 * one is paid offline and (unless `paid: false`) marked as paid by the organizer. Returns the order.
 */
export async function placeOrder(
  app: App,
  ctx: { eventId: number; organizerToken: string },
  items: ReserveOrderBody['items'],
  opts: { paid?: boolean; buyer?: Record<string, unknown>; extra?: Partial<ReserveOrderBody> } = {},
): Promise<PublicOrderDto> {
  const res = await reserve(app, ctx.eventId, { items, ...opts.extra });
  if (res.statusCode !== 201) throw new Error(`reserve failed: ${res.statusCode} ${res.body}`);
  const answer = res.json<{ data: PublicOrderDto; checkout_token: string; order_secret: string }>();
  const reserved = answer.data;
  const h = buyerHeaders(answer);
  const d = await call(app, 'PUT', `/api/public/events/${ctx.eventId}/order/${reserved.short_id}/details`, {
    body: details(reserved, opts.buyer ?? {}),
    headers: h,
  });
  if (d.statusCode !== 200) throw new Error(`details failed: ${d.statusCode} ${d.body}`);
  let order = d.json<{ data: PublicOrderDto }>().data;
  if (order.status === 'RESERVED') {
    const off = await call(
      app,
      'POST',
      `/api/public/events/${ctx.eventId}/order/${reserved.short_id}/offline-payment`,
      { headers: h },
    );
    if (off.statusCode !== 200) throw new Error(`offline payment failed: ${off.statusCode} ${off.body}`);
    order = off.json<{ data: PublicOrderDto }>().data;
    if (opts.paid !== false) {
      const [row] = await app.deps.database.db
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.short_id, order.short_id));
      const paid = await call(app, 'POST', `/api/events/${ctx.eventId}/orders/${row!.id}/mark-as-paid`, {
        token: ctx.organizerToken,
      });
      if (paid.statusCode !== 200) throw new Error(`mark as paid failed: ${paid.statusCode} ${paid.body}`);
      order = paid.json<{ data: PublicOrderDto }>().data;
    }
  }
  return order;
}
