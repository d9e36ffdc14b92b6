import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { TestClock } from '../src/shared/clock.js';
import { firstDateOf, liveEvent, placeOrder } from './checkout-factory.js';
import { call, createTestApp, type TestContext } from './test-app.js';

/**
 * Figures split by sales channel (issue #41): the dashboard and the sales reports (by product, by day, the account's
 * by event) count online sales, sales paid at the box office and complimentary ones apart, adding up to the whole.
 *
 * Standard costs 20.00 online and 25.00 at the door; the Programme (a general product) 5.00 everywhere.
 * Online: 2 Standard paid (40.00); 1 Standard awaiting payment (not a sale).
 * Box office: cash 2 Standard + 1 Programme (55.00), card terminal 1 Standard (25.00), complimentary 3 Standard (0),
 * and a cash sale of 1 Standard voided (cancelled: not a sale).
 */
const clock = new TestClock(new Date('2027-05-20T18:00:00Z'));
let ctx: TestContext;
let w: { token: string; eventId: number; slug: string; standard: number; programme: number };

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  const { u, event, tickets } = await liveEvent(ctx.app, [
    { name: 'Standard', type: 'PAID', price: 2000, box_office_price: 2500, quantity: 20 },
    { name: 'Programme', type: 'PAID', price: 500, product_type: 'GENERAL' },
  ]);
  const [standard, programme] = tickets.map((t) => t.id) as [number, number];
  const token = u.token;
  const settings = await call(ctx.app, 'PUT', `/api/events/${event.id}/settings`, {
    token,
    body: { offline_payments_enabled: true },
  });
  expect(settings.statusCode, settings.body).toBe(200);
  const online = { eventId: event.id, organizerToken: token };
  await placeOrder(ctx.app, online, [{ ticket_id: standard, quantity: 2 }]);
  await placeOrder(ctx.app, online, [{ ticket_id: standard, quantity: 1 }], { paid: false });

  const post = async (path: string, body: unknown, status = 201) => {
    const r = await call(ctx.app, 'POST', `/api/events/${event.id}/box-office${path}`, { token, body });
    expect(r.statusCode, r.body).toBe(status);
    return r.json().data;
  };
  await post('/shifts', { float: 10_000 });
  const sell = (items: Array<{ ticket_id: number; quantity: number }>, expected: number, payment: object) =>
    post('/sales', { items, expected_total: expected, payment });
  await sell(
    [
      { ticket_id: standard, quantity: 2 },
      { ticket_id: programme, quantity: 1 },
    ],
    5500,
    { method: 'CASH', given: 6000 },
  );
  await sell([{ ticket_id: standard, quantity: 1 }], 2500, { method: 'CARD_TERMINAL', reference: 'SUMUP-1' });
  await sell([{ ticket_id: standard, quantity: 3 }], 7500, { method: 'COMPLIMENTARY', reason: 'Band guests' });
  const voided = await sell([{ ticket_id: standard, quantity: 1 }], 2500, { method: 'CASH', given: 2500 });
  await post(`/sales/${voided.order_id}/void`, {}, 200);
  w = { token, eventId: event.id, slug: event.slug, standard, programme };
});
afterAll(() => ctx.close());

const get = async (path: string) => {
  const r = await call(ctx.app, 'GET', `/api${path}`, { token: w.token });
  expect(r.statusCode, r.body).toBe(200);
  return r;
};
const report = async (name: string) => (await get(`/events/${w.eventId}/reports/${name}`)).json().data;
const lines = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\n');
/** Units and gross online, at the box office, and complimentary units. */
const split = (onlineUnits: number, onlineGross: number, boxUnits: number, boxGross: number, free: number) => ({
  online_units: onlineUnits,
  online_gross: onlineGross,
  box_office_units: boxUnits,
  box_office_gross: boxGross,
  complimentary_units: free,
});

