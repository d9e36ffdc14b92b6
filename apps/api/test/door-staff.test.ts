import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { events } from '../src/db/schema/index.js';
import { TestClock } from '../src/shared/clock.js';
import { liveEvent, placeOrder } from './checkout-factory.js';
import { createEvent, createOrganizer, inviteAndAccept, registerUser } from './factories.js';
import { call, createTestApp, type TestContext } from './test-app.js';

let ctx: TestContext;
const clock = new TestClock(new Date('2027-06-01T18:00:00Z'));
beforeAll(async () => {
  ctx = await createTestApp({ clock });
});
afterAll(() => ctx.close());

/** One account with two live events (A and B), each with one completed order of two, and door staff given A. */
async function venue() {
  const a = await liveEvent(ctx.app, [{ name: 'Standing', type: 'FREE' }]);
  const admin = a.u.token;
  const organizerId = a.event.organizer.id;
  const b = await createEvent(ctx.app, admin, organizerId, {
    title: 'Second night',
    start_date: '2027-06-02T19:00',
    timezone: 'Europe/Berlin',
    currency: 'EUR',
  });
  await ctx.app.deps.database.db
    .update(events)
    .set({ status: 'LIVE', client_hold_limit: null, client_reservation_limit: null })
    .where(eq(events.id, b.id));
  const bTicket = (
    await call(ctx.app, 'POST', `/api/events/${b.id}/tickets`, {
      token: admin,
      body: { name: 'Balcony', type: 'FREE' },
    })
  ).json().data;
  const orderA = await placeOrder(ctx.app, { eventId: a.event.id, organizerToken: admin }, [
    { ticket_id: a.tickets[0]!.id, quantity: 2 },
  ]);
  const orderB = await placeOrder(ctx.app, { eventId: b.id, organizerToken: admin }, [
    { ticket_id: bTicket.id, quantity: 2 },
  ]);
  const staff = await inviteAndAccept(ctx.app, ctx.smtp, admin, 'DOOR_STAFF', 'Dora Door', [a.event.id]);
  return { admin, eventA: a.event.id, eventB: b.id, orderA, orderB, staff };
}

const get = (path: string, token: string) => call(ctx.app, 'GET', `/api${path}`, { token });

