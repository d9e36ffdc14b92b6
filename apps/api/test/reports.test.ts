import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { TestClock } from '../src/shared/clock.js';
import { addDate, buyerHeaders, details, firstDateOf, liveEvent, placeOrder, reserve } from './checkout-factory.js';
import { createEvent, createOrganizer, registerUser } from './factories.js';
import { sendStripeWebhook, singleStripeEnv, startStripeServer, type StripeServer } from './stripe-server.js';
import { call, createTestApp, type TestContext } from './test-app.js';

/**
 * The Reports (issue #24): an event in Berlin with a paid ticket (VAT 10 % and a fixed 2.00 fee) and a
 * tiered one (VAT), a promo code (10 %), an affiliate, five orders at known instants — two paid by card
 * (one refunded in part, one in full), one paid offline, one paid then cancelled, one still unpaid —
 * and check-ins on two lists at known hours. Every figure is worked out below to the cent.
 *
 * Unit prices: Standard 5000 + fee 200 + VAT 520 = 5720; with SAVE10: 5000 - 500 + 200 + VAT 470 = 5170.
 * Festival Early 3000 + VAT 300; with SAVE10 2700 + 270 = 2970. Late 4000 + 400 = 4400; with SAVE10 3600 + 360 = 3960.
 *
 * O1 card, PARTNER: 2 Standard + 1 Late = 15840 (taxes 1440, fees 400); completed 03-01 10:00Z (Berlin 03-01);
 *    refunded 1000 on 03-03 12:00Z (shared: Standard 722, Late 278).
 * O2 card, SAVE10: 1 Early = 2970 (discount 300, taxes 270); completed 03-01 23:30Z = 03-02 00:30 in Berlin;
 *    refunded in full (and cancelled) on 03-04 09:00Z.
 * O3 offline, SAVE10 + PARTNER: 1 Standard + 1 Late = 9130 (discount 900, taxes 830, fees 200); paid 03-02 09:00Z.
 * O4 offline: 1 Late, paid 03-03 08:00Z and cancelled: not a sale. O5 offline: 1 Standard, never paid: not a sale.
 */

let ctx: TestContext;
let stripe: StripeServer;
const clock = new TestClock(new Date('2027-03-01T08:00:00Z'));
const WEBHOOK_SECRET = 'whsec_test_reports';

interface World {
  token: string;
  accountId: number;
  eventId: number;
  slug: string;
  standard: number;
  festival: number;
  early: number;
  late: number;
  save10: number;
  unused: number;
  partner: number;
  quiet: number;
  orders: {
    o1: { id: number; number: string };
    o2: { id: number; number: string };
    o3: { id: number; number: string };
  };
  mainList: number;
  vipList: number;
  tokyo: number;
}
let w: World;

const at = (iso: string) => clock.set(new Date(iso));

const webhook = (id: string, type: string, intent: object) =>
  sendStripeWebhook(ctx.app, WEBHOOK_SECRET, { id, type, object: intent });

async function orderIdOf(eventId: number, token: string, shortId: string) {
  const list = (await call(ctx.app, 'GET', `/api/events/${eventId}/orders?per_page=100`, { token })).json()
    .data as Array<{ id: number; short_id: string; order_number: string }>;
  const found = list.find((o) => o.short_id === shortId)!;
  return { id: found.id, number: found.order_number };
}

/** A checkout paid by card: reserve, details, PaymentIntent, the webhook at `paidAt`. */
async function cardOrder(eventId: number, token: string, body: Parameters<typeof reserve>[2], paidAt: string) {
  const r = (await reserve(ctx.app, eventId, body)).json();
  if (!r.data) throw new Error(`reserve failed: ${JSON.stringify(r)}`);
  const headers = buyerHeaders(r);
  const base = `/api/public/events/${eventId}/order/${r.data.short_id}`;
  expect((await call(ctx.app, 'PUT', `${base}/details`, { headers, body: details(r.data) })).statusCode).toBe(200);
  const secret = (await call(ctx.app, 'POST', `${base}/card-payment`, { headers })).json().data.client_secret as string;
  at(paidAt);
  expect(
    (
      await webhook(
        `evt_${r.data.short_id}`,
        'payment_intent.succeeded',
        stripe.setStatus(secret.split('_secret_')[0]!, 'succeeded'),
      )
    ).statusCode,
  ).toBe(200);
  const attendees = (await call(ctx.app, 'GET', base, { headers })).json().data.attendees as Array<{
    short_id: string;
    ticket_name: string;
  }>;
  return { ...(await orderIdOf(eventId, token, r.data.short_id)), attendees };
}

