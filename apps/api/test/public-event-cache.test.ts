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
    await call(ctx.app, 'PUT', `/api/events/${event.id}/settings`, { token: u.token, body: { show_remaining_tickets: true } });
    const seat = async () => (await publicEvent(ctx.app, event.id)).tickets.find((t) => t.id === tickets[0]!.id);
    expect(await seat()).toMatchObject({ name: 'Seat', remaining: 3 });
    expect(await seat()).toMatchObject({ remaining: 3 }); // from memory

    // The organizer renames the ticket: the next read shows it.
    const t = (await call(ctx.app, 'GET', `/api/events/${event.id}/tickets/${tickets[0]!.id}`, { token: u.token })).json().data;
    expect((await call(ctx.app, 'PUT', `/api/events/${event.id}/tickets/${t.id}`, { token: u.token, body: { ...t, name: 'Front row' } })).statusCode).toBe(200);
    expect(await seat()).toMatchObject({ name: 'Front row', remaining: 3 });

    // A reservation holds one: the next read counts it.
    expect((await reserve(ctx.app, event.id, { items: [{ ticket_id: t.id, quantity: 1 }] })).statusCode).toBe(201);
    expect(await seat()).toMatchObject({ remaining: 2 });
    // A completed order and an organizer cancelling an attendee.
    await placeOrder(ctx.app, { eventId: event.id, organizerToken: u.token }, [{ ticket_id: t.id, quantity: 2 }]);
    expect(await seat()).toMatchObject({ remaining: 0, sale_state: 'SOLD_OUT' });
    const [sold] = await ctx.app.deps.database.db.select().from(attendees).where(and(eq(attendees.status, 'ACTIVE'), eq(attendees.ticket_id, t.id)));
    expect((await call(ctx.app, 'POST', `/api/events/${event.id}/attendees/${sold!.id}/cancel`, { token: u.token })).statusCode).toBe(200);
    expect(await seat()).toMatchObject({ remaining: 1 });

    // The first hold runs out with time (no write at all): seen once the stock part is older than its limit.
    clock.advance(16 * 60_000);
    expect(await seat()).toMatchObject({ remaining: 2 });

    // Back to draft: gone from the public at once.
    expect((await call(ctx.app, 'PUT', `/api/events/${event.id}/status`, { token: u.token, body: { status: 'DRAFT' } })).statusCode).toBe(200);
    expect((await call(ctx.app, 'GET', `/api/public/events/${event.id}`)).statusCode).toBe(404);
  });
});