describe('figures by sales channel', () => {
  it('the dashboard splits the tickets sold and the gross: online, box office, complimentary apart', async () => {
    const stats = (await get(`/events/${w.eventId}/stats`)).json().data;
    // Tickets only (the Programme is a general product); complimentary tickets count, with no money.
    expect(stats).toMatchObject({ tickets_sold: 8, tickets_reserved: 1, gross_sales: 12_000 });
    expect(stats.by_channel).toEqual({
      online_tickets: 2,
      online_gross: 4000,
      box_office_tickets: 3,
      box_office_gross: 8000,
      complimentary_tickets: 3,
    });
    // One date's figures split the same way (the event has one date).
    const first = await firstDateOf(ctx.app, w.eventId);
    const dated = (await get(`/events/${w.eventId}/stats?event_date_id=${first}`)).json().data;
    expect(dated.by_channel).toEqual(stats.by_channel);
  });

  it('sales by product: units and gross per channel, adding up to the row', async () => {
    const r = await report('sales-by-product');
    expect(r.rows.map((p: { name: string; units: number; gross: number }) => [p.name, p.units, p.gross])).toEqual([
      ['Standard', 8, 11_500],
      ['Programme', 1, 500],
    ]);
    expect(r.rows[0]).toMatchObject(split(2, 4000, 3, 7500, 3));
    expect(r.rows[1]).toMatchObject(split(0, 0, 1, 500, 0));
    expect(r.totals).toMatchObject({ units: 9, gross: 12_000, ...split(2, 4000, 4, 8000, 3) });
  });

  it('sales by day and the account sales by event split the same way', async () => {
    const days = await report('sales-by-day');
    expect(days.rows).toEqual([
      {
        date: '2027-05-20',
        orders: 4,
        units: 9,
        gross: 12_000,
        refunded: 0,
        net: 12_000,
        ...split(2, 4000, 4, 8000, 3),
      },
    ]);
    expect(days.totals).toEqual({
      orders: 4,
      units: 9,
      gross: 12_000,
      refunded: 0,
      net: 12_000,
      ...split(2, 4000, 4, 8000, 3),
    });
    const events = (await get('/reports/sales-by-events')).json().data;
    expect(events.rows).toEqual([
      expect.objectContaining({
        event_id: w.eventId,
        orders: 4,
        units: 9,
        gross: 12_000,
        ...split(2, 4000, 4, 8000, 3),
      }),
    ]);
    expect(events.totals).toEqual([
      {
        currency: 'EUR',
        events: 1,
        orders: 4,
        units: 9,
        gross: 12_000,
        refunded: 0,
        net: 12_000,
        ...split(2, 4000, 4, 8000, 3),
      },
    ]);
  });

  it('the downloads carry the channel columns after the others', async () => {
    const channels = 'Online units,Online gross,Box-office units,Box-office gross,Complimentary units';
    const products = lines((await get(`/events/${w.eventId}/reports/sales-by-product/export?format=csv`)).body);
    expect(products).toEqual([
      `Product,Tier,Units,Gross,Discounts,Taxes,Fees,Refunded,Net,${channels}`,
      'Standard,,8,115.00,75.00,0.00,0.00,0.00,115.00,2,40.00,3,75.00,3',
      'Programme,,1,5.00,0.00,0.00,0.00,0.00,5.00,0,0.00,1,5.00,0',
      'Total,,9,120.00,75.00,0.00,0.00,0.00,120.00,2,40.00,4,80.00,3',
    ]);
    const days = lines((await get(`/events/${w.eventId}/reports/sales-by-day/export?format=csv`)).body);
    expect(days).toEqual([
      `Date,Orders,Units,Gross,Refunded,Net,${channels}`,
      '2027-05-20,4,9,120.00,0.00,120.00,2,40.00,4,80.00,3',
      'Total,4,9,120.00,0.00,120.00,2,40.00,4,80.00,3',
    ]);
    const events = lines((await get('/reports/sales-by-events/export?format=csv')).body);
    expect(events[0]).toBe(`Event,Starts,Currency,Orders,Units,Gross,Refunded,Net,${channels}`);
    expect(events.at(-1)).toBe('Total,,EUR,4,9,120.00,0.00,120.00,2,40.00,4,80.00,3');
  });
});