beforeAll(async () => {
  stripe = await startStripeServer();
  ctx = await createTestApp({
    clock,
    env: {
      ...singleStripeEnv(stripe, WEBHOOK_SECRET),
    },
  });
  const { u, event } = await liveEvent(ctx.app, [], { title: 'Spring Gala' });
  const token = u.token;
  const accountId = u.accounts[0]!.id;
  const post = async (url: string, body: unknown) => {
    const res = await call(ctx.app, 'POST', url, { token, body });
    if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json().data;
  };
  const vat = (
    await post(`/api/accounts/${accountId}/taxes-and-fees`, {
      name: 'VAT',
      type: 'TAX',
      calculation_type: 'PERCENTAGE',
      rate: 10,
    })
  ).id as number;
  const fee = (
    await post(`/api/accounts/${accountId}/taxes-and-fees`, {
      name: 'Service fee',
      type: 'FEE',
      calculation_type: 'FIXED',
      rate: 200,
      currency: 'EUR',
    })
  ).id as number;
  const standard = await post(`/api/events/${event.id}/tickets`, {
    name: 'Standard',
    type: 'PAID',
    price: 5000,
    tax_and_fee_ids: [vat, fee],
  });
  const festival = await post(`/api/events/${event.id}/tickets`, {
    name: 'Festival',
    type: 'TIERED',
    tiers: [
      { label: 'Early', price: 3000 },
      { label: 'Late', price: 4000 },
    ],
    tax_and_fee_ids: [vat],
  });
  const [early, late] = festival.tiers as Array<{ id: number }>;
  const save10 = (
    await post(`/api/events/${event.id}/promo-codes`, { code: 'SAVE10', discount_type: 'PERCENTAGE', discount: 10 })
  ).id as number;
  const unused = (
    await post(`/api/events/${event.id}/promo-codes`, { code: 'UNUSED', discount_type: 'FIXED', discount: 100 })
  ).id as number;
  const partner = (await post(`/api/events/${event.id}/affiliates`, { name: 'Partner Blog', code: 'PARTNER' }))
    .id as number;
  const quiet = (await post(`/api/events/${event.id}/affiliates`, { name: 'Quiet Radio', code: 'QUIET' })).id as number;
  expect(
    (
      await call(ctx.app, 'PUT', `/api/events/${event.id}/settings`, {
        token,
        body: { offline_payments_enabled: true },
      })
    ).statusCode,
  ).toBe(200);
  const e = { eventId: event.id, organizerToken: token };

  at('2027-03-01T09:55:00Z');
  const o1 = await cardOrder(
    event.id,
    token,
    {
      items: [
        { ticket_id: standard.id, quantity: 2 },
        { ticket_id: festival.id, tier_id: late!.id, quantity: 1 },
      ],
      affiliate_code: 'PARTNER',
    },
    '2027-03-01T10:00:00Z',
  );
  at('2027-03-01T23:25:00Z');
  const o2 = await cardOrder(
    event.id,
    token,
    { items: [{ ticket_id: festival.id, tier_id: early!.id, quantity: 1 }], promo_code: 'SAVE10' },
    '2027-03-01T23:30:00Z',
  );
  at('2027-03-02T08:50:00Z');
  const placed3 = await placeOrder(
    ctx.app,
    e,
    [
      { ticket_id: standard.id, quantity: 1 },
      { ticket_id: festival.id, tier_id: late!.id, quantity: 1 },
    ],
    { paid: false, extra: { promo_code: 'SAVE10', affiliate_code: 'PARTNER' } },
  );
  const o3 = await orderIdOf(event.id, token, placed3.short_id);
  at('2027-03-02T09:00:00Z');
  expect(
    (await call(ctx.app, 'POST', `/api/events/${event.id}/orders/${o3.id}/mark-as-paid`, { token })).statusCode,
  ).toBe(200);
  at('2027-03-02T10:00:00Z');
  await placeOrder(ctx.app, e, [{ ticket_id: standard.id, quantity: 1 }], { paid: false });
  at('2027-03-03T07:55:00Z');
  const placed4 = await placeOrder(ctx.app, e, [{ ticket_id: festival.id, tier_id: late!.id, quantity: 1 }], {
    paid: false,
  });
  const o4 = await orderIdOf(event.id, token, placed4.short_id);
  at('2027-03-03T08:00:00Z');
  expect(
    (await call(ctx.app, 'POST', `/api/events/${event.id}/orders/${o4.id}/mark-as-paid`, { token })).statusCode,
  ).toBe(200);
  at('2027-03-03T08:30:00Z');
  expect(
    (await call(ctx.app, 'POST', `/api/events/${event.id}/orders/${o4.id}/cancel`, { token })).json().data.status,
  ).toBe('CANCELLED');

  at('2027-03-03T12:00:00Z');
  expect(
    (
      await call(ctx.app, 'POST', `/api/events/${event.id}/orders/${o1.id}/refund`, { token, body: { amount: 1000 } })
    ).json().data.status,
  ).toBe('PARTIALLY_REFUNDED');
  at('2027-03-04T09:00:00Z');
  expect(
    (
      await call(ctx.app, 'POST', `/api/events/${event.id}/orders/${o2.id}/refund`, {
        token,
        body: { cancel_order: true },
      })
    ).json().data.status,
  ).toBe('REFUNDED');

  // Check-ins on 03-05 (Berlin is UTC+1 in March): main list 19:10, 19:40, 20:05, 22:20; VIP (Festival only) 20:15.
  const lists = (await call(ctx.app, 'GET', `/api/events/${event.id}/check-in-lists`, { token })).json().data as Array<{
    id: number;
  }>;
  const mainList = lists[0]!.id;
  const vipList = (
    await post(`/api/events/${event.id}/check-in-lists`, {
      name: 'VIP lounge',
      all_tickets: false,
      ticket_ids: [festival.id],
    })
  ).id as number;
  const adminO3 = (await call(ctx.app, 'GET', `/api/events/${event.id}/orders/${o3.id}`, { token })).json().data
    .attendees as Array<{ short_id: string; ticket_name: string }>;
  const o3Standard = adminO3.find((a) => a.ticket_name === 'Standard')!.short_id;
  const o3Late = adminO3.find((a) => a.ticket_name !== 'Standard')!.short_id;
  const o1Standard = o1.attendees.filter((a) => a.ticket_name === 'Standard').map((a) => a.short_id);
  const o1Late = o1.attendees.find((a) => a.ticket_name !== 'Standard')!.short_id;
  const scan = async (list: number, code: string, iso: string, action: 'CHECK_IN' | 'CHECK_OUT' = 'CHECK_IN') => {
    at(iso);
    const res = await call(ctx.app, 'POST', `/api/events/${event.id}/check-in-lists/${list}/check-ins`, {
      token,
      body: { code, action },
    });
    expect(res.json().data.result, res.body).toBe(action === 'CHECK_IN' ? 'CHECKED_IN' : 'CHECKED_OUT');
  };
  await scan(mainList, o1Standard[0]!, '2027-03-05T18:10:00Z');
  await scan(mainList, o3Late, '2027-03-05T18:40:00Z');
  await scan(mainList, o1Standard[1]!, '2027-03-05T19:05:00Z');
  await scan(vipList, o3Late, '2027-03-05T19:15:00Z');
  await scan(mainList, o3Standard, '2027-03-05T21:20:00Z');
  // In and out again: a check-out takes it back.
  await scan(vipList, o1Late, '2027-03-05T21:30:00Z');
  await scan(vipList, o1Late, '2027-03-05T21:45:00Z', 'CHECK_OUT');

  // Another event of the account, in yen, with one sale (an attendee added by hand, 3000 paid), and one with none.
  const organizer = await createOrganizer(ctx.app, token, { name: 'Tokyo Promotions' });
  const tokyo = await createEvent(ctx.app, token, organizer.id, {
    title: 'Tokyo Night',
    timezone: 'Asia/Tokyo',
    currency: 'JPY',
    start_date: '2027-05-01T19:00',
    end_date: '2027-05-01T22:00',
  });
  const seat = await post(`/api/events/${tokyo.id}/tickets`, { name: 'Seat', type: 'PAID', price: 3000 });
  at('2027-03-02T03:00:00Z');
  await post(`/api/events/${tokyo.id}/attendees`, {
    ticket_id: seat.id,
    first_name: 'Yui',
    last_name: 'Tanaka',
    email: 'yui@example.test',
    amount_paid: 3000,
    send_ticket: false,
  });
  await createEvent(ctx.app, token, organizer.id, { title: 'Quiet Night' });

  at('2027-03-05T22:00:00Z');
  w = {
    token,
    accountId,
    eventId: event.id,
    slug: event.slug,
    standard: standard.id,
    festival: festival.id,
    early: early!.id,
    late: late!.id,
    save10,
    unused,
    partner,
    quiet,
    orders: { o1: { id: o1.id, number: o1.number }, o2: { id: o2.id, number: o2.number }, o3 },
    mainList,
    vipList,
    tokyo: tokyo.id,
  };
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await stripe?.close();
});

