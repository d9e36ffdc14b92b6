import type { PublicOrderDto } from '@admitone/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { eventDates, orderEvents, orders, outbox, ticketDates } from '../src/db/schema/index.js';
import { loadCatalogs } from '../src/i18n/i18n.js';
import { cancelDate } from '../src/modules/event-dates/cancel-date.js';
import { settleDateCancellations } from '../src/modules/event-dates/date-cancellation-work.js';
import { TestClock } from '../src/shared/clock.js';
import { addDate, buyerHeaders, details, firstDateOf, liveEvent, placeOrder, reserve } from './checkout-factory.js';
import { sendStripeWebhook, singleStripeEnv, startStripeServer, type StripeServer } from './stripe-server.js';
import { call, createTestApp, mailSettled, type TestContext } from './test-app.js';

/**
 * Cancelling one date of an event (event-dates/cancel-date.ts): the date is cancelled at once, its orders
 * by the worker's run (date-cancellation-work.ts), each once: card-paid ones refunded, the rest cancelled,
 * the stock back on the date's counters, every buyer mailed once with the date and the organizer's words.
 */
let ctx: TestContext;
let stripe: StripeServer;
const clock = new TestClock(new Date('2027-05-20T12:00:00Z'));
const WEBHOOK_SECRET = 'whsec_test_admitone';
const MESSAGE = 'The lead actor is ill. We are very sorry.';

beforeAll(async () => {
  await loadCatalogs();
  stripe = await startStripeServer();
  ctx = await createTestApp({
    clock,
    env: {
      ...singleStripeEnv(stripe, WEBHOOK_SECRET),
      // The runs are the test's (and the route's): the worker's timer would run them on its own.
      PAYMENT_DEADLINE_SWEEP_SECONDS: '3600',
    },
  });
});
afterAll(async () => {
  await ctx.close();
  await stripe.close();
});

const db = () => ctx.app.deps.database.db;
const workDeps = () => ({
  appUrl: ctx.app.deps.config.appUrl,
  storage: ctx.app.deps.storage,
  stock: ctx.app.deps.stock,
  stripe: ctx.app.deps.stripe,
});

/** An event with a paid and a free ticket, card and offline payments, on 1 June and "Closing night" on 8 June. */
async function world() {
  const w = await liveEvent(
    ctx.app,
    [
      { name: 'Seat', type: 'PAID', price: 2500, quantity: 50 },
      { name: 'Guest', type: 'FREE', quantity: 50 },
    ],
    { title: 'Hamlet' },
  );
  const settings = await call(ctx.app, 'PUT', `/api/events/${w.event.id}/settings`, {
    token: w.u.token,
    body: { offline_payments_enabled: true },
  });
  expect(settings.statusCode, settings.body).toBe(200);
  const first = await firstDateOf(ctx.app, w.event.id);
  const second = await addDate(ctx.app, w.u.token, w.event.id, '2027-06-08T19:00', { label: 'Closing night' });
  const c = { eventId: w.event.id, organizerToken: w.u.token };
  return { ...w, c, first, second, seat: w.tickets[0]!.id, guest: w.tickets[1]!.id };
}
type World = Awaited<ReturnType<typeof world>>;

/** Sends a signed webhook the way Stripe does. */
const webhook = (id: string, intent: object) =>
  sendStripeWebhook(ctx.app, WEBHOOK_SECRET, { id, type: 'payment_intent.succeeded', object: intent });

/** Two seats on a date, paid by card; answers the order's id and its PaymentIntent. */
async function cardOrder(w: World, dateId: number, email: string) {
  const r = (
    await reserve(ctx.app, w.event.id, { items: [{ ticket_id: w.seat, quantity: 2 }], event_date_id: dateId })
  ).json<{ data: PublicOrderDto; checkout_token: string; order_secret: string }>();
  const headers = buyerHeaders(r);
  const base = `/api/public/events/${w.event.id}/order/${r.data.short_id}`;
  await call(ctx.app, 'PUT', `${base}/details`, { headers, body: details(r.data, { email }) });
  const secret = (await call(ctx.app, 'POST', `${base}/card-payment`, { headers })).json().data.client_secret as string;
  const intent = secret.split('_secret_')[0]!;
  expect((await webhook(`evt_${r.data.short_id}`, stripe.setStatus(intent, 'succeeded'))).statusCode).toBe(200);
  return { id: await idOf(r.data.short_id), intent };
}

const idOf = async (shortId: string) =>
  (await db().select({ id: orders.id }).from(orders).where(eq(orders.short_id, shortId)))[0]!.id;
