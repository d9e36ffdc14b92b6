import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { attendees } from '../src/db/schema/index.js';
import { TestClock } from '../src/shared/clock.js';
import { liveEvent, placeOrder, publicEvent, reserve } from './checkout-factory.js';
import { call, createTestApp, type TestContext } from './test-app.js';

let ctx: TestContext;
const clock = new TestClock(new Date('2027-03-01T12:00:00Z'));
beforeAll(async () => {
  ctx = await createTestApp({ clock });
});
afterAll(() => ctx.close());

describe('the public event answer (kept in memory)', () => {
  it('shows every organizer change and every sale at once, and freed holds within seconds', async () => {
    const { u, event, tickets } = await liveEvent(ctx.app, [{ name: 'Seat', type: 'FREE', quantity: 3 }]);
    await call(ctx.app, 'PUT', `/api/events/${event.id}/settings`, {
      token: u.token,
      body: { show_remaining_tickets: true },
    });
    const seat = async () => (await publicEvent(ctx.app, event.id)).tickets.find((t) => t.id === tickets[0]!.id);
    expect(await seat()).toMatchObject({ name: 'Seat', remaining: 3 });
    expect(await seat()).toMatchObject({ remaining: 3 }); // from memory

    // The organizer renames the ticket: the next read shows it.
    const t = (
      await call(ctx.app, 'GET', `/api/events/${event.id}/tickets/${tickets[0]!.id}`, { token: u.token })
    ).json().data;
    expect(
      (
        await call(ctx.app, 'PUT', `/api/events/${event.id}/tickets/${t.id}`, {
          token: u.token,
          body: { ...t, name: 'Front row' },
        })
      ).statusCode,
    ).toBe(200);
    expect(await seat()).toMatchObject({ name: 'Front row', remaining: 3 });

    // A reservation holds one: the next read counts it.
    expect((await reserve(ctx.app, event.id, { items: [{ ticket_id: t.id, quantity: 1 }] })).statusCode).toBe(201);
    expect(await seat()).toMatchObject({ remaining: 2 });
    // A completed order and an organizer cancelling an attendee.
    await placeOrder(ctx.app, { eventId: event.id, organizerToken: u.token }, [{ ticket_id: t.id, quantity: 2 }]);
    expect(await seat()).toMatchObject({ remaining: 0, sale_state: 'SOLD_OUT' });
    const [sold] = await ctx.app.deps.database.db
      .select()
      .from(attendees)
      .where(and(eq(attendees.status, 'ACTIVE'), eq(attendees.ticket_id, t.id)));
    expect(
      (await call(ctx.app, 'POST', `/api/events/${event.id}/attendees/${sold!.id}/cancel`, { token: u.token }))
        .statusCode,
    ).toBe(200);
    expect(await seat()).toMatchObject({ remaining: 1 });

    // The first hold runs out with time (no write at all): seen once the stock part is older than its limit.
    clock.advance(16 * 60_000);
    expect(await seat()).toMatchObject({ remaining: 2 });

    // Back to draft: gone from the public at once.
    expect(
      (await call(ctx.app, 'PUT', `/api/events/${event.id}/status`, { token: u.token, body: { status: 'DRAFT' } }))
        .statusCode,
    ).toBe(200);
    expect((await call(ctx.app, 'GET', `/api/public/events/${event.id}`)).statusCode).toBe(404);
  });

  it('order answers share the event parts from memory and show organizer changes at once', async () => {
    const { u, event, tickets } = await liveEvent(ctx.app, [{ name: 'Seat', type: 'FREE', quantity: 10 }]);
    const first = await reserve(ctx.app, event.id, { items: [{ ticket_id: tickets[0]!.id, quantity: 1 }] });
    expect(first.statusCode).toBe(201);
    const { short_id, checkout_token, order_secret } = {
      short_id: first.json().data.short_id,
      checkout_token: first.json().checkout_token,
      order_secret: first.json().order_secret,
    };
    const order = async () =>
      (
        await call(ctx.app, 'GET', `/api/public/events/${event.id}/order/${short_id}`, {
          headers: { 'x-checkout-token': checkout_token, 'x-order-secret': order_secret },
        })
      ).json().data;
    expect((await order()).questions).toEqual([]);

    // A new question and a new title: the buyer's open checkout shows both on its next read.
    const q = await call(ctx.app, 'POST', `/api/events/${event.id}/questions`, {
      token: u.token,
      body: { title: 'Company', type: 'SINGLE_LINE_TEXT' },
    });
    expect(q.statusCode).toBe(201);
    const current = (await call(ctx.app, 'GET', `/api/events/${event.id}`, { token: u.token })).json().data;
    expect(
      (
        await call(ctx.app, 'PUT', `/api/events/${event.id}`, {
          token: u.token,
          body: {
            title: 'Renamed night',
            description: current.description,
            start_date: current.start_date.slice(0, 16),
            end_date: current.end_date?.slice(0, 16) ?? null,
            timezone: current.timezone,
            currency: current.currency,
            organizer_id: current.organizer_id,
          },
        })
      ).statusCode,
    ).toBe(200);
    const seen = await order();
    expect(seen.questions.map((x: { title: string }) => x.title)).toEqual(['Company']);
    expect(seen.event.title).toBe('Renamed night');
    // A second reservation answers with the same, now from memory.
    const second = await reserve(ctx.app, event.id, { items: [{ ticket_id: tickets[0]!.id, quantity: 1 }] });
    expect(second.json().data.event.title).toBe('Renamed night');
    expect(second.json().data.questions.map((x: { title: string }) => x.title)).toEqual(['Company']);
  });
});
