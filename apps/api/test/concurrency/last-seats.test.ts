import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../src/db/client.js';
import { noStockLocks, type StockLockStrategy, type StockTargets } from '../../src/modules/orders/stock.js';
import { liveEvent } from '../checkout-factory.js';
import { call, createTestApp, type TestContext } from '../test-app.js';
import { rush, takenOf } from './rush.js';

/**
 * 50 buyers at once for the last 10 of something, on real PostgreSQL (row locks mean nothing on
 * PGlite, which runs one statement at a time). Exactly 10 succeed; the rest are told there is
 * nothing left, and the database never holds more than the capacity.
 */
const onPostgres = !!process.env.TEST_DATABASE_URL;
const BUYERS = 50;
const SEATS = 10;
const dates = { start_date: '2030-06-01T19:00', end_date: '2030-06-01T23:00' };

describe.skipIf(!onPostgres)('the last seats, 50 buyers at once', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('(a) a ticket', async () => {
    const { event, tickets } = await liveEvent(ctx.app, [{ name: 'Seat', type: 'FREE', quantity: SEATS }], dates);
    const r = await rush(ctx.app, event.id, BUYERS, () => ({ items: [{ ticket_id: tickets[0]!.id, quantity: 1 }], expected_total: 0 }), takenOf(event.id));
    expect(r).toEqual({ statuses: { 201: SEATS, 409: BUYERS - SEATS }, codes: { NO_TICKETS_AVAILABLE: BUYERS - SEATS }, taken: SEATS });
  });

  it('(b) a tier', async () => {
    const { event, tickets } = await liveEvent(ctx.app, [{ name: 'Front', type: 'TIERED', tiers: [{ label: 'Early', price: 0, quantity: SEATS }, { label: 'Late', price: 0 }] }], dates);
    const tier = tickets[0]!.tiers[0]!.id;
    const r = await rush(ctx.app, event.id, BUYERS, () => ({ items: [{ ticket_id: tickets[0]!.id, tier_id: tier, quantity: 1 }], expected_total: 0 }), takenOf(event.id, `and a.tier_id = ${tier}`));
    expect(r).toEqual({ statuses: { 201: SEATS, 409: BUYERS - SEATS }, codes: { NO_TICKETS_AVAILABLE: BUYERS - SEATS }, taken: SEATS });
  });

  it('(c) a capacity assignment shared by two tickets', async () => {
    const { u, event, tickets } = await liveEvent(ctx.app, [{ name: 'Day', type: 'FREE' }, { name: 'Evening', type: 'FREE' }, { name: 'Elsewhere', type: 'FREE' }], dates);
    await call(ctx.app, 'POST', `/api/events/${event.id}/capacity-assignments`, { token: u.token, body: { name: 'Hall', capacity: SEATS, applies_to: 'TICKETS', ticket_ids: [tickets[0]!.id, tickets[1]!.id] } });
    const r = await rush(ctx.app, event.id, BUYERS, (i) => ({ items: [{ ticket_id: tickets[i % 2]!.id, quantity: 1 }], expected_total: 0 }), takenOf(event.id));
    expect(r).toEqual({ statuses: { 201: SEATS, 409: BUYERS - SEATS }, codes: { NO_TICKETS_AVAILABLE: BUYERS - SEATS }, taken: SEATS });
  });

  it('(d) an event-wide capacity', async () => {
    const { u, event, tickets } = await liveEvent(ctx.app, [{ name: 'Standing', type: 'FREE' }, { name: 'Tiered', type: 'TIERED', tiers: [{ label: 'One', price: 0 }] }], dates);
    await call(ctx.app, 'POST', `/api/events/${event.id}/capacity-assignments`, { token: u.token, body: { name: 'Venue', capacity: SEATS, applies_to: 'ALL' } });
    const item = (i: number) => (i % 2 ? { ticket_id: tickets[1]!.id, tier_id: tickets[1]!.tiers[0]!.id, quantity: 1 } : { ticket_id: tickets[0]!.id, quantity: 1 });
    const r = await rush(ctx.app, event.id, BUYERS, (i) => ({ items: [item(i)], expected_total: 0 }), takenOf(event.id));
    expect(r).toEqual({ statuses: { 201: SEATS, 409: BUYERS - SEATS }, codes: { NO_TICKETS_AVAILABLE: BUYERS - SEATS }, taken: SEATS });
  });

  it('(e) a promo code with a usage limit of 10', async () => {
    const { u, event, tickets } = await liveEvent(ctx.app, [{ name: 'Seat', type: 'PAID', price: 1000 }], dates);
    await call(ctx.app, 'POST', `/api/events/${event.id}/promo-codes`, { token: u.token, body: { code: 'TEN', discount_type: 'PERCENTAGE', discount: 50, max_uses: SEATS } });
    const r = await rush(ctx.app, event.id, BUYERS, () => ({ items: [{ ticket_id: tickets[0]!.id, quantity: 1 }], promo_code: 'TEN', expected_total: 500 }), `select count(*)::int as n from orders where event_id = ${event.id} and promo_code = 'TEN' and status = 'RESERVED'`);
    expect(r).toEqual({ statuses: { 201: SEATS, 422: BUYERS - SEATS }, codes: { promo_code_invalid: BUYERS - SEATS }, taken: SEATS });
  });
});

/** No locks, and a pause where the lock would be, so concurrent checkouts all count before any writes. */
const unlockedAndSlow: StockLockStrategy = {
  async lock(tx: Tx, targets: StockTargets) {
    await noStockLocks.lock(tx, targets);
    await new Promise((r) => setTimeout(r, 100));
  },
};

describe.skipIf(!onPostgres)('control: the same rush without locks', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ stockLocks: unlockedAndSlow });
  });
  afterAll(() => ctx.close());

  it('oversells, so the harness above would see a double sale', async () => {
    const seats = 3;
    const { event, tickets } = await liveEvent(ctx.app, [{ name: 'Seat', type: 'FREE', quantity: seats }], dates);
    const r = await rush(ctx.app, event.id, BUYERS, () => ({ items: [{ ticket_id: tickets[0]!.id, quantity: 1 }], expected_total: 0 }), takenOf(event.id));
    expect(r.taken).toBeGreaterThan(seats);
    expect(r.statuses[201]).toBe(r.taken);
  });
});
