import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { orders } from '../src/db/schema/index.js';
import { findDrift } from '../src/modules/inventory/reconcile.js';
import { TestClock } from '../src/shared/clock.js';
import { liveEvent } from './checkout-factory.js';
import { sendStripeWebhook, singleStripeEnv, startStripeServer, type StripeServer } from './stripe-server.js';
import { call, createTestApp, type TestContext } from './test-app.js';

/**
 * A card through Stripe at the box office (issue #41): the sale's units are held in the seller's shift, one
 * PaymentIntent is made, and Stripe's answer completes it once (the device's word and the webhook alike); a card not
 * paid leaves the sale out of the shift, a hold that runs out gives the units back, and voiding it refunds the card.
 */
let ctx: TestContext;
let stripe: StripeServer;
const clock = new TestClock(new Date('2027-05-20T18:00:00Z'));
const WEBHOOK_SECRET = 'whsec_test_box_office';
beforeAll(async () => {
  stripe = await startStripeServer();
  ctx = await createTestApp({ clock, env: { ...singleStripeEnv(stripe, WEBHOOK_SECRET) } });
});
afterAll(async () => {
  await ctx.close();
  await stripe.close();
});

async function venue(quantity = 4) {
  const v = await liveEvent(ctx.app, [
    { name: 'Standard', type: 'PAID', price: 2000, box_office_price: 2500, quantity },
  ]);
  const token = v.u.token;
  const eventId = v.event.id;
  const post = (path: string, body: unknown = {}) =>
    call(ctx.app, 'POST', `/api/events/${eventId}/box-office${path}`, { token, body });
  expect((await post('/shifts', { float: 0 })).statusCode).toBe(201);
  const ticketId = (v.tickets[0] as unknown as { id: number }).id;
  const start = (quantity = 2) =>
    post('/card-sales', { items: [{ ticket_id: ticketId, quantity }], expected_total: 2500 * quantity });
  return { token, eventId, ticketId, post, start };
}

const intentOf = (secret: string) => secret.split('_secret_')[0]!;

describe('a card through Stripe at the box office', () => {
  it('holds the units, makes one PaymentIntent, and completes once when Stripe says it is paid', async () => {
    const v = await venue();
    const office = (await call(ctx.app, 'GET', `/api/events/${v.eventId}/box-office`, { token: v.token })).json().data;
    expect(office.card_payments).toBe(true);
    const r = await v.start();
    expect(r.statusCode, r.body).toBe(201);
    const started = r.json().data;
    expect(started).toMatchObject({ amount: 5000, currency: 'eur', publishable_key: 'pk_test_admitone' });
    const pi = stripe.intents.get(intentOf(started.client_secret))!;
    expect(pi.metadata).toMatchObject({ order_id: String(started.order_id), channel: 'BOX_OFFICE' });
    // Held, not sold: the shift does not count it; only two are left for anyone else.
    const shift = (await call(ctx.app, 'GET', `/api/events/${v.eventId}/box-office`, { token: v.token })).json().data
      .shift;
    expect(shift.sales.CARD_STRIPE).toEqual({ count: 0, total: 0 });
    expect((await v.start(3)).json().error.code).toBe('NO_TICKETS_AVAILABLE');
    // Not paid yet: the device is told so.
    const early = await v.post(`/card-sales/${started.order_id}/complete`);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('PAYMENT_NOT_COMPLETED');
    // Paid: the device and Stripe's webhook both say so; it completes once, admitted as asked.
    stripe.setStatus(pi.id, 'succeeded');
    const list = (await call(ctx.app, 'GET', `/api/events/${v.eventId}/check-in-lists`, { token: v.token })).json()
      .data[0];
    const [done, hook] = await Promise.all([
      v.post(`/card-sales/${started.order_id}/complete`, { admit_on_list_id: list.id }),
      sendStripeWebhook(ctx.app, WEBHOOK_SECRET, {
        id: `evt_bo_${pi.id}`,
        type: 'payment_intent.succeeded',
        object: stripe.intents.get(pi.id)!,
      }),
    ]);
    expect(hook.statusCode).toBe(200);
    expect(done.statusCode, done.body).toBe(200);
    const sale = done.json().data;
    expect(sale).toMatchObject({ method: 'CARD_STRIPE', total: 5000, given: null, change: null });
    expect(sale.tickets.every((t: { checked_in: boolean }) => t.checked_in)).toBe(true);
    expect(sale.shift.sales.CARD_STRIPE).toEqual({ count: 1, total: 5000 });
    expect(sale.shift.expected_cash).toBe(0);
    const again = await v.post(`/card-sales/${started.order_id}/complete`);
    expect(again.json().data.order_id).toBe(started.order_id);
    const [row] = await ctx.app.deps.database.db.select().from(orders).where(eq(orders.id, started.order_id));
    expect(row).toMatchObject({ status: 'COMPLETED', channel: 'BOX_OFFICE', payment_provider: 'STRIPE' });
    expect(await findDrift(ctx.app.deps.database.db, v.eventId)).toEqual([]);
  });

  it('voided as the last sale refunds the card and gives the units back', async () => {
    const v = await venue();
    const started = (await v.start()).json().data;
    stripe.setStatus(intentOf(started.client_secret), 'succeeded');
    expect((await v.post(`/card-sales/${started.order_id}/complete`)).statusCode).toBe(200);
    const voided = await v.post(`/sales/${started.order_id}/void`);
    expect(voided.statusCode, voided.body).toBe(200);
    expect(stripe.refunds.filter((r) => r.payment_intent === intentOf(started.client_secret))).toHaveLength(1);
    expect(voided.json().data.sales.CARD_STRIPE).toEqual({ count: 0, total: 0 });
    expect(voided.json().data.voided).toBe(1);
    // All four can be sold again.
    expect((await v.start(4)).statusCode).toBe(201);
    expect(await findDrift(ctx.app.deps.database.db, v.eventId)).toEqual([]);
  });

  it('is refused for nothing to pay, and for another seller’s sale', async () => {
    const v = await venue();
    const free = await v.post('/card-sales', { items: [{ ticket_id: v.ticketId, quantity: 1 }], expected_total: 0 });
    expect(free.json().error.code).toBe('PAYMENT_METHOD_UNAVAILABLE');
    const started = (await v.start(1)).json().data;
    const other = await liveEvent(ctx.app, [{ name: 'Other', type: 'FREE' }]);
    expect(
      (
        await call(ctx.app, 'POST', `/api/events/${v.eventId}/box-office/card-sales/${started.order_id}/complete`, {
          token: other.u.token,
          body: {},
        })
      ).statusCode,
    ).toBe(404);
  });
});
