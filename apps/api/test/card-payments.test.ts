import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { TestClock } from '../src/shared/clock.js';
import { buyerHeaders, details, liveEvent, reserve } from './checkout-factory.js';
import { sendStripeWebhook, singleStripeEnv, startStripeServer, type StripeServer } from './stripe-server.js';
import { call, createTestApp, type TestContext } from './test-app.js';

let ctx: TestContext;
let stripe: StripeServer;
const clock = new TestClock(new Date('2027-03-01T12:00:00Z'));
const WEBHOOK_SECRET = 'whsec_test_admitone';
beforeAll(async () => {
  stripe = await startStripeServer();
  ctx = await createTestApp({
    clock,
    env: {
      ...singleStripeEnv(stripe, WEBHOOK_SECRET),
    },
  });
});
afterAll(async () => {
  await ctx.close();
  await stripe.close();
});

const url = (eventId: number, shortId: string, rest = '') => `/api/public/events/${eventId}/order/${shortId}${rest}`;

/** A paid order with its details in, ready to pay. */
async function readyToPay(quantity = 2) {
  const { u, event, tickets } = await liveEvent(ctx.app, [{ name: 'Seat', type: 'PAID', price: 2500, quantity: 2 }], {
    title: 'Card Night',
  });
  const r = (await reserve(ctx.app, event.id, { items: [{ ticket_id: tickets[0]!.id, quantity }] })).json();
  const headers = buyerHeaders(r);
  await call(ctx.app, 'PUT', url(event.id, r.data.short_id, '/details'), {
    headers,
    body: details(r.data, { email: `card-${r.data.short_id}@example.test`.toLowerCase() }),
  });
  return { u, event, tickets, order: r.data, headers };
}

/** Sends a signed webhook the way Stripe does. */
const webhook = (id: string, type: string, intent: object, secret = WEBHOOK_SECRET) =>
  sendStripeWebhook(ctx.app, secret, { id, type, object: intent });

const orderOf = async (eventId: number, shortId: string, headers: Record<string, string>) =>
  (await call(ctx.app, 'GET', url(eventId, shortId), { headers })).json().data;

