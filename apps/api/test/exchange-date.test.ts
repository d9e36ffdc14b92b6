import { ORDER_SECRET_HEADER, type PublicOrderDto } from '@admitone/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  attendees,
  eventDates,
  events,
  orderEvents,
  orderExchanges,
  orderItems,
  orders,
  outbox,
  ticketDates,
  tickets,
} from '../src/db/schema/index.js';
import { loadCatalogs } from '../src/i18n/i18n.js';
import { runScheduler } from '../src/modules/automations/scheduler.js';
import { exchangeOrderDate } from '../src/modules/self-service/exchange.js';
import { closeAbandonedExchanges } from '../src/modules/self-service/exchange-payments.js';
import { TestClock } from '../src/shared/clock.js';
import { addDate, buyerHeaders, details, firstDateOf, liveEvent, reserve } from './checkout-factory.js';
import { type MollieServer, startMollieServer, trustLocalTls } from './mollie-server.js';
import { sendStripeWebhook, singleStripeEnv, startStripeServer, type StripeServer } from './stripe-server.js';
import { call, createTestApp, type TestContext } from './test-app.js';

/**
 * A buyer moves their order to another date of the event (self-service/exchange.ts), as the event allows: to a
 * date on sale, not begun, where each ticket costs the same; the units move through the stock module; the tickets
 * keep their codes; the buyer is mailed the new time with new calendar files.
 */
let ctx: TestContext;
let stripe: StripeServer;
let mollie: MollieServer;
let untrust: () => void;
const clock = new TestClock(new Date('2027-05-20T12:00:00Z'));
const WEBHOOK_SECRET = 'whsec_test_exchanges';

beforeAll(async () => {
  await loadCatalogs();
  stripe = await startStripeServer();
  untrust = trustLocalTls();
  mollie = await startMollieServer();
  ctx = await createTestApp({
    clock,
    env: {
      PAYMENT_DEADLINE_SWEEP_SECONDS: '3600',
      ...singleStripeEnv(stripe, WEBHOOK_SECRET),
      MOLLIE_API_KEY: mollie.control.platformKey,
      MOLLIE_API_URL: `${mollie.url}/v2/`,
    },
  });
});
afterAll(async () => {
  await ctx.close();
  await stripe.close();
  await mollie.close();
  untrust();
});

const db = () => ctx.app.deps.database.db;
let worlds = 0;

/**
 * A free ticket (5 per date) and a paid one (20 €), on 1 June (the event's own), 8 June, 15 June (the paid ticket
 * at 25 € there) and 22 June (the free ticket not sold there); buyers may change dates until 24 hours before. With
 * PAY_DIFFERENCE the seat carries a 10 % tax and costs 15 € on 22 June.
 */
async function world(exchanges: 'OFF' | 'SAME_PRICE' | 'PAY_DIFFERENCE' = 'SAME_PRICE') {
  const n = ++worlds;
  const w = await liveEvent(ctx.app, []);
  let taxes: number[] = [];
  if (exchanges === 'PAY_DIFFERENCE') {
    const [ev] = await db().select({ account: events.account_id }).from(events).where(eq(events.id, w.event.id));
    const vat = await call(ctx.app, 'POST', `/api/accounts/${ev!.account}/taxes-and-fees`, {
      token: w.u.token,
      body: { name: 'VAT', type: 'TAX', calculation_type: 'PERCENTAGE', rate: 10 },
    });
    taxes = [vat.json().data.id];
  }
  for (const t of [
    { name: 'Guest', type: 'FREE', quantity: 5 },
    { name: 'Seat', type: 'PAID', price: 2000, quantity: 50, tax_and_fee_ids: taxes },
  ]) {
    const res = await call(ctx.app, 'POST', `/api/events/${w.event.id}/tickets`, { token: w.u.token, body: t });
    expect(res.statusCode, res.body).toBe(201);
    w.tickets.push(res.json().data);
  }
  await db()
    .update(events)
    .set({ date_exchanges: exchanges, offline_payments_enabled: true })
    .where(eq(events.id, w.event.id));
  const june1 = await firstDateOf(ctx.app, w.event.id);
  const june8 = await addDate(ctx.app, w.u.token, w.event.id, '2027-06-08T19:00', { label: 'Second night' });
  const june15 = await addDate(ctx.app, w.u.token, w.event.id, '2027-06-15T19:00');
  const june22 = await addDate(ctx.app, w.u.token, w.event.id, '2027-06-22T19:00');
  const [guest, seat] = [w.tickets[0]!.id, w.tickets[1]!.id];
  await db()
    .update(ticketDates)
    .set({ price: 2500 })
    .where(and(eq(ticketDates.ticket_id, seat), eq(ticketDates.event_date_id, june15)));
  await db()
    .update(ticketDates)
    .set({ enabled: false })
    .where(and(eq(ticketDates.ticket_id, guest), eq(ticketDates.event_date_id, june22)));
  if (exchanges === 'PAY_DIFFERENCE')
    await db()
      .update(ticketDates)
      .set({ price: 1500 })
      .where(and(eq(ticketDates.ticket_id, seat), eq(ticketDates.event_date_id, june22)));
  /**
   * An order of `quantity` of a ticket on a date, details in (a free one completes; a paid one waits for an offline
   * payment, or with `card` is paid by card).
   */
  const order = async (
    ticketId: number,
    quantity: number,
    dateId: number,
    name: string,
    card: boolean | 'mollie' = false,
  ) => {
    const r = (
      await reserve(ctx.app, w.event.id, { items: [{ ticket_id: ticketId, quantity }], event_date_id: dateId })
    ).json<{ data: PublicOrderDto; checkout_token: string; order_secret: string }>();
    const headers = buyerHeaders(r);
    const base = `/api/public/events/${w.event.id}/order/${r.data.short_id}`;
    const email = `${name}-${n}@example.test`;
    const put = await call(ctx.app, 'PUT', `${base}/details`, { headers, body: details(r.data, { email }) });
    expect(put.statusCode, put.body).toBe(200);
    if (put.json().data.status === 'RESERVED' && card === 'mollie') {
      const pay = await call(ctx.app, 'POST', `${base}/mollie-payment`, { headers, body: { option: 'mollie.ideal' } });
      expect(pay.statusCode, pay.body).toBe(200);
      mollie.setStatus(pay.json().data.checkout_url.split('/').at(-1), 'paid');
      const synced = await call(ctx.app, 'POST', `${base}/card-payment/sync`, { headers });
      expect(synced.json().data.status).toBe('COMPLETED');
    } else if (put.json().data.status === 'RESERVED' && card) {
      const pay = await call(ctx.app, 'POST', `${base}/card-payment`, { headers });
      expect(pay.statusCode, pay.body).toBe(200);
      stripe.setStatus(pay.json().data.client_secret.split('_secret_')[0], 'succeeded');
      const synced = await call(ctx.app, 'POST', `${base}/card-payment/sync`, { headers });
      expect(synced.json().data.status).toBe('COMPLETED');
    } else if (put.json().data.status === 'RESERVED')
      expect((await call(ctx.app, 'POST', `${base}/offline-payment`, { headers })).statusCode).toBe(200);
    const secret = { [ORDER_SECRET_HEADER]: r.order_secret };
    const [row] = await db().select().from(orders).where(eq(orders.short_id, r.data.short_id));
    return { id: row!.id, base, secret, email, shortId: r.data.short_id, intent: row!.payment_intent_id };
  };
  return { ...w, guest, seat, june1, june8, june15, june22, order };
}

