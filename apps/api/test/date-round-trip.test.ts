import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createEvent, createOrganizer, registerUser } from './factories.js';
import { call, createTestApp, type TestContext } from './test-app.js';

/**
 * Dates round-trip (issue #37): what a read answers (an ISO 8601 instant with its offset) is accepted by
 * the write it came from and means the same instant, beside the wall-clock form the forms send.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function setup() {
  const u = await registerUser(ctx.app);
  const organizer = await createOrganizer(ctx.app, u.token);
  const event = await createEvent(ctx.app, u.token, organizer.id, {
    start_date: '2027-06-01T19:00',
    end_date: '2027-06-01T23:00',
    timezone: 'Europe/Berlin',
  });
  return { u, organizer, event };
}

describe('a read written back', () => {
  it("an event's dates as read are accepted unchanged by the update and keep their instants", async () => {
    const { u, event } = await setup();
    const read = (await call(ctx.app, 'GET', `/api/events/${event.id}`, { token: u.token })).json().data;
    expect(read.start_date).toBe('2027-06-01T17:00:00.000Z');
    const written = await call(ctx.app, 'PUT', `/api/events/${event.id}`, {
      token: u.token,
      body: { start_date: read.start_date, end_date: read.end_date },
    });
    expect(written.statusCode, written.body).toBe(200);
    expect(written.json().data).toMatchObject({
      start_date: '2027-06-01T17:00:00.000Z',
      end_date: '2027-06-01T21:00:00.000Z',
    });
  });

  it('a new event takes an instant with any offset, and the wall-clock form in its time zone', async () => {
    const u = await registerUser(ctx.app);
    const organizer = await createOrganizer(ctx.app, u.token);
    const base = { title: 'Round trip', organizer_id: organizer.id, timezone: 'America/New_York', currency: 'USD' };
    const withOffset = await call(ctx.app, 'POST', '/api/events', {
      token: u.token,
      body: { ...base, start_date: '2027-03-01T20:00:00+01:00', end_date: '2027-03-01T22:30:00.000Z' },
    });
    expect(withOffset.statusCode, withOffset.body).toBe(201);
    expect(withOffset.json().data).toMatchObject({
      start_date: '2027-03-01T19:00:00.000Z',
      end_date: '2027-03-01T22:30:00.000Z',
    });
    const local = await call(ctx.app, 'POST', '/api/events', {
      token: u.token,
      body: { ...base, start_date: '2027-03-01T14:00' },
    });
    expect(local.json().data.start_date).toBe('2027-03-01T19:00:00.000Z');
  });

  it('an end before its start is refused on the field in either form, and a date that is neither form too', async () => {
    const u = await registerUser(ctx.app);
    const organizer = await createOrganizer(ctx.app, u.token);
    const base = { title: 'Backwards', organizer_id: organizer.id, timezone: 'Europe/Berlin', currency: 'EUR' };
    // 19:00 in Berlin is 18:00Z: an end at 18:30 local is after it, an end at 17:30Z before it.
    const mixed = await call(ctx.app, 'POST', '/api/events', {
      token: u.token,
      body: { ...base, start_date: '2027-01-15T19:00', end_date: '2027-01-15T17:30:00Z' },
    });
    expect(mixed.statusCode).toBe(422);
    expect(Object.keys(mixed.json().error.field_errors)).toEqual(['end_date']);
    const garbled = await call(ctx.app, 'POST', '/api/events', {
      token: u.token,
      body: { ...base, start_date: '2027-01-15T19:00+1' },
    });
    expect(garbled.statusCode).toBe(422);
    expect(Object.keys(garbled.json().error.field_errors)).toEqual(['start_date']);
  });

  it("a ticket's sale window as read is accepted unchanged", async () => {
    const { u, event } = await setup();
    const ticket = await call(ctx.app, 'POST', `/api/events/${event.id}/tickets`, {
      token: u.token,
      body: {
        name: 'Early',
        type: 'PAID',
        price: 1500,
        quantity: 10,
        sale_start: '2027-01-01T09:00:00.000Z',
        sale_end: '2027-02-01T10:00',
      },
    });
    expect(ticket.statusCode, ticket.body).toBe(201);
    const read = (
      await call(ctx.app, 'GET', `/api/events/${event.id}/tickets/${ticket.json().data.id}`, { token: u.token })
    ).json().data;
    const again = await call(ctx.app, 'PUT', `/api/events/${event.id}/tickets/${read.id}`, {
      token: u.token,
      body: {
        name: read.name,
        type: read.type,
        price: read.price,
        quantity: 10,
        sale_start: read.sale_start,
        sale_end: read.sale_end,
      },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.sale_start).toBe(read.sale_start);
    expect(again.json().data.sale_end).toBe(read.sale_end);
  });
});
