import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createEvent, createOrganizer, registerConfirmedUser } from './factories.js';
import { call, createTestApp, type TestContext } from './test-app.js';

/**
 * A paid ticket could go live with no way to pay: buyers found tickets they could not buy. Going live is
 * refused (409 NO_PAYMENT_METHOD, the fix named) while the event has tickets that cost money and neither
 * card payments nor offline payments; `GET /events/{id}/payment-readiness` tells the ticket list why.
 */
let ctx: TestContext;
let withCard: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  // Card payments through the platform's own Stripe account: available to every account without a call to Stripe.
  withCard = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_admitone',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_admitone',
      STRIPE_WEBHOOK_SECRET: 'whsec_admitone',
      STRIPE_MODE: 'SINGLE',
      STRIPE_API_URL: 'http://127.0.0.1:9',
    },
  });
});
afterAll(async () => {
  await withCard?.close();
  await ctx?.close();
});

async function draftEvent(c: TestContext, locale?: 'de') {
  const u = await registerConfirmedUser(c.app, c.smtp, locale ? { locale } : {});
  const event = await createEvent(c.app, u.token, (await createOrganizer(c.app, u.token)).id, { currency: 'EUR' });
  const as = { token: u.token };
  return {
    u,
    event,
    ticket: (body: Record<string, unknown>) => call(c.app, 'POST', `/api/events/${event.id}/tickets`, { ...as, body }),
    readiness: async () => (await call(c.app, 'GET', `/api/events/${event.id}/payment-readiness`, as)).json().data,
    status: (status: string, locale?: string) =>
      call(c.app, 'PUT', `/api/events/${event.id}/status`, { ...as, locale, body: { status } }),
    settings: (body: Record<string, unknown>) =>
      call(c.app, 'PUT', `/api/events/${event.id}/settings`, { ...as, body }),
  };
}

describe('going live with paid tickets', () => {
  it('is refused while buyers have no way to pay, naming the fix; offline payments open the way', async () => {
    const e = await draftEvent(ctx);
    expect((await e.ticket({ name: 'Free entry', type: 'FREE' })).statusCode).toBe(201);
    expect((await e.ticket({ name: 'Pay what you like', type: 'DONATION', min_price: 0 })).statusCode).toBe(201);
    expect(await e.readiness()).toEqual({ card: false, offline: false, paid_tickets: 0, blocked: false });
    // Free tickets and a donation without a minimum can always be had: live and back is fine.
    expect((await e.status('LIVE')).statusCode).toBe(200);
    expect((await e.status('DRAFT')).statusCode).toBe(200);

    expect((await e.ticket({ name: 'Seat', type: 'PAID', price: 1500 })).statusCode).toBe(201);
    expect(await e.readiness()).toEqual({ card: false, offline: false, paid_tickets: 1, blocked: true });
    const refused = await e.status('LIVE');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      code: 'NO_PAYMENT_METHOD',
      message:
        'This event has paid tickets but buyers have no way to pay. Connect Stripe in the account’s payment settings, or turn on offline payments in the event’s payment settings, then publish again.',
    });
    expect((await call(ctx.app, 'GET', `/api/events/${e.event.id}`, { token: e.u.token })).json().data.status).toBe(
      'DRAFT',
    );

    expect(
      (await e.settings({ offline_payments_enabled: true, offline_payment_instructions: '<p>Pay at the door.</p>' }))
        .statusCode,
    ).toBe(200);
    expect(await e.readiness()).toEqual({ card: false, offline: true, paid_tickets: 1, blocked: false });
    expect((await e.status('LIVE')).statusCode).toBe(200);
  });

  it('counts a donation with a minimum and a tier with a price as paid; archiving and drafts are never refused', async () => {
    const e = await draftEvent(ctx);
    expect((await e.ticket({ name: 'Support us', type: 'DONATION', min_price: 500 })).statusCode).toBe(201);
    expect(
      (
        await e.ticket({
          name: 'Rows',
          type: 'TIERED',
          tiers: [
            { label: 'Back', price: 0 },
            { label: 'Front', price: 2000 },
          ],
        })
      ).statusCode,
    ).toBe(201);
    expect(await e.readiness()).toMatchObject({ paid_tickets: 2, blocked: true });
    expect((await e.status('LIVE')).json().error.code).toBe('NO_PAYMENT_METHOD');
    expect((await e.status('ARCHIVED')).statusCode).toBe(200);
    expect((await e.status('DRAFT')).statusCode).toBe(200);
  });

  it('goes live with card payments set up', async () => {
    const e = await draftEvent(withCard);
    expect((await e.ticket({ name: 'Seat', type: 'PAID', price: 1500 })).statusCode).toBe(201);
    expect(await e.readiness()).toEqual({ card: true, offline: false, paid_tickets: 1, blocked: false });
    expect((await e.status('LIVE')).statusCode).toBe(200);
  });

  it("says so in the organizer's language", async () => {
    const e = await draftEvent(ctx, 'de');
    expect((await e.ticket({ name: 'Platz', type: 'PAID', price: 1500 })).statusCode).toBe(201);
    expect((await e.status('LIVE')).json().error.message).toMatch(
      /^Diese Veranstaltung hat kostenpflichtige Tickets, aber Käufer können nicht bezahlen\. Verbinden Sie Stripe/,
    );
  });

  it("answers 404 for another account's event", async () => {
    const mine = await draftEvent(ctx);
    const theirs = await draftEvent(ctx);
    expect(
      (await call(ctx.app, 'GET', `/api/events/${theirs.event.id}/payment-readiness`, { token: mine.u.token }))
        .statusCode,
    ).toBe(404);
  });
});