const takenOn = async (dateId: number) =>
  (await db().select().from(eventDates).where(eq(eventDates.id, dateId)))[0]!.taken;
const datesOf = async (orderId: number) => ({
  lines: (await db().select().from(orderItems).where(eq(orderItems.order_id, orderId))).map((i) => i.event_date_id),
  tickets: (await db().select().from(attendees).where(eq(attendees.order_id, orderId))).map((a) => a.event_date_id),
});

describe('a buyer moves their order to another date', () => {
  it('offers the dates where each ticket costs the same, moves the stock and the tickets, and mails the new time', async () => {
    const w = await world();
    const o = await w.order(w.guest, 2, w.june1, 'ada');
    const page = await call(ctx.app, 'GET', o.base, { headers: o.secret });
    expect(page.json().data.self_service).toMatchObject({
      can_exchange: true,
      exchange_until: '2027-05-31T17:00:00.000Z',
    });
    const offered = await call(ctx.app, 'GET', `${o.base}/exchange`, { headers: o.secret });
    expect(offered.statusCode, offered.body).toBe(200);
    // Not the order's own date, nor 22 June (the ticket is not sold there).
    const same = { total: 0, difference: 0, settlement: 'NONE' };
    expect(offered.json().data).toEqual([
      {
        id: w.june8,
        start_date: '2027-06-08T17:00:00.000Z',
        end_date: null,
        label: 'Second night',
        enough: true,
        ...same,
      },
      { id: w.june15, start_date: '2027-06-15T17:00:00.000Z', end_date: null, label: null, enough: true, ...same },
    ]);
    const codes = (await db().select().from(attendees).where(eq(attendees.order_id, o.id))).map((a) => a.short_id);

    const moved = await call(ctx.app, 'POST', `${o.base}/exchange`, {
      headers: o.secret,
      body: { event_date_id: w.june8 },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.date).toMatchObject({ id: w.june8, label: 'Second night' });
    expect(await datesOf(o.id)).toEqual({ lines: [w.june8], tickets: [w.june8, w.june8] });
    expect([await takenOn(w.june1), await takenOn(w.june8)]).toEqual([0, 2]);
    // The same codes admit on the new date.
    const after = await db().select().from(attendees).where(eq(attendees.order_id, o.id));
    expect(after.map((a) => [a.short_id, a.status])).toEqual(codes.map((c) => [c, 'ACTIVE']));
    const [entry] = await db()
      .select({ data: orderEvents.data })
      .from(orderEvents)
      .where(and(eq(orderEvents.order_id, o.id), eq(orderEvents.kind, 'DATE_EXCHANGED')));
    expect(entry!.data).toEqual({ previous_start: '2027-06-01T17:00:00.000Z', start_date: '2027-06-08T17:00:00.000Z' });

    const mail = await ctx.smtp.waitFor(o.email, (m) => m.subject.includes('are for a new date'));
    expect(mail.text).toContain('As you asked, your tickets');
    expect(mail.text).toMatch(/Before: Tuesday, June 1, 2027/);
    expect(mail.text).toMatch(/When: Tuesday, June 8, 2027 at 7:00\s*PM GMT\+2 \(Second night\)/);
    const ics = mail.attachments.filter((a) => a.filename?.endsWith('.ics')).map((a) => a.content.toString('utf8'));
    expect(ics).toHaveLength(2);
    expect(ics[0]).toContain('DTSTART;TZID=Europe/Berlin:20270608T190000');
    expect(ics[0]).toContain('SEQUENCE:1000');
  });

  it('a date at another price, not on sale, begun, of another event or the same one is refused on the field', async () => {
    const w = await world();
    const o = await w.order(w.seat, 1, w.june1, 'bea');
    const other = await world();
    await db().update(eventDates).set({ status: 'HIDDEN' }).where(eq(eventDates.id, w.june8));
    const offered = await call(ctx.app, 'GET', `${o.base}/exchange`, { headers: o.secret });
    // 8 June is hidden, 15 June costs more; 22 June is left.
    expect(offered.json().data.map((d: { id: number }) => d.id)).toEqual([w.june22]);
    for (const dateId of [w.june8, w.june15, w.june1, other.june8, 999_999]) {
      const res = await call(ctx.app, 'POST', `${o.base}/exchange`, {
        headers: o.secret,
        body: { event_date_id: dateId },
      });
      expect(res.statusCode, `${dateId}: ${res.body}`).toBe(422);
      expect(res.json().error.field_errors.event_date_id).toEqual([
        'Your tickets cannot move to this date. Choose one of the dates offered.',
      ]);
    }
    expect(await datesOf(o.id)).toEqual({ lines: [w.june1], tickets: [w.june1] });
    // An unpaid offline order may move too: its units are held on the new date.
    const moved = await call(ctx.app, 'POST', `${o.base}/exchange`, {
      headers: o.secret,
      body: { event_date_id: w.june22 },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect([await takenOn(w.june1), await takenOn(w.june22)]).toEqual([0, 1]);
  });

  it('a date without room for the order is refused and nothing moves', async () => {
    const w = await world();
    const mine = await w.order(w.guest, 2, w.june1, 'cy');
    // Four of the five free tickets on 8 June are gone: two do not fit.
    await w.order(w.guest, 4, w.june8, 'crowd');
    const res = await call(ctx.app, 'POST', `${mine.base}/exchange`, {
      headers: mine.secret,
      body: { event_date_id: w.june8 },
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.code).toBe('NO_TICKETS_AVAILABLE');
    expect(await datesOf(mine.id)).toEqual({ lines: [w.june1], tickets: [w.june1, w.june1] });
    expect([await takenOn(w.june1), await takenOn(w.june8)]).toEqual([2, 4]);
  });

  it('only as the event allows, until its cut-off, with the order’s secret', async () => {
    const off = await world('OFF');
    const o = await off.order(off.guest, 1, off.june1, 'dee');
    expect((await call(ctx.app, 'GET', `${o.base}/exchange`, { headers: o.secret })).json().data).toEqual([]);
    const refused = await call(ctx.app, 'POST', `${o.base}/exchange`, {
      headers: o.secret,
      body: { event_date_id: off.june8 },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('SELF_SERVICE_CLOSED');

    const w = await world();
    const late = await w.order(w.guest, 1, w.june8, 'eve');
    const stranger = await call(ctx.app, 'POST', `${late.base}/exchange`, { body: { event_date_id: w.june15 } });
    expect(stranger.statusCode).toBe(404);
    // Within 24 hours of 8 June, 19:00: closed.
    const saved = clock.now();
    clock.set(new Date('2027-06-07T18:00:00Z'));
    try {
      const closed = await call(ctx.app, 'POST', `${late.base}/exchange`, {
        headers: late.secret,
        body: { event_date_id: w.june15 },
      });
      expect(closed.json().error.code).toBe('SELF_SERVICE_CLOSED');
    } finally {
      clock.set(saved);
    }
  });

  it('the organizer moves an order at any price, never to a cancelled date or one where its ticket is not sold', async () => {
    const w = await world();
    const o = await w.order(w.seat, 1, w.june1, 'fay');
    const move = (body: object, token = w.u.token) =>
      call(ctx.app, 'POST', `/api/events/${w.event.id}/orders/${o.id}/date`, { token, body });
    const detail = await call(ctx.app, 'GET', `/api/events/${w.event.id}/orders/${o.id}`, { token: w.u.token });
    expect(detail.json().data.actions.change_date).toBe(true);
    // 15 June costs more: the organizer may still move it there (the order keeps what was paid), quietly.
    const moved = await move({ event_date_id: w.june15, notify_buyer: false });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.date.id).toBe(w.june15);
    expect(await datesOf(o.id)).toEqual({ lines: [w.june15], tickets: [w.june15] });
    const [entry] = await db()
      .select({ data: orderEvents.data, user: orderEvents.user_id })
      .from(orderEvents)
      .where(and(eq(orderEvents.order_id, o.id), eq(orderEvents.kind, 'DATE_EXCHANGED')));
    expect(entry).toEqual({
      data: { previous_start: '2027-06-01T17:00:00.000Z', start_date: '2027-06-15T17:00:00.000Z', by_organizer: true },
      user: w.u.user.id,
    });
    const mailed = await db()
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(eq(outbox.order_id, o.id), sql`${outbox.payload}->>'template' = 'date_moved'`));
    expect(mailed).toEqual([]);

    // The buyer told this time: the organizer's wording.
    expect((await move({ event_date_id: w.june1 })).statusCode).toBe(200);
    const told = await ctx.smtp.waitFor(o.email, (m) => m.text.includes('The organizer has moved your order'));
    expect(told.subject).toContain('are for a new date');

    const free = await w.order(w.guest, 1, w.june1, 'gus');
    await db().update(eventDates).set({ status: 'CANCELLED' }).where(eq(eventDates.id, w.june8));
    for (const [orderId, dateId] of [
      [free.id, w.june22], // the free ticket is not sold on 22 June
      [o.id, w.june8], // cancelled
      [o.id, w.june1], // its own date
    ] as const) {
      const res = await call(ctx.app, 'POST', `/api/events/${w.event.id}/orders/${orderId}/date`, {
        token: w.u.token,
        body: { event_date_id: dateId },
      });
      expect(res.statusCode, `${dateId}: ${res.body}`).toBe(422);
      expect(Object.keys(res.json().error.field_errors)).toEqual(['event_date_id']);
    }
    const stranger = await liveEvent(ctx.app, [{ name: 'Seat', type: 'FREE', quantity: 5 }]);
    expect((await move({ event_date_id: w.june22 }, stranger.u.token)).statusCode).toBe(404);
  });
});

/** The order's lines and total as stored. */
const money = async (orderId: number) => {
  const [o] = await db().select().from(orders).where(eq(orders.id, orderId));
  const lines = await db().select().from(orderItems).where(eq(orderItems.order_id, orderId));
  return {
    status: o!.status,
    total: o!.total,
    tax_total: o!.tax_total,
    refunded_total: o!.refunded_total,
    lines: lines.map((l) => ({ date: l.event_date_id, unit: l.unit.total, total: l.total })),
  };
};
const historyOf = async (orderId: number, kind: 'DATE_EXCHANGED' | 'EXCHANGE_REFUNDED' | 'REFUND_FAILED') =>
  (
    await db()
      .select({ data: orderEvents.data })
      .from(orderEvents)
      .where(and(eq(orderEvents.order_id, orderId), eq(orderEvents.kind, kind)))
      .orderBy(orderEvents.id)
  ).map((e) => e.data);
const refundsOf = (intent: string | null) =>
  stripe.refunds.filter((r) => r.payment_intent === intent).map((r) => r.amount);
/** Each order's buyer from an address of their own (the exchange routes are rate-limited per client). */
const ipOf = (o: { id: number }) => `10.77.${Math.floor(o.id / 250) % 250}.${o.id % 250}`;
type Mine = { id: number; base: string; secret: Record<string, string> };
const exchange = (o: Mine, dateId: number) =>
  call(ctx.app, 'POST', `${o.base}/exchange`, { headers: o.secret, body: { event_date_id: dateId }, ip: ipOf(o) });
const syncExchange = (o: Mine, exchangeId: number) =>
  call(ctx.app, 'POST', `${o.base}/exchange/sync`, {
    headers: o.secret,
    body: { exchange_id: exchangeId },
    ip: ipOf(o),
  });
const webhook = (id: string, intent: object) =>
  sendStripeWebhook(ctx.app, WEBHOOK_SECRET, { id, type: 'payment_intent.succeeded', object: intent });

describe('exchanges with a price difference (PAY_DIFFERENCE)', () => {
  it('the setting takes OFF, SAME_PRICE and PAY_DIFFERENCE; anything else is refused on the field', async () => {
    const w = await world('OFF');
    for (const value of ['PAY_DIFFERENCE', 'SAME_PRICE', 'OFF']) {
      const res = await call(ctx.app, 'PUT', `/api/events/${w.event.id}/settings`, {
        token: w.u.token,
        body: { date_exchanges: value },
      });
      expect(res.statusCode, res.body).toBe(200);
      const [saved] = await db().select().from(events).where(eq(events.id, w.event.id));
      expect(saved!.date_exchanges).toBe(value);
    }
    const bad = await call(ctx.app, 'PUT', `/api/events/${w.event.id}/settings`, {
      token: w.u.token,
      body: { date_exchanges: 'ANY_PRICE' },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().error.field_errors)).toEqual(['date_exchanges']);
  });

  it('offers every date with the order’s total there (taxes included) and how the difference is settled', async () => {
    const w = await world('PAY_DIFFERENCE');
    const card = await w.order(w.seat, 2, w.june1, 'hal', true);
    expect(await money(card.id)).toMatchObject({ status: 'COMPLETED', total: 4400, tax_total: 400 });
    const offered = (await call(ctx.app, 'GET', `${card.base}/exchange`, { headers: card.secret })).json().data;
    expect(
      offered.map((d: object) => ({ ...d, start_date: undefined, end_date: undefined, label: undefined })),
    ).toEqual([
      { id: w.june8, enough: true, total: 4400, difference: 0, settlement: 'NONE' },
      { id: w.june15, enough: true, total: 5500, difference: 1100, settlement: 'CARD' },
      { id: w.june22, enough: true, total: 3300, difference: -1100, settlement: 'REFUND' },
    ]);
    // An offline order still awaiting its payment owes the new total either way.
    const offline = await w.order(w.seat, 1, w.june1, 'ida');
    const owed = (await call(ctx.app, 'GET', `${offline.base}/exchange`, { headers: offline.secret })).json().data;
    expect(
      owed.map((d: { id: number; difference: number; settlement: string }) => [d.id, d.difference, d.settlement]),
    ).toEqual([
      [w.june8, 0, 'NONE'],
      [w.june15, 550, 'OWED'],
      [w.june22, -550, 'OWED'],
    ]);
    // A SAME_PRICE event offers no date at another price.
    const same = await world('SAME_PRICE');
    const o = await same.order(same.seat, 1, same.june1, 'ivy', true);
    const sameOffers = (await call(ctx.app, 'GET', `${o.base}/exchange`, { headers: o.secret })).json().data;
    expect(sameOffers.map((d: { id: number }) => d.id)).toEqual([same.june8, same.june22]);
    expect((await exchange(o, same.june15)).statusCode).toBe(422);
  });

  it('a cheaper date moves at once at its prices; the card gets the difference back exactly once', async () => {
    const w = await world('PAY_DIFFERENCE');
    const o = await w.order(w.seat, 2, w.june1, 'jo', true);
    const [moved, twin] = await Promise.all([exchange(o, w.june22), exchange(o, w.june22)]);
    // The second waits for the first's lock, then finds its refund claimed (or the order already there).
    expect([moved.statusCode, twin.statusCode].sort()).toEqual([200, 409]);
    const ok = moved.statusCode === 200 ? moved : twin;
    expect(ok.json()).toMatchObject({ payment: null, data: { status: 'COMPLETED', totals: { total: 3300 } } });
    expect(await money(o.id)).toEqual({
      status: 'COMPLETED',
      total: 3300,
      tax_total: 300,
      refunded_total: 0,
      lines: [{ date: w.june22, unit: 1650, total: 3300 }],
    });
    expect(refundsOf(o.intent)).toEqual([1100]);
    expect(await historyOf(o.id, 'DATE_EXCHANGED')).toEqual([
      {
        previous_start: '2027-06-01T17:00:00.000Z',
        start_date: '2027-06-22T17:00:00.000Z',
        previous_total: 4400,
        total: 3300,
        refund: 1100,
      },
    ]);
    expect(await historyOf(o.id, 'EXCHANGE_REFUNDED')).toEqual([{ amount: 1100, reason: 'cheaper' }]);
    const mail = await ctx.smtp.waitFor(o.email, (m) => m.text.includes('has moved to a date that costs less'));
    expect(mail.text).toContain('€11.00');
    // Stripe telling the order's payment again changes nothing; the refund is not asked twice.
    const pi = stripe.intents.get(o.intent!)!;
    await webhook(`evt_cheap_${o.id}`, pi);
    await webhook(`evt_cheap_${o.id}`, pi);
    await webhook(`evt_cheap2_${o.id}`, pi);
    expect(refundsOf(o.intent)).toEqual([1100]);
    expect((await money(o.id)).total).toBe(3300);
    // What is left on the card is the new total: the organizer's full refund takes exactly that.
    const refund = await call(ctx.app, 'POST', `/api/events/${w.event.id}/orders/${o.id}/refund`, {
      token: w.u.token,
      body: { cancel_order: true },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refundsOf(o.intent)).toEqual([1100, 3300]);
    expect(await money(o.id)).toMatchObject({ status: 'REFUNDED', refunded_total: 3300 });
  });

  it('an order paid through Mollie: a cheaper date’s difference goes back through Mollie once; a dearer date is not offered for payment', async () => {
    const w = await world('PAY_DIFFERENCE');
    const o = await w.order(w.seat, 2, w.june1, 'mia', 'mollie');
    const offered = (await call(ctx.app, 'GET', `${o.base}/exchange`, { headers: o.secret })).json().data;
    expect(offered.map((d: { id: number; settlement: string }) => [d.id, d.settlement])).toEqual([
      [w.june8, 'NONE'],
      [w.june15, 'CARD_UNAVAILABLE'],
      [w.june22, 'REFUND'],
    ]);
    expect((await exchange(o, w.june15)).statusCode).toBe(422);
    const [moved, twin] = await Promise.all([exchange(o, w.june22), exchange(o, w.june22)]);
    expect([moved.statusCode, twin.statusCode].sort()).toEqual([200, 409]);
    expect(mollie.refunds.filter((r) => r.paymentId === o.intent).map((r) => r.amount.value)).toEqual(['11.00']);
    expect(await historyOf(o.id, 'EXCHANGE_REFUNDED')).toEqual([{ amount: 1100, reason: 'cheaper' }]);
    expect(await money(o.id)).toMatchObject({ status: 'COMPLETED', total: 3300, refunded_total: 0 });
  });

  it('a cheaper date’s refund Stripe refuses is recorded for the organizer; the order stands at its new total', async () => {
    const w = await world('PAY_DIFFERENCE');
    const o = await w.order(w.seat, 1, w.june1, 'ray', true);
    stripe.control.failRefunds = true;
    try {
      const moved = await exchange(o, w.june22);
      expect(moved.statusCode, moved.body).toBe(200);
    } finally {
      stripe.control.failRefunds = false;
    }
    expect(await money(o.id)).toMatchObject({ status: 'COMPLETED', total: 1650, refunded_total: 0 });
    expect(await historyOf(o.id, 'REFUND_FAILED')).toEqual([{ amount: 550, exchange: true }]);
    expect(await historyOf(o.id, 'EXCHANGE_REFUNDED')).toEqual([]);
    const [row] = await db().select().from(orderExchanges).where(eq(orderExchanges.order_id, o.id));
    expect(row).toMatchObject({ status: 'APPLIED', refund_state: 'FAILED' });
    // The claim is over: the organizer may refund the order (the REFUND_FAILED entry tells them what is owed).
    const [after] = await db().select().from(orders).where(eq(orders.id, o.id));
    expect(after!.refund_pending_amount).toBeNull();
  });

  it('a cheaper date’s refund left pending by a request that died is taken up by the scheduler, once', async () => {
    const w = await world('PAY_DIFFERENCE');
    const o = await w.order(w.seat, 1, w.june1, 'ada', true);
    const deps = ctx.app.deps;
    // The exchange's transaction commits, then the process dies before it asks Stripe for the difference.
    const step = await exchangeOrderDate(
      db(),
      { now: clock.now(), appUrl: deps.config.appUrl, storage: deps.storage, stock: deps.stock },
      { stripe: deps.stripe, config: deps.config.stripe },
      { eventId: w.event.id, shortId: o.shortId, secret: o.secret[ORDER_SECRET_HEADER]! },
      w.june22,
    );
    expect(step).toMatchObject({ kind: 'moved', refund: { amount: 550, reason: 'cheaper' } });
    const stuck = async () => (await db().select().from(orderExchanges).where(eq(orderExchanges.order_id, o.id)))[0]!;
    expect(await stuck()).toMatchObject({ status: 'APPLIED', refund_state: 'PENDING' });
    expect(await money(o.id)).toMatchObject({ status: 'REFUND_PENDING' });
    const scheduler = () =>
      runScheduler(
        db(),
        {
          appUrl: deps.config.appUrl,
          storage: deps.storage,
          stock: { ...deps.stock, clock },
          stripe: deps.stripe,
          mollieFor: deps.mollieFor,
          mailBudgetPerHour: 0,
        },
        { info() {}, error() {} },
      );
    // A claim this fresh may still be on its way: left alone.
    await scheduler();
    expect(refundsOf(o.intent)).toEqual([]);
    clock.advance(6 * 60_000);
    const mails = await scheduler();
    await ctx.app.deps.jobs.deliverOutbox(mails);
    expect(refundsOf(o.intent)).toEqual([550]);
    expect(await stuck()).toMatchObject({ refund_state: 'REFUNDED' });
    expect(await money(o.id)).toMatchObject({ status: 'COMPLETED', total: 1650 });
    expect(await historyOf(o.id, 'EXCHANGE_REFUNDED')).toEqual([{ amount: 550, reason: 'cheaper' }]);
    await ctx.smtp.waitFor(o.email, (m) => m.text.includes('has moved to a date that costs less'));
    // Again (another worker, the next minute): nothing more.
    await scheduler();
    expect(refundsOf(o.intent)).toEqual([550]);
  });

  it('a dearer date waits for the difference by card, holds nothing meanwhile, then moves once paid', async () => {
    const w = await world('PAY_DIFFERENCE');
    const o = await w.order(w.seat, 2, w.june1, 'kit', true);
    const asked = await exchange(o, w.june15);
    expect(asked.statusCode, asked.body).toBe(200);
    const payment = asked.json().payment;
    expect(payment).toMatchObject({ amount: 1100, currency: 'eur', event_date_id: w.june15 });
    expect(asked.json().data.date.id).toBe(w.june1);
    expect(await datesOf(o.id)).toEqual({ lines: [w.june1], tickets: [w.june1, w.june1] });
    expect([await takenOn(w.june1), await takenOn(w.june15)]).toEqual([2, 0]);
    const piId = payment.client_secret.split('_secret_')[0];
    expect(stripe.intents.get(piId)!.metadata).toMatchObject({ exchange_id: String(payment.exchange_id) });
    // Not paid yet: the return after confirming finds nothing to apply.
    const early = await syncExchange(o, payment.exchange_id);
    expect(early.json().exchange).toMatchObject({ status: 'PAYING', difference: 1100 });

    const pi = stripe.setStatus(piId, 'succeeded');
    const sent = await Promise.all([webhook(`evt_dear_${o.id}`, pi), webhook(`evt_dear_${o.id}`, pi)]);
    expect(sent.map((r) => r.statusCode)).toEqual([200, 200]);
    await webhook(`evt_dear2_${o.id}`, pi);
    const after = await syncExchange(o, payment.exchange_id);
    expect(after.json().exchange).toMatchObject({ status: 'APPLIED', event_date_id: w.june15 });
    expect(after.json().data).toMatchObject({ totals: { total: 5500 }, date: { id: w.june15 } });
    expect(await money(o.id)).toMatchObject({
      status: 'COMPLETED',
      total: 5500,
      lines: [{ date: w.june15, unit: 2750, total: 5500 }],
    });
    expect([await takenOn(w.june1), await takenOn(w.june15)]).toEqual([0, 2]);
    expect(await historyOf(o.id, 'DATE_EXCHANGED')).toEqual([
      {
        previous_start: '2027-06-01T17:00:00.000Z',
        start_date: '2027-06-15T17:00:00.000Z',
        previous_total: 4400,
        total: 5500,
        paid: 1100,
      },
    ]);
    await ctx.smtp.waitFor(o.email, (m) => m.subject.includes('are for a new date'));
    // A full refund later goes back to both payments: the difference's and the order's own.
    const refund = await call(ctx.app, 'POST', `/api/events/${w.event.id}/orders/${o.id}/refund`, {
      token: w.u.token,
      body: {},
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refundsOf(piId)).toEqual([1100]);
    expect(refundsOf(o.intent)).toEqual([4400]);
    expect(await money(o.id)).toMatchObject({ status: 'REFUNDED', refunded_total: 5500 });
  });

  it('a payment arriving when the date has no room any more is refunded, and the order stays', async () => {
    const w = await world('PAY_DIFFERENCE');
    await db().update(eventDates).set({ capacity: 2 }).where(eq(eventDates.id, w.june15));
    const o = await w.order(w.seat, 2, w.june1, 'lou', true);
    const payment = (await exchange(o, w.june15)).json().payment;
    const piId = payment.client_secret.split('_secret_')[0];
    // Someone else takes a place there while the buyer pays.
    await w.order(w.seat, 1, w.june15, 'rival');
    stripe.setStatus(piId, 'succeeded');
    const after = await syncExchange(o, payment.exchange_id);
    expect(after.json().exchange).toMatchObject({ status: 'REFUNDED' });
    await webhook(`evt_full_${o.id}`, stripe.intents.get(piId)!);
    expect(refundsOf(piId)).toEqual([1100]);
    expect(await money(o.id)).toMatchObject({ status: 'COMPLETED', total: 4400, lines: [{ date: w.june1 }] });
    expect([await takenOn(w.june1), await takenOn(w.june15)]).toEqual([2, 1]);
    expect(await historyOf(o.id, 'EXCHANGE_REFUNDED')).toEqual([{ amount: 1100, reason: 'date_full' }]);
    expect(await historyOf(o.id, 'DATE_EXCHANGED')).toEqual([]);
    const mail = await ctx.smtp.waitFor(o.email, (m) => m.text.includes('no longer had room for your tickets'));
    expect(mail.text).toContain('€11.00');
    // Asked again now, a full date is refused before any payment.
    const again = await exchange(o, w.june15);
    expect(again.json().error.code).toBe('NO_TICKETS_AVAILABLE');
  });

  it('a new try replaces a pending one: its PaymentIntent is cancelled, and paid anyway it is refunded', async () => {
    const w = await world('PAY_DIFFERENCE');
    const o = await w.order(w.seat, 1, w.june1, 'max', true);
    const first = (await exchange(o, w.june15)).json().payment;
    const second = (await exchange(o, w.june15)).json().payment;
    expect(second.exchange_id).not.toBe(first.exchange_id);
    const [firstPi, secondPi] = [first, second].map((p) => p.client_secret.split('_secret_')[0]);
    expect(stripe.intents.get(firstPi)!.status).toBe('canceled');
    const rows = await db().select().from(orderExchanges).where(eq(orderExchanges.order_id, o.id));
    expect(rows.map((r) => r.status)).toEqual(['REPLACED', 'PAYING']);
    expect((await syncExchange(o, first.exchange_id)).json().exchange.status).toBe('REPLACED');
    // Paid in another tab before it was cancelled: the money goes back, the newer try stands.
    await webhook(`evt_old_${o.id}`, { ...stripe.intents.get(firstPi)!, status: 'succeeded' });
    expect(refundsOf(firstPi)).toEqual([550]);
    await webhook(`evt_new_${o.id}`, stripe.setStatus(secondPi, 'succeeded'));
    expect(await money(o.id)).toMatchObject({ total: 2750, lines: [{ date: w.june15 }] });
    expect(await historyOf(o.id, 'EXCHANGE_REFUNDED')).toEqual([{ amount: 550, reason: 'replaced' }]);
  });

  it('a dearer date’s difference never paid is given up a day later: its PaymentIntent cancelled, the order as it was', async () => {
    const w = await world('PAY_DIFFERENCE');
    const o = await w.order(w.seat, 1, w.june1, 'liv', true);
    const payment = (await exchange(o, w.june15)).json().payment;
    const pi = payment.client_secret.split('_secret_')[0];
    const deps = { db: db(), stripe: ctx.app.deps.stripe, now: () => clock.now(), log: { info() {}, error() {} } };
    expect(await closeAbandonedExchanges(deps)).toBe(0);
    expect(stripe.intents.get(pi)!.status).not.toBe('canceled');
    clock.advance(25 * 3_600_000);
    expect(await closeAbandonedExchanges(deps)).toBe(1);
    expect(await closeAbandonedExchanges(deps)).toBe(0);
    expect(stripe.intents.get(pi)!.status).toBe('canceled');
    expect((await syncExchange(o, payment.exchange_id)).json().exchange.status).toBe('REPLACED');
    expect(await money(o.id)).toMatchObject({ total: 2200, lines: [{ date: w.june1 }] });
  });

  it('an offline order awaiting payment owes the new total; one paid offline is the organizer’s to refund', async () => {
    const w = await world('PAY_DIFFERENCE');
    const o = await w.order(w.seat, 1, w.june1, 'ned');
    const moved = await exchange(o, w.june15);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      payment: null,
      data: { status: 'AWAITING_PAYMENT', totals: { total: 2750 } },
    });
    expect(await historyOf(o.id, 'DATE_EXCHANGED')).toEqual([
      expect.objectContaining({ previous_total: 2200, total: 2750, owed: true }),
    ]);
    const paid = await call(ctx.app, 'POST', `/api/events/${w.event.id}/orders/${o.id}/mark-as-paid`, {
      token: w.u.token,
      body: {},
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const cheaper = await exchange(o, w.june22);
    expect(cheaper.json().data).toMatchObject({ status: 'COMPLETED', totals: { total: 1650 } });
    expect((await historyOf(o.id, 'DATE_EXCHANGED'))[1]).toMatchObject({ total: 1650, refund_due: 1100 });
    expect(stripe.refunds.filter((r) => r.payment_intent === null)).toEqual([]);
  });

  it('a free order going to a paid date pays by card; without card payments it is refused on the field', async () => {
    const w = await world('PAY_DIFFERENCE');
    // The seat costs nothing on 1 June: a free order.
    await db()
      .update(ticketDates)
      .set({ price: 0 })
      .where(and(eq(ticketDates.ticket_id, w.seat), eq(ticketDates.event_date_id, w.june1)));
    const o = await w.order(w.seat, 1, w.june1, 'oli');
    expect(await money(o.id)).toMatchObject({ status: 'COMPLETED', total: 0 });
    const asked = await exchange(o, w.june8);
    expect(asked.statusCode, asked.body).toBe(200);
    const payment = asked.json().payment;
    expect(payment.amount).toBe(2200);
    const piId = payment.client_secret.split('_secret_')[0];
    stripe.setStatus(piId, 'succeeded');
    expect((await syncExchange(o, payment.exchange_id)).json().exchange.status).toBe('APPLIED');
    const [row] = await db().select().from(orders).where(eq(orders.id, o.id));
    expect(row).toMatchObject({
      total: 2200,
      payment_intent_id: piId,
      payment_provider: 'STRIPE',
      payment_status: 'PAYMENT_RECEIVED',
    });

    const plain = await createTestApp({ clock });
    try {
      const w2 = await liveEvent(plain.app, [{ name: 'Seat', type: 'PAID', price: 2000, quantity: 5 }]);
      await plain.app.deps.database.db
        .update(events)
        .set({ date_exchanges: 'PAY_DIFFERENCE' })
        .where(eq(events.id, w2.event.id));
      const june1 = await firstDateOf(plain.app, w2.event.id);
      const june8 = await addDate(plain.app, w2.u.token, w2.event.id, '2027-06-08T19:00');
      await plain.app.deps.database.db
        .update(ticketDates)
        .set({ price: 0 })
        .where(and(eq(ticketDates.ticket_id, w2.tickets[0]!.id), eq(ticketDates.event_date_id, june1)));
      const r = (
        await reserve(plain.app, w2.event.id, {
          items: [{ ticket_id: w2.tickets[0]!.id, quantity: 1 }],
          event_date_id: june1,
        })
      ).json();
      const base = `/api/public/events/${w2.event.id}/order/${r.data.short_id}`;
      await call(plain.app, 'PUT', `${base}/details`, { headers: buyerHeaders(r), body: details(r.data) });
      const secret = { [ORDER_SECRET_HEADER]: r.order_secret };
      const offered = (await call(plain.app, 'GET', `${base}/exchange`, { headers: secret })).json().data;
      expect(offered).toMatchObject([{ id: june8, difference: 2000, settlement: 'CARD_UNAVAILABLE' }]);
      const refused = await call(plain.app, 'POST', `${base}/exchange`, {
        headers: secret,
        body: { event_date_id: june8 },
      });
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json().error.field_errors.event_date_id).toEqual([
        'This date costs more, and this event takes no card payment for the difference. Choose another date.',
      ]);
    } finally {
      await plain.close();
    }
  });

  it('the order’s promo code applies on the new date as at checkout (then taxes), its expiry no longer matters', async () => {
    const w = await world('PAY_DIFFERENCE');
    const promo = await call(ctx.app, 'POST', `/api/events/${w.event.id}/promo-codes`, {
      token: w.u.token,
      body: { code: 'FRIENDS10', discount_type: 'PERCENTAGE', discount: 10 },
    });
    expect(promo.statusCode, promo.body).toBe(201);
    const r = (
      await reserve(ctx.app, w.event.id, {
        items: [{ ticket_id: w.seat, quantity: 1 }],
        event_date_id: w.june1,
        promo_code: 'FRIENDS10',
      })
    ).json();
    const base = `/api/public/events/${w.event.id}/order/${r.data.short_id}`;
    const put = await call(ctx.app, 'PUT', `${base}/details`, { headers: buyerHeaders(r), body: details(r.data) });
    expect(put.statusCode, put.body).toBe(200);
    expect((await call(ctx.app, 'POST', `${base}/offline-payment`, { headers: buyerHeaders(r) })).statusCode).toBe(200);
    const [row] = await db().select().from(orders).where(eq(orders.short_id, r.data.short_id));
    // 20 € less 10 % is 18 €, plus 10 % tax: 19.80 €.
    expect(row!.total).toBe(1980);
    await db().execute(sql`update promo_codes set expires_at = '2027-05-01T00:00:00Z' where event_id = ${w.event.id}`);
    const o = { id: row!.id, base, secret: { [ORDER_SECRET_HEADER]: r.order_secret } };
    const offered = (await call(ctx.app, 'GET', `${base}/exchange`, { headers: o.secret })).json().data;
    // 25 € less 10 % is 22.50 €, plus tax 24.75 €; 15 € less 10 % is 13.50 €, plus tax 14.85 €.
    expect(
      offered.map((d: { id: number; total: number; difference: number }) => [d.id, d.total, d.difference]),
    ).toEqual([
      [w.june8, 1980, 0],
      [w.june15, 2475, 495],
      [w.june22, 1485, -495],
    ]);
    expect((await exchange(o, w.june15)).statusCode).toBe(200);
    const [line] = await db().select().from(orderItems).where(eq(orderItems.order_id, o.id));
    expect(line!.unit).toMatchObject({ base: 2500, discount: 250, price: 2250, tax_total: 225, total: 2475 });
    expect(await money(o.id)).toMatchObject({ status: 'AWAITING_PAYMENT', total: 2475, tax_total: 225 });
  });

  it('a payment arriving after the order changed (the organizer moved it) is refunded; nothing moves again', async () => {
    const w = await world('PAY_DIFFERENCE');
    const o = await w.order(w.seat, 1, w.june1, 'pia', true);
    const payment = (await exchange(o, w.june15)).json().payment;
    const moved = await call(ctx.app, 'POST', `/api/events/${w.event.id}/orders/${o.id}/date`, {
      token: w.u.token,
      body: { event_date_id: w.june8, notify_buyer: false },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const piId = payment.client_secret.split('_secret_')[0];
    await webhook(`evt_changed_${o.id}`, stripe.setStatus(piId, 'succeeded'));
    expect((await syncExchange(o, payment.exchange_id)).json().exchange.status).toBe('REFUNDED');
    expect(refundsOf(piId)).toEqual([550]);
    expect(await money(o.id)).toMatchObject({ total: 2200, lines: [{ date: w.june8 }] });
    expect(await historyOf(o.id, 'EXCHANGE_REFUNDED')).toEqual([{ amount: 550, reason: 'order_changed' }]);
  });
});

describe('SAME_PRICE keeps what the order paid', () => {
  it('a price changed since the purchase is not charged: the move keeps the order’s lines and total', async () => {
    const w = await world('SAME_PRICE');
    const o = await w.order(w.seat, 1, w.june1, 'quin', true);
    // The seat now costs 22 € (on 1 June and 8 June alike): the same price on both dates.
    await db().update(tickets).set({ price: 2200 }).where(eq(tickets.id, w.seat));
    const offered = (await call(ctx.app, 'GET', `${o.base}/exchange`, { headers: o.secret })).json().data;
    expect(offered[0]).toMatchObject({ id: w.june8, total: 2000, difference: 0, settlement: 'NONE' });
    const moved = await exchange(o, w.june8);
    expect(moved.json()).toMatchObject({ payment: null, data: { date: { id: w.june8 }, totals: { total: 2000 } } });
    expect(await money(o.id)).toMatchObject({ total: 2000, lines: [{ date: w.june8, unit: 2000, total: 2000 }] });
    expect(refundsOf(o.intent)).toEqual([]);
  });
});