const report = async (name: string, query = '', token = w.token) => {
  const res = await call(ctx.app, 'GET', `/api/events/${w.eventId}/reports/${name}${query}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const money = (gross: number, discounts: number, taxes: number, fees: number, refunded: number) => ({
  gross,
  discounts,
  taxes,
  fees,
  refunded,
  net: gross - refunded,
});
/** Every sale of this event was online: all its units and gross, nothing at the box office. */
const online = (units: number, gross: number) => ({
  online_units: units,
  online_gross: gross,
  box_office_units: 0,
  box_office_gross: 0,
  complimentary_units: 0,
});

describe('reports of an event', () => {
  it('sales by product and tier: units, gross, discounts, taxes, fees, refunds (a partial one shared over the lines) and net', async () => {
    const r = await report('sales-by-product');
    expect(r).toMatchObject({
      report: 'sales-by-product',
      currency: 'EUR',
      timezone: 'Europe/Berlin',
      period: { from: null, to: null },
    });
    expect(r.rows).toEqual([
      {
        ticket_id: w.standard,
        name: 'Standard',
        product_type: 'TICKET',
        units: 3,
        ...money(16610, 500, 1510, 600, 722),
        ...online(3, 16610),
        tiers: [],
      },
      {
        ticket_id: w.festival,
        name: 'Festival',
        product_type: 'TICKET',
        units: 3,
        ...money(11330, 700, 1030, 0, 3248),
        ...online(3, 11330),
        tiers: [
          { tier_id: w.early, label: 'Early', units: 1, ...money(2970, 300, 270, 0, 2970), ...online(1, 2970) },
          { tier_id: w.late, label: 'Late', units: 2, ...money(8360, 400, 760, 0, 278), ...online(2, 8360) },
        ],
      },
    ]);
    expect(r.totals).toEqual({ units: 6, ...money(27940, 1200, 2540, 600, 3970), ...online(6, 27940) });
  });

  it('sales by promo code: every code (unused too), orders without a code as the last row', async () => {
    const r = await report('sales-by-promo-code');
    expect(r.rows).toEqual([
      {
        promo_code_id: w.save10,
        code: 'SAVE10',
        orders: 2,
        units: 3,
        discounts: 1200,
        gross: 12100,
        refunded: 2970,
        net: 9130,
      },
      { promo_code_id: w.unused, code: 'UNUSED', orders: 0, units: 0, discounts: 0, gross: 0, refunded: 0, net: 0 },
      { promo_code_id: null, code: null, orders: 1, units: 3, discounts: 0, gross: 15840, refunded: 1000, net: 14840 },
    ]);
    expect(r.totals).toEqual({ orders: 3, units: 6, discounts: 1200, gross: 27940, refunded: 3970, net: 23970 });
  });

  it('sales by affiliate: every affiliate, orders no affiliate brought as the last row', async () => {
    const r = await report('sales-by-affiliate');
    expect(r.rows).toEqual([
      {
        affiliate_id: w.partner,
        name: 'Partner Blog',
        code: 'PARTNER',
        orders: 2,
        units: 5,
        gross: 24970,
        refunded: 1000,
        net: 23970,
      },
      { affiliate_id: w.quiet, name: 'Quiet Radio', code: 'QUIET', orders: 0, units: 0, gross: 0, refunded: 0, net: 0 },
      { affiliate_id: null, name: null, code: null, orders: 1, units: 1, gross: 2970, refunded: 2970, net: 0 },
    ]);
    expect(r.totals).toEqual({ orders: 3, units: 6, gross: 27940, refunded: 3970, net: 23970 });
  });

  it("sales by day in the event's time zone: every day, days without sales too; refunds on the day they were made", async () => {
    const r = await report('sales-by-day');
    expect(r.rows).toEqual([
      { date: '2027-03-01', orders: 1, units: 3, gross: 15840, refunded: 0, net: 15840, ...online(3, 15840) },
      // O2 was paid at 23:30 UTC on the 1st: 00:30 on the 2nd in Berlin.
      { date: '2027-03-02', orders: 2, units: 3, gross: 12100, refunded: 0, net: 12100, ...online(3, 12100) },
      { date: '2027-03-03', orders: 0, units: 0, gross: 0, refunded: 1000, net: -1000, ...online(0, 0) },
      { date: '2027-03-04', orders: 0, units: 0, gross: 0, refunded: 2970, net: -2970, ...online(0, 0) },
      // Up to today (an open period).
      { date: '2027-03-05', orders: 0, units: 0, gross: 0, refunded: 0, net: 0, ...online(0, 0) },
    ]);
    expect(r.totals).toEqual({ orders: 3, units: 6, gross: 27940, refunded: 3970, net: 23970, ...online(6, 27940) });
  });

  it('taxes and fees per name and type, adding up to the order totals', async () => {
    const r = await report('taxes-and-fees');
    expect(r.rows).toEqual([
      { tax_id: expect.any(Number), name: 'VAT', type: 'TAX', units: 6, amount: 2540 },
      { tax_id: expect.any(Number), name: 'Service fee', type: 'FEE', units: 3, amount: 600 },
    ]);
    expect(r.totals).toEqual({ taxes: 2540, fees: 600, total: 3140 });
  });

  it('each refund with its order, oldest first, and the total', async () => {
    const r = await report('refunds');
    expect(r.rows).toEqual([
      {
        order_id: w.orders.o1.id,
        order_number: w.orders.o1.number,
        buyer_name: 'Grace Buyer',
        refunded_at: '2027-03-03T12:00:00.000Z',
        amount: 1000,
      },
      {
        order_id: w.orders.o2.id,
        order_number: w.orders.o2.number,
        buyer_name: 'Grace Buyer',
        refunded_at: '2027-03-04T09:00:00.000Z',
        amount: 2970,
      },
    ]);
    expect(r.totals).toEqual({ refunds: 2, amount: 3970 });
  });

  it("check-ins per list and per hour in the event's time zone (the hours between included; a check-out takes one back)", async () => {
    const r = await report('check-ins');
    expect(r.lists).toEqual([
      { list_id: w.mainList, name: null, checked_in: 4, valid: 5 },
      { list_id: w.vipList, name: 'VIP lounge', checked_in: 1, valid: 2 },
    ]);
    expect(r.hours).toEqual([
      { hour: '2027-03-05T19:00', counts: [2, 0], total: 2 },
      { hour: '2027-03-05T20:00', counts: [1, 1], total: 2 },
      { hour: '2027-03-05T21:00', counts: [0, 0], total: 0 },
      { hour: '2027-03-05T22:00', counts: [1, 0], total: 1 },
    ]);
    expect(r.totals).toEqual({ checked_in: 5, valid: 7 });
    // The check-in screen counts the same.
    const screens = (await call(ctx.app, 'GET', `/api/events/${w.eventId}/check-in-lists`, { token: w.token })).json()
      .data as Array<{ id: number; checked_in: number; total: number }>;
    expect(screens.map((l) => [l.checked_in, l.total])).toEqual(
      r.lists.map((l: { checked_in: number; valid: number }) => [l.checked_in, l.valid]),
    );
    expect((await report('check-ins', '?from=2027-03-06')).hours).toEqual([]);
  });

  it('agrees with the dashboard and the orders list (sold and refunded defined once)', async () => {
    const stats = (await call(ctx.app, 'GET', `/api/events/${w.eventId}/stats?days=7`, { token: w.token })).json().data;
    expect(stats).toMatchObject({
      gross_sales: 27940,
      total_refunded: 3970,
      total_taxes: 2540,
      total_fees: 600,
      total_discount: 1200,
    });
    const products = await report('sales-by-product');
    expect(products.totals).toMatchObject({
      gross: stats.gross_sales,
      refunded: stats.total_refunded,
      taxes: stats.total_taxes,
      fees: stats.total_fees,
      discounts: stats.total_discount,
    });
    expect(
      stats.by_product.map((p: { name: string; sold: number; gross: number }) => [p.name, p.sold, p.gross]),
    ).toEqual(products.rows.map((p: { name: string; units: number; gross: number }) => [p.name, p.units, p.gross]));
    const days = await report('sales-by-day');
    for (const day of stats.daily as Array<{ date: string; orders: number; gross: number }>) {
      const mine = days.rows.find((d: { date: string }) => d.date === day.date) ?? { orders: 0, gross: 0 };
      expect([day.date, mine.orders, mine.gross]).toEqual([day.date, day.orders, day.gross]);
    }
    const taxes = await report('taxes-and-fees');
    expect([taxes.totals.taxes, taxes.totals.fees]).toEqual([stats.total_taxes, stats.total_fees]);
    const refunds = await report('refunds');
    expect(refunds.totals.amount).toBe(stats.total_refunded);

    const orders = (
      await call(ctx.app, 'GET', `/api/events/${w.eventId}/orders?per_page=100`, { token: w.token })
    ).json().data as Array<{ status: string; total: number; refunded_total: number; completed_at: string | null }>;
    const sold = orders.filter(
      (o) =>
        ['COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED', 'REFUND_PENDING', 'REFUND_FAILED'].includes(o.status) &&
        o.completed_at,
    );
    expect(sold).toHaveLength(days.totals.orders);
    expect(sold.reduce((s, o) => s + o.total, 0)).toBe(days.totals.gross);
    expect(orders.filter((o) => o.completed_at).reduce((s, o) => s + o.refunded_total, 0)).toBe(days.totals.refunded);
    // The cancelled order and the unpaid one are in the list, not in the sales.
    expect(orders.map((o) => o.status).sort()).toEqual([
      'AWAITING_PAYMENT',
      'CANCELLED',
      'COMPLETED',
      'PARTIALLY_REFUNDED',
      'REFUNDED',
    ]);
  });

  it("filters by a period of days in the event's time zone, bounds included", async () => {
    // The 2nd only: O2 (paid 23:30 UTC the evening before) and O3; no refunds that day.
    const second = await report('sales-by-product', '?from=2027-03-02&to=2027-03-02');
    expect(second.period).toEqual({ from: '2027-03-02', to: '2027-03-02' });
    expect(
      second.rows.map((p: { name: string; units: number; gross: number; refunded: number }) => [
        p.name,
        p.units,
        p.gross,
        p.refunded,
      ]),
    ).toEqual([
      ['Standard', 1, 5170, 0],
      ['Festival', 2, 6930, 0],
    ]);
    expect(second.totals).toEqual({ units: 3, ...money(12100, 1200, 1100, 200, 0), ...online(3, 12100) });
    // Up to the 1st (an open start): O1 alone.
    expect((await report('sales-by-promo-code', '?to=2027-03-01')).totals).toEqual({
      orders: 1,
      units: 3,
      discounts: 0,
      gross: 15840,
      refunded: 0,
      net: 15840,
    });
    // From the 3rd: no sales, the two refunds.
    const late = await report('sales-by-affiliate', '?from=2027-03-03');
    expect(late.totals).toEqual({ orders: 0, units: 0, gross: 0, refunded: 3970, net: -3970 });
    expect((await report('refunds', '?from=2027-03-04&to=2027-03-04')).totals).toEqual({ refunds: 1, amount: 2970 });
    expect((await report('taxes-and-fees', '?from=2027-03-03')).rows).toEqual([]);
    // A period with no sales at all has every day, all zero.
    const quiet = await report('sales-by-day', '?from=2027-02-26&to=2027-02-28');
    expect(quiet.rows).toEqual(
      ['2027-02-26', '2027-02-27', '2027-02-28'].map((date) => ({
        date,
        orders: 0,
        units: 0,
        gross: 0,
        refunded: 0,
        net: 0,
        ...online(0, 0),
      })),
    );
    expect(quiet.totals).toEqual({ orders: 0, units: 0, gross: 0, refunded: 0, net: 0, ...online(0, 0) });
    const days = await report('sales-by-day', '?from=2027-02-28&to=2027-03-02');
    expect(days.rows.map((d: { date: string; orders: number }) => [d.date, d.orders])).toEqual([
      ['2027-02-28', 0],
      ['2027-03-01', 1],
      ['2027-03-02', 2],
    ]);
  });

  it('downloads each report as CSV and Excel, with translated headings and the totals row', async () => {
    const csv = await call(ctx.app, 'GET', `/api/events/${w.eventId}/reports/sales-by-product/export?format=csv`, {
      token: w.token,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="${w.slug}-sales-by-product-2027-03-05.csv"`);
    expect(csv.headers['x-total-rows']).toBe('3');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\n');
    expect(lines).toEqual([
      'Product,Tier,Units,Gross,Discounts,Taxes,Fees,Refunded,Net,Online units,Online gross,Box-office units,Box-office gross,Complimentary units',
      'Standard,,3,166.10,5.00,15.10,6.00,7.22,158.88,3,166.10,0,0.00,0',
      'Festival,Early,1,29.70,3.00,2.70,0.00,29.70,0.00,1,29.70,0,0.00,0',
      'Festival,Late,2,83.60,4.00,7.60,0.00,2.78,80.82,2,83.60,0,0.00,0',
      'Total,,6,279.40,12.00,25.40,6.00,39.70,239.70,6,279.40,0,0.00,0',
    ]);

    const de = await call(
      ctx.app,
      'GET',
      `/api/events/${w.eventId}/reports/sales-by-promo-code/export?format=csv&from=2027-03-01&to=2027-03-05`,
      { token: w.token, headers: { cookie: 'admitone_locale=de' } },
    );
    const deLines = de.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\n');
    expect(deLines[0]).toBe('Aktionscode,Bestellungen,Einheiten,Rabatte,Brutto,Erstattet,Netto');
    expect(deLines.at(-2)).toBe('Ohne Aktionscode,1,3,0.00,158.40,10.00,148.40');

    const xlsx = await call(ctx.app, 'GET', `/api/events/${w.eventId}/reports/sales-by-day/export?format=xlsx`, {
      token: w.token,
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(xlsx.headers['content-disposition']).toBe(`attachment; filename="${w.slug}-sales-by-day-2027-03-05.xlsx"`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as never);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('Sales by day');
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Date',
      'Orders',
      'Units',
      'Gross',
      'Refunded',
      'Net',
      'Online units',
      'Online gross',
      'Box-office units',
      'Box-office gross',
      'Complimentary units',
    ]);
    expect(sheet.getRow(3).values).toEqual([undefined, '2027-03-02', 2, 3, 121, 0, 121, 3, 121, 0, 0, 0]);
    expect(sheet.getRow(7).values).toEqual([undefined, 'Total', 3, 6, 279.4, 39.7, 239.7, 6, 279.4, 0, 0, 0]);
    expect(sheet.getRow(3).getCell(4).numFmt).toBe('#,##0.00');

    for (const name of ['sales-by-affiliate', 'taxes-and-fees', 'refunds', 'check-ins']) {
      const file = await call(ctx.app, 'GET', `/api/events/${w.eventId}/reports/${name}/export?format=csv`, {
        token: w.token,
      });
      expect(file.statusCode, name).toBe(200);
    }
    const checkIns = (
      await call(ctx.app, 'GET', `/api/events/${w.eventId}/reports/check-ins/export`, { token: w.token })
    ).body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\n');
    expect(checkIns).toEqual([
      'Hour,All tickets,VIP lounge,Total',
      '2027-03-05 19:00,2,0,2',
      '2027-03-05 20:00,1,1,2',
      '2027-03-05 21:00,0,0,0',
      '2027-03-05 22:00,1,0,1',
      'Total,4,1,5',
    ]);
    const refunds = (
      await call(ctx.app, 'GET', `/api/events/${w.eventId}/reports/refunds/export`, { token: w.token })
    ).body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\n');
    expect(refunds[1]).toBe(`2027-03-03 13:00,${w.orders.o1.number},Grace Buyer,10.00`);
    expect(refunds.at(-1)).toBe('Total,,,39.70');
  });

  it('refuses a bad period, a malformed date, an unknown report or format with 422 and field errors', async () => {
    const errors = async (url: string) => {
      const res = await call(ctx.app, 'GET', url, { token: w.token });
      expect(res.statusCode, url).toBe(422);
      return res.json().error.field_errors;
    };
    const base = `/api/events/${w.eventId}/reports`;
    expect(await errors(`${base}/sales-by-day?from=2027-03-05&to=2027-03-01`)).toEqual({
      to: ['The end must be after the start.'],
    });
    expect(await errors(`${base}/sales-by-day?from=2027-02-30`)).toEqual({ from: ['Enter a valid date and time.'] });
    expect(await errors(`${base}/sales-by-day?to=yesterday`)).toEqual({ to: ['Enter a valid date and time.'] });
    expect(await errors(`${base}/sales-by-day?from=2000-01-01&to=2020-01-01`)).toEqual({
      to: ['Choose a period of at most 3660 days.'],
    });
    // An open end that makes the days too many.
    expect(await errors(`${base}/sales-by-day?from=1990-01-01`)).toEqual({
      from: ['Choose a period of at most 3660 days.'],
    });
    expect(Object.keys(await errors(`${base}/best-sellers`))).toEqual(['report']);
    expect(Object.keys(await errors(`${base}/sales-by-day/export?format=pdf`))).toEqual(['format']);
    expect(await errors(`/api/reports/sales-by-events?from=2027-03-05&to=2027-03-01`)).toEqual({
      to: ['The end must be after the start.'],
    });
    expect(await errors(`/api/reports/sales-by-events/export?from=2027-13-01`)).toEqual({
      from: ['Enter a valid date and time.'],
    });
  });

  it("another account's event is not found, report or download; no token, no report", async () => {
    const other = await registerUser(ctx.app);
    for (const url of [
      `/api/events/${w.eventId}/reports/sales-by-product`,
      `/api/events/${w.eventId}/reports/refunds/export?format=xlsx`,
    ]) {
      const res = await call(ctx.app, 'GET', url, { token: other.token });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    expect((await call(ctx.app, 'GET', '/api/reports/sales-by-events', { token: other.token })).json().data).toEqual({
      period: { from: null, to: null },
      rows: [],
      totals: [],
    });
    expect((await call(ctx.app, 'GET', `/api/events/${w.eventId}/reports/sales-by-product`)).statusCode).toBe(401);
  });
});

