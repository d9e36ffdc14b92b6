import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createEvent, createOrganizer, registerUser } from './factories.js';
import { call, createTestApp, type TestContext } from './test-app.js';

/**
 * Organizers could not see a draft's page before going live (404, as for visitors). The preview answers
 * the event as visitors would see it, whatever its status, to the event's own account only; the public
 * read keeps answering 404 for a draft.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('previewing an event', () => {
  it('shows a draft to its account as visitors will see it, with its tickets, and to nobody else', async () => {
    const u = await registerUser(ctx.app);
    const event = await createEvent(ctx.app, u.token, (await createOrganizer(ctx.app, u.token)).id, {
      title: 'Secret Gala',
      currency: 'EUR',
    });
    const as = { token: u.token };
    expect(
      (
        await call(ctx.app, 'POST', `/api/events/${event.id}/tickets`, {
          ...as,
          body: { name: 'Seat', type: 'PAID', price: 2500 },
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await call(ctx.app, 'POST', `/api/events/${event.id}/tickets`, {
          ...as,
          body: { name: 'Crew', type: 'FREE', requires_promo_code: true },
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await call(ctx.app, 'POST', `/api/events/${event.id}/promo-codes`, {
          ...as,
          body: { code: 'CREW-PASS', discount_type: 'NONE' },
        })
      ).statusCode,
    ).toBe(201);

    const preview = await call(ctx.app, 'GET', `/api/events/${event.id}/preview`, as);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().meta).toEqual({ status: 'DRAFT' });
    expect(preview.json().data).toMatchObject({ id: event.id, title: 'Secret Gala', currency: 'EUR' });
    expect(preview.json().data.tickets.map((t: { name: string }) => t.name)).toEqual(['Seat']);
    // A promo code unlocks its tickets in the preview as on the page.
    const withCode = await call(ctx.app, 'GET', `/api/events/${event.id}/preview?promo_code=CREW-PASS`, as);
    expect(withCode.json().data.tickets.map((t: { name: string }) => t.name)).toEqual(['Seat', 'Crew']);

    // Visitors, other accounts and nobody at all still find nothing.
    expect((await call(ctx.app, 'GET', `/api/public/events/${event.id}`)).statusCode).toBe(404);
    const other = await registerUser(ctx.app);
    expect((await call(ctx.app, 'GET', `/api/events/${event.id}/preview`, { token: other.token })).statusCode).toBe(
      404,
    );
    expect((await call(ctx.app, 'GET', `/api/events/${event.id}/preview`)).statusCode).toBe(401);

    // Buying from a draft stays impossible, preview or not.
    const seat = preview.json().data.tickets[0];
    const order = await call(ctx.app, 'POST', `/api/public/events/${event.id}/order`, {
      body: { items: [{ ticket_id: seat.id, quantity: 1 }], expected_total: 2500 },
    });
    expect(order.statusCode).toBe(404);
  });
});
