import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { orderEvents, orders } from '../src/db/schema/index.js';
import { settlePaymentDeadlines } from '../src/modules/orders/payment-deadlines.js';
import { TestClock } from '../src/shared/clock.js';
import { liveEvent, placeOrder, publicEvent, reserve } from './checkout-factory.js';
import { call, createTestApp, mailSettled, type TestContext } from './test-app.js';

let ctx: TestContext;
// The event is on 2027-06-01 (Europe/Berlin); orders are placed in March.
const clock = new TestClock(new Date('2027-03-01T12:00:00Z'));
beforeAll(async () => {
  // The sweep is driven by the test (the worker's timer would run it on its own clock).
  ctx = await createTestApp({ clock, env: { PAYMENT_DEADLINE_SWEEP_SECONDS: '3600' } });
});
afterAll(() => ctx.close());

const HOUR = 3600_000;
const deps = () => ({ appUrl: ctx.app.deps.config.appUrl, storage: ctx.app.deps.storage, stock: ctx.app.deps.stock });
/** One run of the worker's sweep; its mails are then delivered as the worker would. */
const settle = async () => {
  const r = await settlePaymentDeadlines(ctx.app.deps.database.db, deps());
  await ctx.app.deps.jobs.deliverOutbox(r.mails);
  return r;
};

/** A paid ticket of 3 (or `quantity`), offline payments on with the given term. */
async function world(settings: Record<string, unknown>, quantity = 3) {
  const w = await liveEvent(ctx.app, [{ name: 'Seat', type: 'PAID', price: 2_000, quantity }]);
  const res = await call(ctx.app, 'PUT', `/api/events/${w.event.id}/settings`, {
    token: w.u.token,
    body: { offline_payments_enabled: true, ...settings },
  });
  expect(res.statusCode).toBe(200);
  const c = { eventId: w.event.id, organizerToken: w.u.token };
  return { ...w, c };
}

const row = async (shortId: string) =>
  (await ctx.app.deps.database.db.select().from(orders).where(eq(orders.short_id, shortId)))[0]!;
/** The mails an address received whose subject matches, once the outbox is empty. */
const mailsTo = async (email: string, subject: RegExp) => {
  await mailSettled(ctx.app);
  return ctx.smtp.received.filter((m) => m.to.includes(email) && subject.test(m.subject));
};
const history = async (orderId: number) =>
  (
    await ctx.app.deps.database.db
      .select({ kind: orderEvents.kind, data: orderEvents.data })
      .from(orderEvents)
      .where(eq(orderEvents.order_id, orderId))
  ).map((e) => e.kind);