describe("the account's sales per event", () => {
  it('lists events with sales in their own currency, totals per currency, never added across', async () => {
    const res = await call(ctx.app, 'GET', '/api/reports/sales-by-events', { token: w.token });
    expect(res.statusCode).toBe(200);
    const r = res.json().data;
    expect(r.rows).toEqual([
      {
        event_id: w.eventId,
        title: 'Spring Gala',
        start_date: '2027-06-01T17:00:00.000Z',
        timezone: 'Europe/Berlin',
        currency: 'EUR',
        orders: 3,
        units: 6,
        gross: 27940,
        refunded: 3970,
        net: 23970,
        ...online(6, 27940),
      },
      {
        event_id: w.tokyo,
        title: 'Tokyo Night',
        start_date: '2027-05-01T10:00:00.000Z',
        timezone: 'Asia/Tokyo',
        currency: 'JPY',
        orders: 1,
        units: 1,
        gross: 3000,
        refunded: 0,
        net: 3000,
        ...online(1, 3000),
      },
    ]);
    expect(r.totals).toEqual([
      {
        currency: 'EUR',
        events: 1,
        orders: 3,
        units: 6,
        gross: 27940,
        refunded: 3970,
        net: 23970,
        ...online(6, 27940),
      },
      { currency: 'JPY', events: 1, orders: 1, units: 1, gross: 3000, refunded: 0, net: 3000, ...online(1, 3000) },
    ]);
    // Each event's row is its own report's total for the same days.
    const days = await report('sales-by-day', '?from=2027-03-02&to=2027-03-03');
    const period = (
      await call(ctx.app, 'GET', '/api/reports/sales-by-events?from=2027-03-02&to=2027-03-03', { token: w.token })
    ).json().data;
    const gala = period.rows.find((e: { event_id: number }) => e.event_id === w.eventId);
    expect([gala.orders, gala.units, gala.gross, gala.refunded, gala.net]).toEqual([
      days.totals.orders,
      days.totals.units,
      days.totals.gross,
      days.totals.refunded,
      days.totals.net,
    ]);
    expect(
      (await call(ctx.app, 'GET', '/api/reports/sales-by-events?from=2027-03-06', { token: w.token })).json().data,
    ).toEqual({ period: { from: '2027-03-06', to: null }, rows: [], totals: [] });
  });

  it('downloads as CSV and Excel, each row with its own currency decimals', async () => {
    const csv = await call(ctx.app, 'GET', '/api/reports/sales-by-events/export?format=csv', { token: w.token });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="sales-by-events-2027-03-05.csv"');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\n');
    expect(lines).toEqual([
      'Event,Starts,Currency,Orders,Units,Gross,Refunded,Net,Online units,Online gross,Box-office units,Box-office gross,Complimentary units',
      'Spring Gala,2027-06-01 19:00,EUR,3,6,279.40,39.70,239.70,6,279.40,0,0.00,0',
      'Tokyo Night,2027-05-01 19:00,JPY,1,1,3000,0,3000,1,3000,0,0,0',
      'Total,,EUR,3,6,279.40,39.70,239.70,6,279.40,0,0.00,0',
      'Total,,JPY,1,1,3000,0,3000,1,3000,0,0,0',
    ]);
    const xlsx = await call(ctx.app, 'GET', '/api/reports/sales-by-events/export?format=xlsx', { token: w.token });
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as never);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(3).values).toEqual([
      undefined,
      'Tokyo Night',
      '2027-05-01 19:00',
      'JPY',
      1,
      1,
      3000,
      0,
      3000,
      1,
      3000,
      0,
      0,
      0,
    ]);
    expect(sheet.getRow(3).getCell(6).numFmt).toBe('#,##0');
    expect(sheet.getRow(2).getCell(6).numFmt).toBe('#,##0.00');
  });
});

