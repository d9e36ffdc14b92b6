import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buyerHeaders, details, liveEvent, reserve } from '../checkout-factory.js';
import { sendStripeWebhook, singleStripeEnv, startStripeServer, type StripeServer } from '../stripe-server.js';
import { call, createTestApp, type TestContext } from '../test-app.js';

/**
 * A refund mails the buyer. When the organizer typed that address in (corrected the buyer's e-mail), the
 * mail is the team's, like a cancellation's or a resend's: it needs a confirmed sender and counts against
 * the account's hourly mail budget, decided before Stripe is asked (money that left cannot be refused
 * afterwards). Past the budget: 429 MAIL_BUDGET_EXCEEDED, no refund, the order unchanged; the same refund
 * without the mail goes through. (Before: the refund mail to a corrected address was never counted.)
 */
let ctx: TestContext;
let stripe: StripeServer;
const WEBHOOK_SECRET = 'whsec_test_refund_budget';
beforeAll(async () => {
  stripe = await startStripeServer();
  ctx = await createTestApp({
    env: {
      ...singleStripeEnv(stripe, WEBHOOK_SECRET),
      MAIL_BUDGET_PER_HOUR: '2',
    },
  });
});
afterAll(async () => {
  await ctx.close();
  await stripe.close();
});

const url = (eventId: number, shortId: string, rest = '') => `/api/public/events/${eventId}/order/${shortId}${rest}`;

/** A card-paid order of two tickets (EUR 50). */
async function paidOrder(event: { id: number }, ticketId: number) {
  const r = (await reserve(ctx.app, event.id, { items: [{ ticket_id: ticketId, quantity: 2 }] })).json();
  const headers = buyerHeaders(r);
  await call(ctx.app, 'PUT', url(event.id, r.data.short_id, '/details'), {
    headers,
    body: details(r.data, { email: `buyer-${r.data.short_id}@example.test`.toLowerCase() }),
  });
  const secret = (await call(ctx.app, 'POST', url(event.id, r.data.short_id, '/card-payment'), { headers })).json().data
    .client_secret as string;
  const hook = await sendStripeWebhook(ctx.app, WEBHOOK_SECRET, {
    id: `evt_paid_${r.data.short_id}`,
    type: 'payment_intent.succeeded',
    object: stripe.setStatus(secret.split('_secret_')[0]!, 'succeeded'),
  });
  expect(hook.statusCode).toBe(200);
  const { rows } = (await ctx.app.deps.database.db.execute(
    `select id from orders where short_id = '${r.data.short_id}'` as never,
  )) as unknown as { rows: Array<{ id: number }> };
  return rows[0]!.id;
}

describe('a refund mailed to an address the organizer typed in', () => {
  it('counts against the mail budget before Stripe is asked; past it nothing is refunded, and without the mail it goes through', async () => {
    const { u, event, tickets } = await liveEvent(ctx.app, [{ name: 'Seat', type: 'PAID', price: 2500 }], {
      title: 'Refund Night',
    });
    const admin = (path: string, body: unknown = {}) =>
      call(ctx.app, path.endsWith('/buyer') ? 'PUT' : 'POST', `/api/events/${event.id}/orders/${path}`, {
        token: u.token,
        body,
      });

    // The buyer's own address: a refund mail is not the team's (the budget stays untouched).
    const own = await paidOrder(event, tickets[0]!.id);
    expect((await admin(`${own}/refund`, { amount: 100 })).statusCode).toBe(200);

    // Another order whose buyer address the organizer corrected, and the budget (2) used up by resends.
    const typed = await paidOrder(event, tickets[0]!.id);
    expect(
      (await admin(`${typed}/buyer`, { first_name: 'Vic', last_name: 'Tim', email: 'someone-else@example.test' }))
        .statusCode,
    ).toBe(200);
    expect((await admin(`${typed}/resend-confirmation`)).statusCode).toBe(200);
    expect((await admin(`${typed}/resend-confirmation`)).statusCode).toBe(200);

    const refundsBefore = stripe.refunds.length;
    const refused = await admin(`${typed}/refund`, { amount: 100 });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('MAIL_BUDGET_EXCEEDED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(stripe.refunds.length).toBe(refundsBefore);
    const order = (await call(ctx.app, 'GET', `/api/events/${event.id}/orders/${typed}`, { token: u.token })).json()
      .data;
    expect(order).toMatchObject({ status: 'COMPLETED', refunded_total: 0 });

    const silent = await admin(`${typed}/refund`, { amount: 100, notify_buyer: false });
    expect(silent.statusCode).toBe(200);
    expect(silent.json().data).toMatchObject({ status: 'PARTIALLY_REFUNDED', refunded_total: 100 });
    expect(stripe.refunds.length).toBe(refundsBefore + 1);
  });
});