describe('card payments through Stripe', () => {
  it('one PaymentIntent per order, created once under concurrent calls, only for its checkout with details in', async () => {
    const { event, tickets } = await liveEvent(ctx.app, [{ name: 'Seat', type: 'PAID', price: 1500 }]);
    const r = (await reserve(ctx.app, event.id, { items: [{ ticket_id: tickets[0]!.id, quantity: 1 }] })).json();
    const headers = buyerHeaders(r);
    const early = await call(ctx.app, 'POST', url(event.id, r.data.short_id, '/card-payment'), { headers });
    expect(early.json().error.code).toBe('DETAILS_REQUIRED');
    await call(ctx.app, 'PUT', url(event.id, r.data.short_id, '/details'), { headers, body: details(r.data) });
    expect(
      (
        await call(ctx.app, 'POST', url(event.id, r.data.short_id, '/card-payment'), {
          headers: buyerHeaders(r, 'not-mine'),
        })
      ).statusCode,
    ).toBe(403);

    const before = stripe.intents.size;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(ctx.app, 'POST', url(event.id, r.data.short_id, '/card-payment'), { headers }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.json().data.client_secret)).size).toBe(1);
    expect(stripe.intents.size - before).toBe(1);
    expect(answers[0]!.json().data).toMatchObject({
      publishable_key: 'pk_test_admitone',
      amount: 1500,
      currency: 'eur',
    });
    const pi = [...stripe.intents.values()].at(-1)!;
    expect(pi.metadata).toMatchObject({ order_short_id: r.data.short_id, event_id: String(event.id) });
    const reload = await call(ctx.app, 'POST', url(event.id, r.data.short_id, '/card-payment'), { headers });
    expect(reload.json().data.client_secret).toBe(pi.client_secret);
    expect(stripe.intents.size - before).toBe(1);
  });

  it('a webhook completes the order exactly once, however often it is delivered; bad signatures are refused', async () => {
    const { event, order, headers } = await readyToPay();
    const secret = (await call(ctx.app, 'POST', url(event.id, order.short_id, '/card-payment'), { headers })).json()
      .data.client_secret as string;
    const pi = stripe.setStatus(secret.split('_secret_')[0]!, 'succeeded');
    expect((await webhook('evt_bad', 'payment_intent.succeeded', pi, 'whsec_wrong')).statusCode).toBe(400);
    const waiting = await orderOf(event.id, order.short_id, headers);
    expect(waiting).toMatchObject({ status: 'RESERVED', event: { card_payments_available: true } });

    const sent = await Promise.all([
      webhook('evt_1', 'payment_intent.succeeded', pi),
      webhook('evt_1', 'payment_intent.succeeded', pi),
      webhook('evt_1', 'payment_intent.succeeded', pi),
    ]);
    expect(sent.map((s) => s.statusCode)).toEqual([200, 200, 200]);
    // Another event about the same payment changes nothing either; a late "processing" does not undo it.
    await webhook('evt_2', 'payment_intent.succeeded', pi);
    await webhook('evt_3', 'payment_intent.processing', { ...pi, status: 'processing' });
    const done = await orderOf(event.id, order.short_id, headers);
    expect(done).toMatchObject({ status: 'COMPLETED', payment_status: 'PAYMENT_RECEIVED', payment_provider: 'STRIPE' });
    expect(done.attendees.map((a: { status: string }) => a.status)).toEqual(['ACTIVE', 'ACTIVE']);
    const buyer = `card-${order.short_id}@example.test`.toLowerCase();
    await ctx.smtp.waitFor(buyer, () => true, 45_000);
    const { rows } = (await ctx.app.deps.database.db.execute(
      `select count(*)::int as n from outbox where payload->>'to' = '${buyer}'` as never,
    )) as unknown as { rows: Array<{ n: number }> };
    expect(rows[0]!.n).toBe(1);
  }, 90_000);

  it('a failed payment may be retried while the hold lasts; processing is shown; the return page asks Stripe itself', async () => {
    const { event, order, headers } = await readyToPay(1);
    const secret = (await call(ctx.app, 'POST', url(event.id, order.short_id, '/card-payment'), { headers })).json()
      .data.client_secret as string;
    const piId = secret.split('_secret_')[0]!;
    // Not paid yet is not failed: the return page asking Stripe finds nothing to change.
    expect(
      (await call(ctx.app, 'POST', url(event.id, order.short_id, '/card-payment/sync'), { headers })).json().data,
    ).toMatchObject({ status: 'RESERVED', payment_status: 'AWAITING_PAYMENT' });
    await webhook('evt_f1', 'payment_intent.payment_failed', stripe.setStatus(piId, 'requires_payment_method', true));
    expect(await orderOf(event.id, order.short_id, headers)).toMatchObject({
      status: 'RESERVED',
      payment_status: 'PAYMENT_FAILED',
      is_expired: false,
    });
    expect(
      (await call(ctx.app, 'POST', url(event.id, order.short_id, '/card-payment'), { headers })).json().data
        .client_secret,
    ).toBe(secret);

    stripe.setStatus(piId, 'processing');
    const processing = await call(ctx.app, 'POST', url(event.id, order.short_id, '/card-payment/sync'), { headers });
    expect(processing.json().data).toMatchObject({ status: 'PROCESSING', payment_status: 'PAYMENT_PROCESSING' });
    stripe.setStatus(piId, 'succeeded');
    const synced = await call(ctx.app, 'POST', url(event.id, order.short_id, '/card-payment/sync'), { headers });
    expect(synced.json().data).toMatchObject({ status: 'COMPLETED', payment_status: 'PAYMENT_RECEIVED' });
    // The webhook arriving afterwards finds the work done.
    expect((await webhook('evt_s1', 'payment_intent.succeeded', stripe.intents.get(piId)!)).statusCode).toBe(200);
    expect((await orderOf(event.id, order.short_id, headers)).status).toBe('COMPLETED');
  });

  it('a payment after the hold ran out: kept when the tickets are still free, refunded when they are gone', async () => {
    const free = await readyToPay(1);
    const s1 = (
      await call(ctx.app, 'POST', url(free.event.id, free.order.short_id, '/card-payment'), { headers: free.headers })
    ).json().data.client_secret as string;
    clock.advance(20 * 60_000);
    expect(
      (
        await call(ctx.app, 'POST', url(free.event.id, free.order.short_id, '/card-payment'), { headers: free.headers })
      ).json().error.code,
    ).toBe('ORDER_EXPIRED');
    await webhook('evt_late_ok', 'payment_intent.succeeded', stripe.setStatus(s1.split('_secret_')[0]!, 'succeeded'));
    expect((await orderOf(free.event.id, free.order.short_id, free.headers)).status).toBe('COMPLETED');

    const gone = await readyToPay(2);
    const s2 = (
      await call(ctx.app, 'POST', url(gone.event.id, gone.order.short_id, '/card-payment'), { headers: gone.headers })
    ).json().data.client_secret as string;
    clock.advance(20 * 60_000);
    expect(
      (await reserve(ctx.app, gone.event.id, { items: [{ ticket_id: gone.tickets[0]!.id, quantity: 2 }] })).statusCode,
    ).toBe(201);
    const piId = s2.split('_secret_')[0]!;
    await webhook('evt_late_gone', 'payment_intent.succeeded', stripe.setStatus(piId, 'succeeded'));
    const refunded = await orderOf(gone.event.id, gone.order.short_id, gone.headers);
    expect(refunded).toMatchObject({ status: 'REFUNDED', payment_status: 'REFUNDED' });
    expect(refunded.attendees.map((a: { status: string }) => a.status)).toEqual(['CANCELLED', 'CANCELLED']);
    expect(stripe.refunds.filter((r) => r.payment_intent === piId)).toHaveLength(1);
    const late = await ctx.smtp.waitFor(
      `card-${gone.order.short_id}@example.test`.toLowerCase(),
      (m) => m.text.includes(gone.order.order_number),
      45_000,
    );
    expect(late.subject).toBe(`Your payment for ${gone.order.order_number} has been refunded`);
    expect(late.text).toContain('arrived after your reservation had run out, and the tickets were no longer available');
  }, 90_000);
});