describe('an event with several dates', () => {
  it("narrows the sales and refund reports and the dashboard to one date's orders; refuses another event's date and the check-ins report", async () => {
    at('2027-03-10T09:00:00Z');
    const { u, event, tickets } = await liveEvent(
      ctx.app,
      [{ name: 'Seat', type: 'PAID', price: 2000, quantity: 50 }],
      {
        title: 'Two Nights',
        start_date: '2027-06-01T19:00',
      },
    );
    const first = await firstDateOf(ctx.app, event.id);
    const second = await addDate(ctx.app, u.token, event.id, '2027-06-08T19:00');
    const seat = tickets[0]!.id;
    await cardOrder(
      event.id,
      u.token,
      { items: [{ ticket_id: seat, quantity: 1 }], event_date_id: first },
      '2027-03-10T10:00:00Z',
    );
    const late = await cardOrder(
      event.id,
      u.token,
      { items: [{ ticket_id: seat, quantity: 2 }], event_date_id: second },
      '2027-03-10T11:00:00Z',
    );
    const refund = await call(ctx.app, 'POST', `/api/events/${event.id}/orders/${late.id}/refund`, {
      token: u.token,
      body: { amount: 500, cancel_order: false, notify_buyer: false },
    });
    expect(refund.statusCode, refund.body).toBe(200);

    const of = async (name: string, query = '') => {
      const res = await call(ctx.app, 'GET', `/api/events/${event.id}/reports/${name}${query}`, { token: u.token });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    const product = async (query: string) => {
      const r = await of('sales-by-product', query);
      return { period: r.period, units: r.totals.units, gross: r.totals.gross, refunded: r.totals.refunded };
    };
    expect(await product('')).toEqual({ period: { from: null, to: null }, units: 3, gross: 6000, refunded: 500 });
    expect(await product(`?event_date_id=${first}`)).toEqual({
      period: { from: null, to: null, event_date_id: first },
      units: 1,
      gross: 2000,
      refunded: 0,
    });
    expect(await product(`?event_date_id=${second}&from=2027-03-10`)).toEqual({
      period: { from: '2027-03-10', to: null, event_date_id: second },
      units: 2,
      gross: 4000,
      refunded: 500,
    });
    expect((await of('refunds', `?event_date_id=${first}`)).totals).toEqual({ refunds: 0, amount: 0 });
    expect((await of('sales-by-day', `?event_date_id=${second}`)).totals).toMatchObject({ orders: 1, units: 2 });
    const csv = await call(
      ctx.app,
      'GET',
      `/api/events/${event.id}/reports/sales-by-day/export?event_date_id=${first}`,
      {
        token: u.token,
      },
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['x-total-rows']).toBe('1');

    // The dashboard too: one date's orders and tickets.
    const stats = async (dateId: number) => {
      const res = await call(ctx.app, 'GET', `/api/events/${event.id}/stats?event_date_id=${dateId}`, {
        token: u.token,
      });
      expect(res.statusCode, res.body).toBe(200);
      const d = res.json().data;
      return [d.orders_completed, d.tickets_sold, d.gross_sales, d.total_refunded, d.by_product[0].sold];
    };
    expect(await stats(first)).toEqual([1, 1, 2000, 0, 1]);
    // (Refunded in part: no longer counted as completed, still sold.)
    expect(await stats(second)).toEqual([0, 2, 4000, 500, 2]);
    const foreignStats = await call(
      ctx.app,
      'GET',
      `/api/events/${event.id}/stats?event_date_id=${await firstDateOf(ctx.app, w.eventId)}`,
      { token: u.token },
    );
    expect(foreignStats.statusCode).toBe(422);
    expect(Object.keys(foreignStats.json().error.field_errors)).toEqual(['event_date_id']);

    // Another event's date is no choice here; the check-ins report counts every date.
    const refused = async (name: string, dateId: number) => {
      const res = await call(ctx.app, 'GET', `/api/events/${event.id}/reports/${name}?event_date_id=${dateId}`, {
        token: u.token,
      });
      expect(res.statusCode, res.body).toBe(422);
      return Object.keys(res.json().error.field_errors);
    };
    expect(await refused('sales-by-product', await firstDateOf(ctx.app, w.eventId))).toEqual(['event_date_id']);
    expect(await refused('check-ins', first)).toEqual(['event_date_id']);
  });
});
