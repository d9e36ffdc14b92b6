import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { orders } from '../src/db/schema/index.js';
import { buyerHeaders, liveEvent, placeOrder, reserve } from './checkout-factory.js';
import { call, createTestApp, type TestContext } from './test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const fits = 'M'.repeat(50);
const tooLong = 'M'.repeat(51);

describe('a person name has one limit wherever it is entered (SPEC: 1 to 50 characters)', () => {
  it('the checkout, a manual attendee, an attendee edit and a buyer edit refuse 51 characters with the same message, and take 50', async () => {
    const { u, event, tickets } = await liveEvent(ctx.app, [{ name: 'Entry', type: 'FREE' }]);
    const token = u.token;
    const c = { eventId: event.id, organizerToken: token };

    // The checkout.
    const r = (await reserve(ctx.app, event.id, { items: [{ ticket_id: tickets[0]!.id, quantity: 1 }] })).json();
    const person = (first: string) => ({ first_name: first, last_name: 'Doe', email: 'name@example.test' });
    const details = (first: string) =>
      call(ctx.app, 'PUT', `/api/public/events/${event.id}/order/${r.data.short_id}/details`, {
        headers: buyerHeaders(r),
        body: {
          ...person(first),
          attendees: [{ short_id: r.data.attendees[0].short_id, ...person(first), answers: {} }],
          answers: {},
        },
      });
    const atCheckout = await details(tooLong);
    expect(atCheckout.statusCode).toBe(422);
    const message = atCheckout.json().error.field_errors.first_name;
    expect(message).toEqual(['Must be at most 50 characters.']);

    // The organizer's manual attendee, and the edits of an attendee and of a buyer: the same answer.
    const manual = await call(ctx.app, 'POST', `/api/events/${event.id}/attendees`, {
      token,
      body: { ticket_id: tickets[0]!.id, ...person(tooLong), send_ticket: false },
    });
    expect(manual.statusCode).toBe(422);
    expect(manual.json().error.field_errors.first_name).toEqual(message);
    const order = await placeOrder(ctx.app, c, [{ ticket_id: tickets[0]!.id, quantity: 1 }]);
    const [row] = await ctx.app.deps.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.short_id, order.short_id));
    const attendeeId = (await call(ctx.app, 'GET', `/api/events/${event.id}/orders/${row!.id}`, { token })).json().data
      .attendees[0].id;
    const editAttendee = await call(ctx.app, 'PUT', `/api/events/${event.id}/attendees/${attendeeId}`, {
      token,
      body: person(tooLong),
    });
    expect(editAttendee.statusCode).toBe(422);
    expect(editAttendee.json().error.field_errors.first_name).toEqual(message);
    const editBuyer = await call(ctx.app, 'PUT', `/api/events/${event.id}/orders/${row!.id}/buyer`, {
      token,
      body: { ...person('Ada'), last_name: tooLong },
    });
    expect(editBuyer.statusCode).toBe(422);
    expect(editBuyer.json().error.field_errors.last_name).toEqual(message);

    // 50 characters fit everywhere.
    expect((await details(fits)).statusCode).toBe(200);
    expect(
      (
        await call(ctx.app, 'POST', `/api/events/${event.id}/attendees`, {
          token,
          body: { ticket_id: tickets[0]!.id, ...person(fits), send_ticket: false },
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (await call(ctx.app, 'PUT', `/api/events/${event.id}/attendees/${attendeeId}`, { token, body: person(fits) }))
        .statusCode,
    ).toBe(200);
  });
});
