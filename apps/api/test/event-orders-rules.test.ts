import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { TestClock } from '../src/shared/clock.js';
import { buyerHeaders, details, liveEvent, reserve } from './checkout-factory.js';
import { registerUser } from './factories.js';
import { call, createTestApp, type TestContext } from './test-app.js';

let ctx: TestContext;
const clock = new TestClock(new Date('2027-03-01T12:00:00Z'));
beforeAll(async () => {
  ctx = await createTestApp({ clock });
});
afterAll(() => ctx.close());

async function buy(eventId: number, ticketId: number, quantity: number) {
  const r = (await reserve(ctx.app, eventId, { items: [{ ticket_id: ticketId, quantity }] })).json();
  return (
    await call(ctx.app, 'PUT', `/api/public/events/${eventId}/order/${r.data.short_id}/details`, {
      headers: buyerHeaders(r),
      body: details(r.data),
    })
  ).json().data;
}

describe('events once they have orders', () => {
  it('an event with orders cannot be deleted (archive it) and keeps its currency; without orders it can', async () => {
    const { u, event, tickets } = await liveEvent(ctx.app, [{ name: 'Free', type: 'FREE' }]);
    // A hold that ran out does not count.
    await reserve(ctx.app, event.id, { items: [{ ticket_id: tickets[0]!.id, quantity: 1 }] });
    clock.advance(16 * 60_000);
    expect(
      (await call(ctx.app, 'PUT', `/api/events/${event.id}`, { token: u.token, body: { currency: 'USD' } })).statusCode,
    ).toBe(200);
    await buy(event.id, tickets[0]!.id, 1);
    const del = await call(ctx.app, 'DELETE', `/api/events/${event.id}`, { token: u.token });
    expect(del.statusCode).toBe(409);
    expect(del.json().error.message).toBe('This event has orders and cannot be deleted. You can archive it instead.');
    const cur = await call(ctx.app, 'PUT', `/api/events/${event.id}`, { token: u.token, body: { currency: 'EUR' } });
    expect(cur.json().error.field_errors).toEqual({
      currency: ['The currency cannot change once the event has orders.'],
    });
    expect(
      (await call(ctx.app, 'PUT', `/api/events/${event.id}/status`, { token: u.token, body: { status: 'ARCHIVED' } }))
        .statusCode,
    ).toBe(200);
    expect((await call(ctx.app, 'GET', `/api/public/events/${event.id}`)).statusCode).toBe(404);
    const empty = await liveEvent(ctx.app, []);
    expect((await call(ctx.app, 'DELETE', `/api/events/${empty.event.id}`, { token: empty.u.token })).statusCode).toBe(
      204,
    );
  });

  it('stats count sales, tickets, visits and a daily series in the event time zone', async () => {
    const { u, event, tickets } = await liveEvent(ctx.app, [
      { name: 'Seat', type: 'PAID', price: 1000 },
      { name: 'Free', type: 'FREE' },
    ]);
    await call(ctx.app, 'PUT', `/api/events/${event.id}/settings`, {
      token: u.token,
      body: { offline_payments_enabled: true },
    });
    for (const v of ['v-aaaaaaaa', 'v-bbbbbbbb', 'v-aaaaaaaa'])
      await call(ctx.app, 'POST', `/api/public/events/${event.id}/views`, { body: { visitor_id: v } });
    await buy(event.id, tickets[1]!.id, 3);
    const r = (await reserve(ctx.app, event.id, { items: [{ ticket_id: tickets[0]!.id, quantity: 2 }] })).json();
    const h = buyerHeaders(r);
    await call(ctx.app, 'PUT', `/api/public/events/${event.id}/order/${r.data.short_id}/details`, {
      headers: h,
      body: details(r.data),
    });
    await call(ctx.app, 'POST', `/api/public/events/${event.id}/order/${r.data.short_id}/offline-payment`, {
      headers: h,
    });
    const stats = await call(ctx.app, 'GET', `/api/events/${event.id}/stats`, { token: u.token });
    expect(stats.statusCode).toBe(200);
    const s = stats.json().data;
    expect(s).toMatchObject({
      currency: 'EUR',
      orders_completed: 1,
      orders_awaiting_payment: 1,
      tickets_sold: 3,
      tickets_reserved: 2,
      gross_sales: 0,
      page_views: 2,
      unique_visitors: 2,
      conversion_rate: 0.5,
    });
    expect(s.daily).toHaveLength(14);
    expect(s.daily.at(-1)).toEqual({ date: '2027-03-01', orders: 1, tickets: 3, gross: 0, page_views: 2 });
    const other = await registerUser(ctx.app);
    expect((await call(ctx.app, 'GET', `/api/events/${event.id}/stats`, { token: other.token })).statusCode).toBe(404);
  });
});