describe('refunds', () => {
  async function paidOrder() {
    const ready = await readyToPay(2);
    const secret = (
      await call(ctx.app, 'POST', url(ready.event.id, ready.order.short_id, '/card-payment'), {
        headers: ready.headers,
      })
    ).json().data.client_secret as string;
    await webhook(
      `evt_paid_${ready.order.short_id}`,
      'payment_intent.succeeded',
      stripe.setStatus(secret.split('_secret_')[0]!, 'succeeded'),
    );
    const { rows } = (await ctx.app.deps.database.db.execute(
      `select id from orders where short_id = '${ready.order.short_id}'` as never,
    )) as unknown as { rows: Array<{ id: number }> };
    return { ...ready, orderId: rows[0]!.id, refund: `/api/events/${ready.event.id}/orders/${rows[0]!.id}/refund` };
  }

  it('the buyer cancels a card-paid order where the event allows refunds: one full refund to the card, the tickets back in stock, also when asked twice at once', async () => {
    const { u, event, order, headers, orderId } = await paidOrder();
    expect(
      (
        await call(ctx.app, 'PUT', `/api/events/${event.id}/settings`, {
          token: u.token,
          body: { buyer_cancellation: 'WITH_REFUND', buyer_cancellation_cutoff_hours: 24 },
        })
      ).statusCode,
    ).toBe(200);
    const before = await orderOf(event.id, order.short_id, headers);
    expect(before.self_service).toMatchObject({ can_cancel: true, cancel_refunds: true });
    const cancel = () => call(ctx.app, 'POST', url(event.id, order.short_id, '/cancel'), { headers });
    const answers = await Promise.all([cancel(), cancel()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const after = await orderOf(event.id, order.short_id, headers);
    expect(after).toMatchObject({ status: 'REFUNDED', payment_status: 'REFUNDED' });
    expect(after.attendees.map((a: { status: string }) => a.status)).toEqual(['CANCELLED', 'CANCELLED']);
    expect(after.self_service.can_cancel).toBe(false);
    const pi = [...stripe.intents.values()].find((i) => i.metadata.order_short_id === order.short_id)!;
    const refunds = stripe.refunds.filter((r) => r.payment_intent === pi.id);
    expect(refunds.map((r) => r.amount)).toEqual([5000]);
    const { rows } = (await ctx.app.deps.database.db.execute(
      `select sum(td.taken) as taken from ticket_dates td join tickets t on t.id = td.ticket_id where t.event_id = ${event.id} group by t.id` as never,
    )) as unknown as { rows: Array<{ taken: number }> };
    expect(rows.map((r) => Number(r.taken))).toEqual([0]);
    const admin = (await call(ctx.app, 'GET', `/api/events/${event.id}/orders/${orderId}`, { token: u.token })).json()
      .data;
    expect(admin.history.map((h: { kind: string }) => h.kind)).toEqual(
      expect.arrayContaining(['REFUND_REQUESTED', 'REFUNDED', 'CANCELLED_BY_BUYER']),
    );
    // Once more later: nothing left to cancel or refund.
    expect((await cancel()).statusCode).toBe(409);
    expect(stripe.refunds.filter((r) => r.payment_intent === pi.id)).toHaveLength(1);
  });

  it('partial then full, never more than remains; the buyer is mailed after Stripe accepts', async () => {
    const { u, event, order, headers, orderId, refund } = await paidOrder();
    const other = await liveEvent(ctx.app, []);
    expect(
      (
        await call(ctx.app, 'POST', `/api/events/${event.id}/orders/${orderId}/refund`, {
          token: other.u.token,
          body: {},
        })
      ).statusCode,
    ).toBe(404);
    const tooMuch = await call(ctx.app, 'POST', refund, { token: u.token, body: { amount: 6000 } });
    expect(tooMuch.json().error.field_errors).toEqual({ amount: ['Must be at most 5000.'] });
    const part = await call(ctx.app, 'POST', refund, { token: u.token, body: { amount: 1500 } });
    expect(part.json().data).toMatchObject({
      status: 'PARTIALLY_REFUNDED',
      refundable: 3500,
      actions: { refund: true },
    });
    expect(
      part
        .json()
        .data.history.map((h: { kind: string }) => h.kind)
        .slice(-3),
    ).toEqual(['PAYMENT_SUCCEEDED', 'REFUND_REQUESTED', 'REFUNDED']);
    // The dashboard keeps the sale and shows the refund apart.
    const stats = (await call(ctx.app, 'GET', `/api/events/${event.id}/stats?days=7`, { token: u.token })).json().data;
    expect(stats).toMatchObject({ gross_sales: 5000, total_refunded: 1500, orders_completed: 0 });
    expect(stats.daily).toHaveLength(7);
    expect((await call(ctx.app, 'GET', `/api/events/${event.id}/stats?days=5`, { token: u.token })).statusCode).toBe(
      422,
    );
    const buyer = `card-${order.short_id}@example.test`.toLowerCase();
    const mail = await ctx.smtp.waitFor(buyer, (m) => m.subject.includes('refund'), 45_000);
    expect(mail.text).toContain('€15.00');
    const rest = await call(ctx.app, 'POST', refund, { token: u.token, body: { cancel_order: true } });
    expect(rest.json().data).toMatchObject({ status: 'REFUNDED', payment_status: 'REFUNDED' });
    expect(rest.json().data.attendees.map((a: { status: string }) => a.status)).toEqual(['CANCELLED', 'CANCELLED']);
    expect(stripe.refunds.filter((r) => r.payment_intent === orderIntent(order.short_id)).map((r) => r.amount)).toEqual(
      [1500, 3500],
    );
    expect((await call(ctx.app, 'POST', refund, { token: u.token, body: {} })).json().error.code).toBe(
      'ORDER_ALREADY_REFUNDED',
    );
    expect((await orderOf(event.id, order.short_id, headers)).status).toBe('REFUNDED');
  }, 90_000);

  it('a pending refund blocks another; a refused refund shows REFUND_FAILED and may be retried', async () => {
    const { u, refund } = await paidOrder();
    // Stripe takes its time with the first refund: the second arrives while the first is pending.
    stripe.control.refundDelayMs = 400;
    const both = await Promise.all([
      call(ctx.app, 'POST', refund, { token: u.token, body: { amount: 1000 } }),
      call(ctx.app, 'POST', refund, { token: u.token, body: { amount: 1000 } }),
    ]);
    stripe.control.refundDelayMs = 0;
    expect(both.map((b) => b.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((b) => b.statusCode === 409)!.json().error.message).toBe(
      'A refund is pending for this order. Please wait until it is finished.',
    );
    stripe.control.failRefunds = true;
    const failed = await call(ctx.app, 'POST', refund, { token: u.token, body: { amount: 1000 } });
    stripe.control.failRefunds = false;
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error.code).toBe('REFUND_FAILED');
    const retry = await call(ctx.app, 'POST', refund, { token: u.token, body: { amount: 1000 } });
    expect(retry.json().data).toMatchObject({ status: 'PARTIALLY_REFUNDED' });

    // Stripe later reports one of the accepted refunds as failed: the amount is back on the order.
    const orderId = Number(refund.split('/').at(-2));
    const failedLater = {
      id: 're_later',
      object: 'refund',
      status: 'failed',
      amount: 1000,
      metadata: { order_id: String(orderId) },
    };
    expect((await webhook('evt_refund_failed', 'refund.updated', failedLater)).statusCode).toBe(200);
    await webhook('evt_refund_failed', 'refund.updated', failedLater);
    const { rows } = (await ctx.app.deps.database.db.execute(
      `select status, refunded_total from orders where id = ${orderId}` as never,
    )) as unknown as { rows: Array<{ status: string; refunded_total: number }> };
    expect(rows[0]).toEqual({ status: 'REFUND_FAILED', refunded_total: 1000 });
  }, 90_000);

  it('a refund claim cut off by a crash is reconciled with Stripe before the next refund', async () => {
    const { u, order, refund, orderId } = await paidOrder();
    // What a crash leaves behind: Stripe refunded 1000, the order still says pending.
    await ctx.app.deps.stripe!.refunds.create({ payment_intent: orderIntent(order.short_id), amount: 1000 });
    const db = ctx.app.deps.database.db;
    await db.execute(
      `update orders set status = 'REFUND_PENDING', refund_pending_amount = 1000, updated_at = '${new Date(clock.now().getTime() - 60_000).toISOString()}' where id = ${orderId}` as never,
    );
    expect((await call(ctx.app, 'POST', refund, { token: u.token, body: { amount: 500 } })).json().error.code).toBe(
      'REFUND_PENDING',
    );
    await db.execute(
      `update orders set updated_at = '${new Date(clock.now().getTime() - 11 * 60_000).toISOString()}' where id = ${orderId}` as never,
    );
    const next = await call(ctx.app, 'POST', refund, { token: u.token, body: { amount: 500 } });
    expect(next.json().data.status).toBe('PARTIALLY_REFUNDED');
    const { rows } = (await db.execute(
      `select refunded_total from orders where id = ${orderId}` as never,
    )) as unknown as { rows: Array<{ refunded_total: number }> };
    expect(rows[0]!.refunded_total).toBe(1500);
    const over = await call(ctx.app, 'POST', refund, { token: u.token, body: { amount: 4000 } });
    expect(over.json().error.field_errors).toEqual({ amount: ['Must be at most 3500.'] });
  }, 90_000);

  it("a dispute opened by the buyer's bank shows on the order as a chargeback, once however often Stripe tells it", async () => {
    const { u, event, orderId } = await paidOrder();
    const { rows } = (await ctx.app.deps.database.db.execute(
      `select payment_intent_id from orders where id = ${orderId}` as never,
    )) as unknown as { rows: Array<{ payment_intent_id: string }> };
    const dispute = {
      id: 'dp_1',
      object: 'dispute',
      amount: 2000,
      payment_intent: rows[0]!.payment_intent_id,
      status: 'needs_response',
    };
    await Promise.all([
      webhook('evt_dispute_1', 'charge.dispute.created', dispute),
      webhook('evt_dispute_1', 'charge.dispute.created', dispute),
    ]);
    const detail = (await call(ctx.app, 'GET', `/api/events/${event.id}/orders/${orderId}`, { token: u.token })).json()
      .data;
    expect(detail.charged_back_total).toBe(2000);
    expect(detail.history.filter((h: { kind: string }) => h.kind === 'CHARGEBACK')).toHaveLength(1);
  });

  it('offline orders are not refunded through Stripe', async () => {
    const { u, event, tickets } = await liveEvent(ctx.app, [{ name: 'Seat', type: 'PAID', price: 1000 }]);
    await call(ctx.app, 'PUT', `/api/events/${event.id}/settings`, {
      token: u.token,
      body: { offline_payments_enabled: true },
    });
    const r = (await reserve(ctx.app, event.id, { items: [{ ticket_id: tickets[0]!.id, quantity: 1 }] })).json();
    const headers = buyerHeaders(r);
    await call(ctx.app, 'PUT', url(event.id, r.data.short_id, '/details'), { headers, body: details(r.data) });
    await call(ctx.app, 'POST', url(event.id, r.data.short_id, '/offline-payment'), { headers });
    const { rows } = (await ctx.app.deps.database.db.execute(
      `select id from orders where short_id = '${r.data.short_id}'` as never,
    )) as unknown as { rows: Array<{ id: number }> };
    await call(ctx.app, 'POST', `/api/events/${event.id}/orders/${rows[0]!.id}/mark-as-paid`, { token: u.token });
    const res = await call(ctx.app, 'POST', `/api/events/${event.id}/orders/${rows[0]!.id}/refund`, {
      token: u.token,
      body: {},
    });
    expect(res.json().error).toMatchObject({
      code: 'REFUND_NOT_POSSIBLE',
      message: 'This order was not paid by card, so it cannot be refunded here.',
    });
  });
});

function orderIntent(shortId: string): string {
  return [...stripe.intents.values()].find((pi) => pi.metadata.order_short_id === shortId)!.id;
}

describe('without Stripe configured', () => {
  it('card payment is not offered and the webhook does not exist', async () => {
    const plain = await createTestApp({ clock });
    try {
      const { event, tickets } = await liveEvent(plain.app, [{ name: 'Seat', type: 'PAID', price: 1500 }]);
      const r = (await reserve(plain.app, event.id, { items: [{ ticket_id: tickets[0]!.id, quantity: 1 }] })).json();
      const res = await call(plain.app, 'POST', url(event.id, r.data.short_id, '/card-payment'), {
        headers: buyerHeaders(r),
      });
      expect(res.json().error.code).toBe('PAYMENT_METHOD_UNAVAILABLE');
      expect(
        (await call(plain.app, 'GET', url(event.id, r.data.short_id), { headers: buyerHeaders(r) })).json().data.event
          .card_payments_available,
      ).toBe(false);
      expect(
        (
          await plain.app.inject({
            method: 'POST',
            url: '/api/public/webhooks/stripe',
            payload: '{}',
            headers: { 'content-type': 'application/json' },
          })
        ).statusCode,
      ).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