const orderRow = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
const refundsOf = (intent: string) => stripe.refunds.filter((r) => r.payment_intent === intent).map((r) => r.amount);
const cancel = (w: World, dateId: number, body: object = { refund: true, message: MESSAGE }, token = w.u.token) =>
  call(ctx.app, 'POST', `/api/events/${w.event.id}/dates/${dateId}/cancel`, { token, body });
/** Mails written for an order with this template. */
const mailsOf = async (orderId: number, template: string) =>
  (
    await db()
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(eq(outbox.order_id, orderId), sql`${outbox.payload}->>'template' = ${template}`))
  ).length;

describe('cancelling a date', () => {
  it('cancels its orders once: card-paid refunded, free and unpaid cancelled, stock back, the other date untouched', async () => {
    const w = await world();
    const paid = await cardOrder(w, w.second, 'paid@example.test');
    const free = await placeOrder(ctx.app, w.c, [{ ticket_id: w.guest, quantity: 1 }], {
      buyer: { email: 'free@example.test' },
      extra: { event_date_id: w.second },
    });
    const unpaid = await placeOrder(ctx.app, w.c, [{ ticket_id: w.seat, quantity: 1 }], {
      paid: false,
      buyer: { email: 'unpaid@example.test' },
      extra: { event_date_id: w.second },
    });
    // Paid offline (marked as paid): cancelled, and the organizer is told to return the money.
    const offline = await placeOrder(ctx.app, w.c, [{ ticket_id: w.seat, quantity: 1 }], {
      buyer: { email: 'offline@example.test' },
      extra: { event_date_id: w.second },
    });
    const other = await cardOrder(w, w.first, 'other@example.test');

    const preview = await call(ctx.app, 'GET', `/api/events/${w.event.id}/dates/${w.second}/cancel`, {
      token: w.u.token,
    });
    expect(preview.json().data).toEqual({ orders: 4, tickets: 5, refunds: 1, paid_outside: 1 });
    const res = await cancel(w, w.second);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('CANCELLED');
    expect(res.json().cancellation).toMatchObject({ orders: 4, refunds: 1 });
    await ctx.app.deps.jobs.settleDateChanges();

    expect(await orderRow(paid.id)).toMatchObject({ status: 'REFUNDED', payment_status: 'REFUNDED' });
    expect((await orderRow(paid.id)).cancelled_at).not.toBeNull();
    expect(refundsOf(paid.intent)).toEqual([5000]);
    expect(await orderRow(await idOf(free.short_id))).toMatchObject({ status: 'CANCELLED' });
    expect(await orderRow(await idOf(unpaid.short_id))).toMatchObject({ status: 'CANCELLED' });
    const offlineId = await idOf(offline.short_id);
    expect(await orderRow(offlineId)).toMatchObject({ status: 'CANCELLED', payment_status: 'PAYMENT_RECEIVED' });
    const history = await db()
      .select({ kind: orderEvents.kind, data: orderEvents.data })
      .from(orderEvents)
      .where(and(eq(orderEvents.order_id, offlineId), eq(orderEvents.kind, 'CANCELLED')));
    expect(history).toEqual([{ kind: 'CANCELLED', data: { reason: 'date_cancelled', refund_due: 2500 } }]);
    // A free order owes nothing back.
    const freeHistory = await db()
      .select({ data: orderEvents.data })
      .from(orderEvents)
      .where(and(eq(orderEvents.order_id, await idOf(free.short_id)), eq(orderEvents.kind, 'CANCELLED')));
    expect(freeHistory).toEqual([{ data: { reason: 'date_cancelled' } }]);
    expect(await orderRow(other.id)).toMatchObject({ status: 'COMPLETED', cancelled_at: null });
    expect(refundsOf(other.intent)).toEqual([]);

    // Stock is back on the cancelled date's counters, the other date's stay.
    const taken = async (dateId: number) => ({
      date: (await db().select().from(eventDates).where(eq(eventDates.id, dateId)))[0]!.taken,
      tickets: (await db().select().from(ticketDates).where(eq(ticketDates.event_date_id, dateId))).map((t) => t.taken),
    });
    expect(await taken(w.second)).toEqual({ date: 0, tickets: [0, 0] });
    expect((await taken(w.first)).date).toBe(2);

    // The buyers are told, in their mail, which date and what the organizer wrote.
    const refunded = await ctx.smtp.waitFor('paid@example.test', (m) => m.subject.includes('refund'));
    expect(refunded.text).toContain(MESSAGE);
    expect(refunded.text).toContain('Closing night');
    const cancelled = await ctx.smtp.waitFor('free@example.test', (m) => m.subject.includes('was cancelled'));
    expect(cancelled.text).toContain(MESSAGE);
    expect(cancelled.text).toContain('The organizer has cancelled the date of your order');
    expect(cancelled.text).toContain('Closing night');

    // Asked again: the date as it is, nothing refunded or mailed twice.
    const again = await cancel(w, w.second);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().cancellation).toEqual({ orders: 4, refunds: 1, pending: 0 });
    await ctx.app.deps.jobs.settleDateChanges();
    await mailSettled(ctx.app);
    expect(refundsOf(paid.intent)).toEqual([5000]);
    expect(await mailsOf(paid.id, 'order_refunded')).toBe(1);
    expect(await mailsOf(await idOf(free.short_id), 'order_cancelled')).toBe(1);

    // Buyers can no longer choose the date.
    const late = await reserve(ctx.app, w.event.id, {
      items: [{ ticket_id: w.guest, quantity: 1 }],
      event_date_id: w.second,
    });
    expect(late.statusCode).toBe(422);
  });

  it('a run cut off between orders is taken up again; nobody is refunded or mailed twice', async () => {
    const w = await world();
    const a = await cardOrder(w, w.second, 'a@example.test');
    const b = await cardOrder(w, w.second, 'b@example.test');
    const scope = { accountId: await accountOf(w.event.id), eventId: w.event.id };
    const asked = await cancelDate({ db: db(), clock }, scope, w.second, { refund: true, message: null }, null);
    expect(asked.cancellation).toEqual({ orders: 2, refunds: 2, pending: 2 });
    // The process dies after the first order.
    expect((await settleDateCancellations(db(), workDeps(), { limit: 1 })).cancelled).toBe(1);
    expect(refundsOf(a.intent)).toEqual([5000]);
    expect((await orderRow(b.id)).status).toBe('COMPLETED');

    const again = await cancel(w, w.second);
    expect(again.json().cancellation).toMatchObject({ orders: 2, refunds: 2 });
    await ctx.app.deps.jobs.settleDateChanges();
    await settleDateCancellations(db(), workDeps());
    expect(refundsOf(a.intent)).toEqual([5000]);
    expect(refundsOf(b.intent)).toEqual([5000]);
    expect((await orderRow(b.id)).status).toBe('REFUNDED');
    expect(await mailsOf(a.id, 'order_refunded')).toBe(1);
    expect(await mailsOf(b.id, 'order_refunded')).toBe(1);
    const [open] = await db()
      .execute(sql`select finished_at from date_cancellations where event_date_id = ${w.second}`)
      .then((r) => (r as unknown as { rows: Array<{ finished_at: unknown }> }).rows);
    expect(open!.finished_at).not.toBeNull();
  });

  it('without refunds, a card-paid order is cancelled and keeps its payment', async () => {
    const w = await world();
    const paid = await cardOrder(w, w.second, 'kept@example.test');
    const res = await cancel(w, w.second, { refund: false });
    expect(res.json().cancellation).toMatchObject({ orders: 1, refunds: 0 });
    await ctx.app.deps.jobs.settleDateChanges();
    expect(await orderRow(paid.id)).toMatchObject({ status: 'CANCELLED', payment_status: 'PAYMENT_RECEIVED' });
    expect(refundsOf(paid.intent)).toEqual([]);
  });

  it('refuses the last date standing, a single date, and another account’s date', async () => {
    const w = await world();
    expect((await cancel(w, w.second, { refund: false })).statusCode).toBe(200);
    const last = await cancel(w, w.first, { refund: false });
    expect(last.statusCode).toBe(409);
    expect(last.json().error.code).toBe('LAST_EVENT_DATE');

    const single = await liveEvent(ctx.app, [{ name: 'Seat', type: 'FREE', quantity: 5 }]);
    const only = await firstDateOf(ctx.app, single.event.id);
    const one = await call(ctx.app, 'POST', `/api/events/${single.event.id}/dates/${only}/cancel`, {
      token: single.u.token,
      body: { refund: true },
    });
    expect(one.statusCode).toBe(409);

    // Another account's date, through its own event or through the caller's event: not found.
    const mine = await world();
    expect((await cancel(w, mine.second, { refund: false })).statusCode).toBe(404);
    expect((await cancel(mine, mine.second, { refund: false }, w.u.token)).statusCode).toBe(404);
    expect((await db().select().from(eventDates).where(eq(eventDates.id, mine.second)))[0]!.status).toBe('ON_SALE');
  });
});

const accountOf = async (eventId: number) =>
  Number(
    (
      (await db().execute(sql`select account_id from events where id = ${eventId}`)) as unknown as {
        rows: Array<{ account_id: number }>;
      }
    ).rows[0]!.account_id,
  );