describe('door staff', () => {
  it('are invited for chosen events of the account: at least one, and only the account’s own', async () => {
    const { admin, eventA } = await venue();
    const none = await call(ctx.app, 'POST', '/api/users', {
      token: admin,
      body: { email: 'door-none@example.test', role: 'DOOR_STAFF' },
    });
    expect(none.statusCode).toBe(422);
    expect(none.json().error.field_errors).toEqual({ event_ids: ['Choose at least one event.'] });

    const other = await liveEvent(ctx.app, [{ name: 'Elsewhere', type: 'FREE' }]);
    const foreign = await call(ctx.app, 'POST', '/api/users', {
      token: admin,
      body: { email: 'door-foreign@example.test', role: 'DOOR_STAFF', event_ids: [eventA, other.event.id] },
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().error.field_errors).toEqual({ event_ids: ['This choice does not exist.'] });

    // Organizers take no events (they see every one).
    const organizer = await call(ctx.app, 'POST', '/api/users', {
      token: admin,
      body: { email: 'door-org@example.test', role: 'ORGANIZER', event_ids: [eventA] },
    });
    expect(organizer.statusCode).toBe(201);
    expect(organizer.json().data).toMatchObject({ role: 'ORGANIZER', event_ids: [] });
  });

  it('check people in at their events, see names and tickets but no e-mail, and nothing else', async () => {
    const { admin, eventA, eventB, orderA, orderB, staff } = await venue();
    const me = (await get('/users/me', staff.token)).json().data;
    expect(me.permissions).toEqual(['checkin.scan']);
    expect(
      (await get('/users?per_page=100', admin)).json().data.find((m: { id: number }) => m.id === staff.memberId),
    ).toMatchObject({ role: 'DOOR_STAFF', event_ids: [eventA] });

    // Their events only: the other event of the same account is not found, as another account's would be.
    expect((await get('/check-in/events', staff.token)).json().data.map((e: { id: number }) => e.id)).toEqual([eventA]);
    expect((await get(`/events/${eventA}/check-in`, staff.token)).json().data).toMatchObject({
      id: eventA,
      timezone: 'Europe/Berlin',
    });
    for (const path of [
      `/events/${eventB}/check-in`,
      `/events/${eventB}/check_in_stats`,
      `/events/${eventB}/check-in/attendees`,
    ])
      expect((await get(path, staff.token)).statusCode, path).toBe(404);
    const atB = await call(ctx.app, 'POST', `/api/events/${eventB}/check-ins`, {
      token: staff.token,
      body: { code: orderB.attendees[0]!.short_id, action: 'CHECK_IN' },
    });
    expect(atB.statusCode).toBe(404);

    // The list: names and tickets, no e-mail (the organizer's list has it).
    const list = (await get(`/events/${eventA}/check-in/attendees?query=Guest`, staff.token)).json();
    expect(list.meta.total).toBe(2);
    expect(list.data[0]).toMatchObject({ first_name: expect.any(String), ticket_name: 'Standing', email: null });
    expect((await get(`/events/${eventA}/check-in/attendees`, admin)).json().data[0].email).toMatch(/@/);

    // A scan admits, and answers without the e-mail; the staff member is recorded as who admitted.
    const scanned = await call(ctx.app, 'POST', `/api/events/${eventA}/check-ins`, {
      token: staff.token,
      body: { code: orderA.attendees[0]!.short_id, action: 'CHECK_IN' },
    });
    expect(scanned.json().data).toMatchObject({
      result: 'CHECKED_IN',
      checked_in_by: { name: 'Dora Door' },
      attendee: { short_id: orderA.attendees[0]!.short_id, email: null },
    });
    const batch = await call(ctx.app, 'POST', `/api/events/${eventA}/check-ins/batch`, {
      token: staff.token,
      body: { scans: [{ code: orderA.attendees[1]!.short_id, action: 'CHECK_IN' }] },
    });
    expect(batch.json().data[0]).toMatchObject({ result: 'CHECKED_IN', attendee: { email: null } });
    expect((await get(`/events/${eventA}/check_in_stats`, staff.token)).json().data).toMatchObject({
      checked_in: 2,
      total: 2,
    });

    // A ticket of the other event scanned at this door: "wrong event", with no one's details.
    const wrong = (
      await call(ctx.app, 'POST', `/api/events/${eventA}/check-ins`, {
        token: staff.token,
        body: { code: orderB.attendees[0]!.short_id, action: 'CHECK_IN' },
      })
    ).json().data;
    expect(wrong).toEqual({
      result: 'WRONG_EVENT',
      attendee: null,
      checked_in_at: null,
      checked_in_by: null,
      checked_in_by_link: false,
    });

    // Nothing of the organizer's screens: events, orders, attendees, settings, team, account.
    for (const path of [
      '/events',
      `/events/${eventA}`,
      `/events/${eventA}/attendees`,
      `/events/${eventA}/orders`,
      `/events/${eventA}/tickets`,
      `/events/${eventA}/stats`,
      '/organizers',
      '/users',
      `/accounts/${me.account.id}/taxes-and-fees`,
      `/accounts/${me.account.id}/payment-connection`,
    ]) {
      expect((await get(path, staff.token)).statusCode, path).toBe(403);
    }
    const edit = await call(ctx.app, 'PUT', `/api/events/${eventA}/settings`, {
      token: staff.token,
      body: { offline_payments_enabled: true },
    });
    expect(edit.statusCode).toBe(403);
  });

  it('get other events at once when an admin changes them, and every event as an organizer', async () => {
    const { admin, eventA, eventB, orderA, staff } = await venue();
    const moved = await call(ctx.app, 'PUT', `/api/users/${staff.memberId}`, {
      token: admin,
      body: { event_ids: [eventB] },
    });
    expect(moved.json().data).toMatchObject({ role: 'DOOR_STAFF', event_ids: [eventB] });
    // The same session: A is gone from the next request on.
    expect((await get('/check-in/events', staff.token)).json().data.map((e: { id: number }) => e.id)).toEqual([eventB]);
    expect((await get(`/events/${eventA}/check-in`, staff.token)).statusCode).toBe(404);

    // Door staff with no event are refused; events for a role that sees all are refused too.
    expect(
      (await call(ctx.app, 'PUT', `/api/users/${staff.memberId}`, { token: admin, body: { event_ids: [] } }))
        .statusCode,
    ).toBe(422);
    const organizer = await call(ctx.app, 'PUT', `/api/users/${staff.memberId}`, {
      token: admin,
      body: { role: 'ORGANIZER' },
    });
    expect(organizer.json().data).toMatchObject({ role: 'ORGANIZER', event_ids: [] });
    expect(
      (await call(ctx.app, 'PUT', `/api/users/${staff.memberId}`, { token: admin, body: { event_ids: [eventA] } }))
        .statusCode,
    ).toBe(422);
    expect((await get('/check-in/events', staff.token)).json().data.map((e: { id: number }) => e.id)).toEqual([
      eventA,
      eventB,
    ]);
    const scanned = (
      await call(ctx.app, 'POST', `/api/events/${eventA}/check-ins`, {
        token: staff.token,
        body: { code: orderA.attendees[0]!.short_id, action: 'CHECK_IN' },
      })
    ).json().data;
    expect(scanned.attendee.email).toMatch(/@/);

    // Back to door staff: events are named again.
    const back = await call(ctx.app, 'PUT', `/api/users/${staff.memberId}`, {
      token: admin,
      body: { role: 'DOOR_STAFF' },
    });
    expect(back.statusCode).toBe(422);
    expect(back.json().error.field_errors).toEqual({ event_ids: ['Choose at least one event.'] });
  });

  it('are never seen by the organizer of another account, nor their event', async () => {
    const { eventA, staff } = await venue();
    const stranger = await registerUser(ctx.app);
    await createOrganizer(ctx.app, stranger.token);
    expect((await get(`/events/${eventA}/check-in`, stranger.token)).statusCode).toBe(404);
    expect((await get(`/users/${staff.memberId}`, stranger.token)).statusCode).toBe(404);
    expect(
      (
        await call(ctx.app, 'PUT', `/api/users/${staff.memberId}`, {
          token: stranger.token,
          body: { event_ids: [eventA] },
        })
      ).statusCode,
    ).toBe(404);
  });
});
