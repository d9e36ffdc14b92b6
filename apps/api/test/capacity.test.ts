import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createEvent, createOrganizer, registerUser } from './factories.js';
import { call, createTestApp, type TestContext } from './test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function setup() {
  const u = await registerUser(ctx.app);
  const event = await createEvent(ctx.app, u.token, (await createOrganizer(ctx.app, u.token)).id);
  return { u, event, base: `/api/events/${event.id}/capacity-assignments`, tickets: `/api/events/${event.id}/tickets` };
}
const ticket = (name: string, quantity: number | null) => ({ name, type: 'PAID', price: 1000, quantity });

describe('capacity assignments', () => {
  it('needs a ticket first', async () => {
    const { u, base } = await setup();
    const res = await call(ctx.app, 'POST', base, {
      token: u.token,
      body: { name: 'Hall', capacity: 10, applies_to: 'ALL' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'TICKET_REQUIRED',
      message: 'Create a ticket first: this needs at least one ticket.',
    });
  });

  it('bounds the tickets it covers and shows its use', async () => {
    const { u, base, tickets } = await setup();
    const a = (await call(ctx.app, 'POST', tickets, { token: u.token, body: ticket('Standard', 100) })).json().data;
    const b = (await call(ctx.app, 'POST', tickets, { token: u.token, body: ticket('VIP', null) })).json().data;
    await call(ctx.app, 'POST', tickets, { token: u.token, body: ticket('Other', 500) });
    const hall = await call(ctx.app, 'POST', base, {
      token: u.token,
      body: { name: 'Main hall', capacity: 40, applies_to: 'TICKETS', ticket_ids: [b.id, a.id] },
    });
    expect(hall.statusCode).toBe(201);
    expect(hall.json().data).toMatchObject({
      name: 'Main hall',
      capacity: 40,
      applies_to: 'TICKETS',
      ticket_ids: [a.id, b.id],
      enabled: true,
      used: 0,
      available: 40,
    });
    const list = (await call(ctx.app, 'GET', tickets, { token: u.token })).json().data;
    expect(list.map((t: { available: number | null }) => t.available)).toEqual([40, 40, 500]);

    await call(ctx.app, 'PUT', `${base}/${hall.json().data.id}`, {
      token: u.token,
      body: { name: 'Main hall', capacity: 40, applies_to: 'TICKETS', ticket_ids: [a.id, b.id], enabled: false },
    });
    expect((await call(ctx.app, 'GET', `${tickets}/${b.id}`, { token: u.token })).json().data.available).toBeNull();

    const all = await call(ctx.app, 'POST', base, {
      token: u.token,
      body: { name: 'Venue', capacity: 0, applies_to: 'ALL', ticket_ids: [a.id] },
    });
    expect(all.json().data).toMatchObject({ applies_to: 'ALL', ticket_ids: [] });
    expect(
      (await call(ctx.app, 'GET', tickets, { token: u.token }))
        .json()
        .data.map((t: { sale_state: string }) => t.sale_state),
    ).toEqual(['SOLD_OUT', 'SOLD_OUT', 'SOLD_OUT']);

    expect((await call(ctx.app, 'DELETE', `${base}/${all.json().data.id}`, { token: u.token })).statusCode).toBe(204);
    expect((await call(ctx.app, 'GET', base, { token: u.token })).json().data).toHaveLength(1);
  });

  it('marks bad input and keeps ids inside the event and account', async () => {
    const { u, base, tickets, event } = await setup();
    await call(ctx.app, 'POST', tickets, { token: u.token, body: ticket('Standard', 100) });
    const none = await call(ctx.app, 'POST', base, {
      token: u.token,
      body: { name: '', capacity: -1, applies_to: 'TICKETS' },
    });
    expect(Object.keys(none.json().error.field_errors).sort()).toEqual(['capacity', 'name', 'ticket_ids']);
    expect(none.json().error.field_errors.ticket_ids).toEqual(['Choose at least one ticket.']);
    const other = await setup();
    const theirTicket = (
      await call(ctx.app, 'POST', other.tickets, { token: other.u.token, body: ticket('X', 1) })
    ).json().data;
    const foreign = await call(ctx.app, 'POST', base, {
      token: u.token,
      body: { name: 'x', capacity: 1, applies_to: 'TICKETS', ticket_ids: [theirTicket.id] },
    });
    expect(foreign.json().error.field_errors).toEqual({ ticket_ids: ['This choice does not exist.'] });
    const theirs = (
      await call(ctx.app, 'POST', other.base, {
        token: other.u.token,
        body: { name: 'x', capacity: 1, applies_to: 'ALL' },
      })
    ).json().data;
    for (const [method, url] of [
      ['GET', `${other.base}/${theirs.id}`],
      ['PUT', `${other.base}/${theirs.id}`],
      ['DELETE', `${other.base}/${theirs.id}`],
      ['GET', `/api/events/${event.id}/capacity-assignments/${theirs.id}`],
      ['PUT', `/api/events/${event.id}/capacity-assignments/${theirs.id}`],
      ['DELETE', `/api/events/${event.id}/capacity-assignments/${theirs.id}`],
    ] as const) {
      const res = await call(ctx.app, method, url, {
        token: u.token,
        body: method === 'PUT' ? { name: 'y', capacity: 2, applies_to: 'ALL' } : undefined,
      });
      expect([method, url, res.statusCode]).toEqual([method, url, 404]);
    }
  });
});