describe('offline payment deadlines', () => {
  it('the organizer sets a term in days and/or a date (in the event time zone); bad values are refused per field', async () => {
    const { u, event } = await world({ offline_payment_days: 7, offline_payment_deadline: '2027-05-20T18:00' });
    const settings = (await call(ctx.app, 'GET', `/api/events/${event.id}`, { token: u.token })).json().data.settings;
    expect(settings).toMatchObject({ offline_payment_days: 7, offline_payment_deadline: '2027-05-20T16:00:00.000Z' });
    const bad = await call(ctx.app, 'PUT', `/api/events/${event.id}/settings`, {
      token: u.token,
      body: { offline_payment_days: 0, offline_payment_deadline: 'next week' },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().error.field_errors).sort()).toEqual([
      'offline_payment_days',
      'offline_payment_deadline',
    ]);
    const cleared = await call(ctx.app, 'PUT', `/api/events/${event.id}/settings`, {
      token: u.token,
      body: { offline_payment_days: null, offline_payment_deadline: null },
    });
    expect(cleared.statusCode).toBe(200);
    expect(
      (await call(ctx.app, 'GET', `/api/events/${event.id}`, { token: u.token })).json().data.settings,
    ).toMatchObject({ offline_payment_days: null, offline_payment_deadline: null });
  });

  it('an offline order not paid in time is reminded once a day before, then cancelled and its seats return', async () => {
    const { u, event, tickets, c } = await world({ offline_payment_days: 3 });
    const placedAt = clock.now();
    const order = await placeOrder(ctx.app, c, [{ ticket_id: tickets[0]!.id, quantity: 3 }], {
      paid: false,
      buyer: { email: 'late@example.test' },
    });
    const due = new Date(placedAt.getTime() + 72 * HOUR).toISOString();
    expect(order).toMatchObject({ status: 'AWAITING_PAYMENT', payment_due_at: due });
    const id = (await row(order.short_id)).id;
    const listed = (await call(ctx.app, 'GET', `/api/events/${event.id}/orders`, { token: u.token })).json().data[0];
    expect(listed.payment_due_at).toBe(due);
    // The confirmation names the deadline (in the event's time zone).
    const confirmation = (await mailsTo('late@example.test', /^Your order .*payment pending/))[0]!;
    expect(confirmation.text).toContain('Please pay by Thursday, March 4, 2027');
    expect((await publicEvent(ctx.app, event.id)).tickets[0]!.sale_state).toBe('SOLD_OUT');

    clock.advance(47 * HOUR);
    expect(await settle()).toMatchObject({ reminded: 0, cancelled: 0 });
    clock.advance(2 * HOUR); // 23 h before the deadline
    expect(await settle()).toMatchObject({ reminded: 1, cancelled: 0 });
    expect(await settle()).toMatchObject({ reminded: 0, cancelled: 0 });
    const reminders = await mailsTo('late@example.test', /^Reminder: please pay/);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.subject).toBe(
      `Reminder: please pay for your order ${order.order_number} by Thursday, March 4, 2027 at 1:00 PM GMT+1`,
    );
    expect(reminders[0]!.text).toContain('still awaits your payment of €60.00');

    clock.advance(23 * HOUR + 60_000);
    expect(await settle()).toMatchObject({ reminded: 0, cancelled: 1 });
    expect(await row(order.short_id)).toMatchObject({ status: 'CANCELLED' });
    expect(await history(id)).toEqual(
      expect.arrayContaining(['AWAITING_PAYMENT', 'PAYMENT_REMINDED', 'PAYMENT_OVERDUE', 'CANCELLED']),
    );
    const cancelled = await mailsTo('late@example.test', /was cancelled$/);
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]!.text).toContain('The payment did not arrive by the deadline (Thursday, March 4, 2027');
    // The seats are on sale again, and the organizer can no longer mark the order paid.
    expect((await publicEvent(ctx.app, event.id)).tickets[0]!.sale_state).toBe('ON_SALE');
    expect(
      (await call(ctx.app, 'POST', `/api/events/${event.id}/orders/${id}/mark-as-paid`, { token: u.token })).statusCode,
    ).toBe(409);
    expect(await settle()).toMatchObject({ reminded: 0, cancelled: 0 });
  });

  it('an order paid before its deadline stays; a short term is reminded halfway', async () => {
    clock.set(new Date('2027-03-10T12:00:00Z'));
    const { u, event, tickets, c } = await world({ offline_payment_days: 1 });
    const paidInTime = await placeOrder(ctx.app, c, [{ ticket_id: tickets[0]!.id, quantity: 1 }], {
      paid: false,
      buyer: { email: 'prompt@example.test' },
    });
    const id = (await row(paidInTime.short_id)).id;
    clock.advance(11 * HOUR);
    expect(await settle()).toMatchObject({ reminded: 0 });
    clock.advance(2 * HOUR); // past halfway of a 24 h term
    expect(await settle()).toMatchObject({ reminded: 1 });
    expect(
      (await call(ctx.app, 'POST', `/api/events/${event.id}/orders/${id}/mark-as-paid`, { token: u.token })).statusCode,
    ).toBe(200);
    clock.advance(24 * HOUR);
    expect(await settle()).toMatchObject({ cancelled: 0 });
    expect(await row(paidInTime.short_id)).toMatchObject({ status: 'COMPLETED', payment_due_at: expect.any(Date) });
  });

  it("the event's date caps the term, and once it has passed buyers can no longer choose to pay offline", async () => {
    // (The clock only moves forward in this file: mails in flight keep their times.)
    clock.set(new Date('2027-03-20T12:00:00Z'));
    const { tickets, c, event } = await world({
      offline_payment_days: 30,
      offline_payment_deadline: '2027-03-24T12:00',
    });
    const order = await placeOrder(ctx.app, c, [{ ticket_id: tickets[0]!.id, quantity: 1 }], { paid: false });
    expect(order.payment_due_at).toBe('2027-03-24T11:00:00.000Z');

    clock.set(new Date('2027-03-25T12:00:00Z'));
    const r = await reserve(ctx.app, event.id, {
      items: [{ ticket_id: tickets[0]!.id, quantity: 1 }],
      expected_total: 2_000,
    });
    expect(r.statusCode).toBe(201);
    expect(r.json().data.event.offline_payments_enabled).toBe(false);
    const { data, checkout_token, order_secret } = r.json();
    const headers = { 'x-checkout-token': checkout_token, 'x-order-secret': order_secret };
    const details = await call(ctx.app, 'PUT', `/api/public/events/${event.id}/order/${data.short_id}/details`, {
      headers,
      body: {
        first_name: 'Ina',
        last_name: 'Late',
        email: 'ina@example.test',
        attendees: [
          {
            short_id: data.attendees[0].short_id,
            first_name: 'Ina',
            last_name: 'Late',
            email: 'ina@example.test',
            answers: {},
          },
        ],
        answers: {},
      },
    });
    expect(details.statusCode).toBe(200);
    const offline = await call(
      ctx.app,
      'POST',
      `/api/public/events/${event.id}/order/${data.short_id}/offline-payment`,
      { headers },
    );
    expect(offline.statusCode).toBe(409);
    expect(offline.json().error.code).toBe('PAYMENT_METHOD_UNAVAILABLE');
    // The order placed before is past its deadline: the sweep cancels it.
    expect(await settle()).toMatchObject({ cancelled: 1 });
    expect(
      (
        await ctx.app.deps.database.db
          .select({ s: orders.status })
          .from(orders)
          .where(and(eq(orders.short_id, order.short_id)))
      )[0]!.s,
    ).toBe('CANCELLED');
  });

  it('two sweeps at once cancel an overdue order once', async () => {
    clock.set(new Date('2027-04-01T12:00:00Z'));
    const { tickets, c } = await world({ offline_payment_days: 2 });
    const order = await placeOrder(ctx.app, c, [{ ticket_id: tickets[0]!.id, quantity: 2 }], {
      paid: false,
      buyer: { email: 'twice@example.test' },
    });
    clock.advance(49 * HOUR);
    const [a, b] = await Promise.all([settle(), settle()]);
    expect(a.cancelled + b.cancelled).toBe(1);
    expect(await mailsTo('twice@example.test', /was cancelled$/)).toHaveLength(1);
    expect(await row(order.short_id)).toMatchObject({ status: 'CANCELLED' });
  });

  it('a batch of orders with no address to remind ends the sweep (marked reminded, nothing mailed)', async () => {
    clock.set(new Date('2027-04-05T12:00:00Z'));
    const { tickets, c } = await world({ offline_payment_days: 2 }, 60);
    const ids: number[] = [];
    for (let i = 0; i < 51; i++) {
      const o = await placeOrder(ctx.app, c, [{ ticket_id: tickets[0]!.id, quantity: 1 }], {
        paid: false,
        buyer: { email: `silent-${i}@example.test` },
      });
      ids.push((await row(o.short_id)).id);
    }
    // (The checkout asks for an address; rows from an import or an older version may lack one.)
    await ctx.app.deps.database.db.update(orders).set({ email: null }).where(inArray(orders.id, ids));
    clock.advance(25 * HOUR);
    expect(await settle()).toMatchObject({ reminded: 0, cancelled: 0, mails: [] });
    const marked = await ctx.app.deps.database.db
      .select({ at: orders.payment_reminded_at })
      .from(orders)
      .where(inArray(orders.id, ids));
    expect(marked.every((m) => m.at !== null)).toBe(true);
    // At the deadline they are cancelled all the same, with no mail to write.
    clock.advance(24 * HOUR);
    expect(await settle()).toMatchObject({ reminded: 0, cancelled: 51, mails: [] });
  }, 60_000);

  it('without a term an offline order waits for as long as it takes', async () => {
    clock.set(new Date('2027-04-10T12:00:00Z'));
    const open = await world({});
    const waiting = await placeOrder(ctx.app, open.c, [{ ticket_id: open.tickets[0]!.id, quantity: 1 }], {
      paid: false,
    });
    expect(waiting.payment_due_at).toBeNull();
    clock.advance(400 * 24 * HOUR);
    expect(await settle()).toMatchObject({ reminded: 0, cancelled: 0 });
    expect(await row(waiting.short_id)).toMatchObject({ status: 'AWAITING_PAYMENT' });
  });
});
