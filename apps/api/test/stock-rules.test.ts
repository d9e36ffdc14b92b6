import { reserveOrderBody } from '@admitone/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { reserveOrder } from '../src/modules/checkout/reserve-order.js';
import { releaseExpiredHolds } from '../src/modules/inventory/holds.js';
import { findDrift, repairDrift } from '../src/modules/inventory/reconcile.js';
import { loadPublicEventParts } from '../src/modules/public-events/public-event.js';
import { TestClock } from '../src/shared/clock.js';
import { buyerHeaders, details, liveEvent, placeOrder, publicEvent, reserve } from './checkout-factory.js';
import { call, createTestApp, type TestContext } from './test-app.js';

/**
 * The stock counters as a buyer and an organizer meet them (one request at a time; the concurrent
 * proofs are in concurrency/): taken and given back on every path, limits never set below what is
 * taken, promo codes counting every use, holds that run out, absurd orders refused before any work,
 * and the reconciliation check.
 */
let ctx: TestContext;
const clock = new TestClock(new Date('2027-03-01T12:00:00Z'));
beforeAll(async () => {
  ctx = await createTestApp({ clock });
});
afterAll(() => ctx.close());

const db = () => ctx.app.deps.database.db;
const rows = async <T>(text: string) => ((await db().execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
const taken = async (ticketId: number) =>
  Number(
    (
      await rows<{ taken: number }>(
        `select coalesce(sum(taken), 0) as taken from ticket_dates where ticket_id = ${ticketId}`,
      )
    )[0]!.taken,
  );
const consistent = async () => expect(await findDrift(db())).toEqual([]);
const url = (eventId: number, shortId: string, rest = '') => `/api/public/events/${eventId}/order/${shortId}${rest}`;

describe('counters follow every sale', () => {
  it('reservation, re-choice, completion, cancellation, refund of an attendee, reactivation and move: counters equal rows after each', async () => {
    const { u, event, tickets } = await liveEvent(ctx.app, [
      { name: 'Floor', type: 'FREE', quantity: 10 },
      {
        name: 'Balcony',
        type: 'TIERED',
        tiers: [
          { label: 'Front', price: 0, quantity: 3 },
          { label: 'Back', price: 0 },
        ],
      },
    ]);
    const [floor, balcony] = tickets as [(typeof tickets)[0], (typeof tickets)[0]];
    const r = (await reserve(ctx.app, event.id, { items: [{ ticket_id: floor.id, quantity: 3 }] })).json();
    expect(await taken(floor.id)).toBe(3);
    await consistent();
    // The same checkout chooses again: the first hold is given back in the same change.
    const again = (
      await reserve(
        ctx.app,
        event.id,
        { items: [{ ticket_id: balcony.id, tier_id: balcony.tiers[0]!.id, quantity: 2 }] },
        buyerHeaders(r),
      )
    ).json();
    expect([await taken(floor.id), await taken(balcony.id)]).toEqual([0, 2]);
    await consistent();
    const done = await call(ctx.app, 'PUT', url(event.id, again.data.short_id, '/details'), {
      headers: buyerHeaders(again),
      body: details(again.data),
    });
    expect(done.json().data.status).toBe('COMPLETED');
    await consistent();
    const [attendee] = await rows<{ id: number }>(
      `select id from attendees where order_id = (select id from orders where short_id = '${again.data.short_id}') order by id limit 1`,
    );
    expect(
      (await call(ctx.app, 'POST', `/api/events/${event.id}/attendees/${attendee!.id}/cancel`, { token: u.token }))
        .statusCode,
    ).toBe(200);
    expect(await taken(balcony.id)).toBe(1);
    await consistent();
    expect(
      (await call(ctx.app, 'POST', `/api/events/${event.id}/attendees/${attendee!.id}/reactivate`, { token: u.token }))
        .statusCode,
    ).toBe(200);
    expect(await taken(balcony.id)).toBe(2);
    const moved = await call(ctx.app, 'PUT', `/api/events/${event.id}/attendees/${attendee!.id}`, {
      token: u.token,
      body: { first_name: 'Mo', last_name: 'Ved', email: 'mo@example.test', ticket_id: floor.id },
    });
    expect(moved.statusCode).toBe(200);
    expect([await taken(floor.id), await taken(balcony.id)]).toEqual([1, 1]);
    await consistent();
    const orderId = (await rows<{ id: number }>(`select id from orders where short_id = '${again.data.short_id}'`))[0]!
      .id;
    expect(
      (await call(ctx.app, 'POST', `/api/events/${event.id}/orders/${orderId}/cancel`, { token: u.token })).statusCode,
    ).toBe(200);
    expect([await taken(floor.id), await taken(balcony.id)]).toEqual([0, 0]);
    await consistent();
  });

  it('a duplicated event sells from zero: counters are not copied', async () => {
    const { u, event, tickets } = await liveEvent(ctx.app, [{ name: 'Seat', type: 'FREE', quantity: 5 }]);
    await placeOrder(ctx.app, { eventId: event.id, organizerToken: u.token }, [
      { ticket_id: tickets[0]!.id, quantity: 5 },
    ]);
    const copy = await call(ctx.app, 'POST', `/api/events/${event.id}/duplicate`, {
      token: u.token,
      body: { title: 'Again', copy_tickets: true },
    });
    expect(copy.statusCode).toBe(201);
    const [t] = await rows<{ taken: number; stock_version: number }>(
      `select coalesce(sum(td.taken), 0)::int as taken, t.stock_version from tickets t left join ticket_dates td on td.ticket_id = t.id
       where t.event_id = ${copy.json().data.id} group by t.id`,
    );
    expect(t).toMatchObject({ taken: 0, stock_version: 0 });
  });
});

describe('limits are never set below what is taken', () => {
  it('ticket and tier quantities, capacities and promo limits name what is taken', async () => {
    const { u, event, tickets } = await liveEvent(ctx.app, [
      { name: 'Seat', type: 'FREE', quantity: 10 },
      { name: 'Tiers', type: 'TIERED', tiers: [{ label: 'Early', price: 0, quantity: 10 }] },
    ]);
    await call(ctx.app, 'POST', `/api/events/${event.id}/promo-codes`, {
      token: u.token,
      body: { code: 'FRIENDS', discount_type: 'NONE', discount: 0, max_uses: 10 },
    });
    const promo = (await call(ctx.app, 'GET', `/api/events/${event.id}/promo-codes`, { token: u.token })).json()
      .data[0];
    await placeOrder(
      ctx.app,
      { eventId: event.id, organizerToken: u.token },
      [
        { ticket_id: tickets[0]!.id, quantity: 3 },
        { ticket_id: tickets[1]!.id, tier_id: tickets[1]!.tiers[0]!.id, quantity: 3 },
      ],
      { extra: { promo_code: 'FRIENDS' } },
    );
    await placeOrder(
      ctx.app,
      { eventId: event.id, organizerToken: u.token },
      [{ ticket_id: tickets[0]!.id, quantity: 1 }],
      { extra: { promo_code: 'FRIENDS' } },
    );
    const t = (
      await call(ctx.app, 'GET', `/api/events/${event.id}/tickets/${tickets[0]!.id}`, { token: u.token })
    ).json().data;
    const low = await call(ctx.app, 'PUT', `/api/events/${event.id}/tickets/${t.id}`, {
      token: u.token,
      body: { ...t, quantity: 3 },
    });
    expect(low.statusCode).toBe(422);
    expect(low.json().error.field_errors).toEqual({
      quantity: ['4 are already sold or held in checkouts: the limit cannot be lower than that.'],
    });
    expect(
      (
        await call(ctx.app, 'PUT', `/api/events/${event.id}/tickets/${t.id}`, {
          token: u.token,
          body: { ...t, quantity: 4 },
        })
      ).statusCode,
    ).toBe(200);

    const tiered = (
      await call(ctx.app, 'GET', `/api/events/${event.id}/tickets/${tickets[1]!.id}`, { token: u.token })
    ).json().data;
    const tierLow = await call(ctx.app, 'PUT', `/api/events/${event.id}/tickets/${tiered.id}`, {
      token: u.token,
      body: { ...tiered, tiers: [{ ...tiered.tiers[0], quantity: 2 }] },
    });
    expect(tierLow.json().error.field_errors).toEqual({
      'tiers.0.quantity': ['3 are already sold or held in checkouts: the limit cannot be lower than that.'],
    });

    const cap = await call(ctx.app, 'POST', `/api/events/${event.id}/capacity-assignments`, {
      token: u.token,
      body: { name: 'Hall', capacity: 6, applies_to: 'ALL' },
    });
    expect(cap.statusCode).toBe(422);
    expect(cap.json().error.field_errors).toEqual({
      capacity: ['7 are already sold or held in checkouts: the limit cannot be lower than that.'],
    });
    const ok = await call(ctx.app, 'POST', `/api/events/${event.id}/capacity-assignments`, {
      token: u.token,
      body: { name: 'Hall', capacity: 7, applies_to: 'ALL' },
    });
    expect(ok.json().data).toMatchObject({ used: 7, available: 0 });
    // Now the capacity is what limits: one more is refused although the ticket itself has room.
    expect(
      (
        await reserve(ctx.app, event.id, {
          items: [{ ticket_id: tickets[1]!.id, tier_id: tickets[1]!.tiers[0]!.id, quantity: 1 }],
        })
      ).json().error.code,
    ).toBe('NO_TICKETS_AVAILABLE');

    const promoLow = await call(ctx.app, 'PUT', `/api/events/${event.id}/promo-codes/${promo.id}`, {
      token: u.token,
      body: { code: 'FRIENDS', discount_type: 'NONE', discount: 0, max_uses: 1 },
    });
    expect(promoLow.json().error.field_errors).toEqual({
      max_uses: ['This code has already been used 2 times: the limit cannot be lower than that.'],
    });
    await consistent();
  });

  it('a checkout planned with a catalogue an organizer has changed since plans again (the ticket version)', async () => {
    const { u, event, tickets } = await liveEvent(ctx.app, [{ name: 'Seat', type: 'FREE' }]);
    const stale = (await loadPublicEventParts(db(), event.id))!.catalogue;
    // A capacity assignment arrives after the catalogue was read (another process's cache, say).
    expect(
      (
        await call(ctx.app, 'POST', `/api/events/${event.id}/capacity-assignments`, {
          token: u.token,
          body: { name: 'Hall', capacity: 2, applies_to: 'ALL' },
        })
      ).statusCode,
    ).toBe(201);
    let freshReads = 0;
    const deps = {
      db: db(),
      stock: ctx.app.deps.stock,
      catalogueOf: async (id: number, fresh: boolean) =>
        fresh ? (freshReads++, (await loadPublicEventParts(db(), id))!.catalogue) : stale,
    };
    const input = reserveOrderBody.parse({ items: [{ ticket_id: tickets[0]!.id, quantity: 2 }], expected_total: 0 });
    await reserveOrder(deps, event.id, input, {
      checkoutToken: null,
      locale: 'en',
      idempotencyKey: undefined,
      client: { key: 'k1' },
    });
    expect(freshReads).toBe(1);
    // The capacity counted the units: the next stale plan is refused by it.
    await expect(
      reserveOrder(
        { ...deps, catalogueOf: async () => stale },
        event.id,
        { ...input, items: [{ ...input.items[0]!, quantity: 1 }] },
        { checkoutToken: null, locale: 'en', idempotencyKey: undefined, client: { key: 'k2' } },
      ),
    ).rejects.toMatchObject({ code: 'NO_TICKETS_AVAILABLE' });
    await consistent();
  });
});

describe('promo codes count every use', () => {
  it('a code that only unlocks a hidden ticket, on a free line, is counted and stops at its limit', async () => {
    const { u, event, tickets } = await liveEvent(ctx.app, [{ name: 'Crew', type: 'FREE', requires_promo_code: true }]);
    await call(ctx.app, 'POST', `/api/events/${event.id}/promo-codes`, {
      token: u.token,
      body: { code: 'CREW-PASS', discount_type: 'PERCENTAGE', discount: 50, max_uses: 2, ticket_ids: [tickets[0]!.id] },
    });
    const buy = () =>
      reserve(ctx.app, event.id, {
        items: [{ ticket_id: tickets[0]!.id, quantity: 1 }],
        promo_code: 'CREW-PASS',
        expected_total: 0,
      });
    expect((await buy()).statusCode).toBe(201);
    expect((await buy()).statusCode).toBe(201);
    const third = await buy();
    expect(third.statusCode).toBe(422);
    expect(third.json().error.field_errors).toEqual({ promo_code: ['That promo code is invalid.'] });
    const listed = (await call(ctx.app, 'GET', `/api/events/${event.id}/promo-codes`, { token: u.token })).json()
      .data[0];
    expect(listed).toMatchObject({ times_used: 2, is_active: false });
    await consistent();
  });
});

describe('holds that run out', () => {
  it('give their units back once; completing late takes them again if they are free, and is refused clearly if not', async () => {
    const { event, tickets } = await liveEvent(ctx.app, [{ name: 'Seat', type: 'FREE', quantity: 3 }]);
    const a = (await reserve(ctx.app, event.id, { items: [{ ticket_id: tickets[0]!.id, quantity: 2 }] })).json();
    clock.advance(16 * 60_000);
    // The page already shows the units as free; the sweep gives them back (twice: the second finds nothing).
    expect((await publicEvent(ctx.app, event.id)).tickets[0]!.max_selectable).toBe(3);
    expect(await releaseExpiredHolds(db(), ctx.app.deps.stock)).toBeGreaterThanOrEqual(1);
    expect(await releaseExpiredHolds(db(), ctx.app.deps.stock)).toBe(0);
    expect(await taken(tickets[0]!.id)).toBe(0);
    await consistent();
    // Nobody took them: the late buyer completes (the units are taken again).
    const late = await call(ctx.app, 'PUT', url(event.id, a.data.short_id, '/details'), {
      headers: buyerHeaders(a),
      body: details(a.data),
    });
    expect(late.json().data.status).toBe('COMPLETED');
    expect(await taken(tickets[0]!.id)).toBe(2);

    const b = (await reserve(ctx.app, event.id, { items: [{ ticket_id: tickets[0]!.id, quantity: 1 }] })).json();
    clock.advance(16 * 60_000);
    // Someone else finds the ticket full, releases the abandoned hold and takes the unit.
    expect((await reserve(ctx.app, event.id, { items: [{ ticket_id: tickets[0]!.id, quantity: 1 }] })).statusCode).toBe(
      201,
    );
    const gone = await call(ctx.app, 'PUT', url(event.id, b.data.short_id, '/details'), {
      headers: buyerHeaders(b),
      body: details(b.data),
    });
    expect(gone.json().error).toMatchObject({
      code: 'ORDER_EXPIRED',
      message: 'Sorry, your order has expired. Please start a new order.',
    });
    expect(await taken(tickets[0]!.id)).toBe(3);
    await consistent();
  });
});

describe('absurd orders are refused before any work', () => {
  it.each([
    ['a line of 101', { items: [{ ticket_id: 1, quantity: 101 }] }, 'items.0.quantity', 'Must be at most 100.'],
    [
      '51 lines',
      { items: Array.from({ length: 51 }, (_, i) => ({ ticket_id: i + 1, quantity: 1 })) },
      'items',
      'Choose at most 50.',
    ],
    [
      '101 tickets over several lines',
      {
        items: [
          { ticket_id: 1, quantity: 60 },
          { ticket_id: 2, quantity: 41 },
        ],
      },
      'items',
      'An order can have at most 100 tickets.',
    ],
  ])('%s', async (_label, body, field, message) => {
    const res = await call(ctx.app, 'POST', '/api/public/events/1/order', { body: { ...body, expected_total: 0 } });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.field_errors[field]).toContain(message);
  });

  it('a total past what an order can hold is refused with a message, not a 500', async () => {
    const { event, tickets } = await liveEvent(ctx.app, [{ name: 'Give', type: 'DONATION', min_price: 100 }]);
    const res = await reserve(ctx.app, event.id, {
      items: [{ ticket_id: tickets[0]!.id, quantity: 20, amount: 100_000_000 }],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.field_errors).toEqual({
      items: ['The order total is too large. Split it into smaller orders.'],
    });
  });
});

describe('reconciliation', () => {
  it('finds a counter that drifted from its rows and repairs it', async () => {
    const { u, event, tickets } = await liveEvent(ctx.app, [{ name: 'Seat', type: 'FREE', quantity: 10 }]);
    await placeOrder(ctx.app, { eventId: event.id, organizerToken: u.token }, [
      { ticket_id: tickets[0]!.id, quantity: 3 },
    ]);
    const [onDate] = await rows<{ id: number }>(`select id from ticket_dates where ticket_id = ${tickets[0]!.id}`);
    await db().execute(sql`update ticket_dates set taken = taken + 4 where id = ${onDate!.id}`);
    expect(await findDrift(db(), event.id)).toEqual([
      { kind: 'ticket_date', id: onDate!.id, event_id: event.id, counter: 7, rows: 3, limit: 10 },
    ]);
    await repairDrift(db(), event.id);
    expect(await taken(tickets[0]!.id)).toBe(3);
    expect(await findDrift(db(), event.id)).toEqual([]);
  });

  it('every counter can be rebuilt from its rows (what migration 0017 did, and repairDrift does)', async () => {
    const { u, event, tickets } = await liveEvent(ctx.app, [
      { name: 'Seat', type: 'TIERED', tiers: [{ label: 'A', price: 0, quantity: 9 }] },
    ]);
    await call(ctx.app, 'POST', `/api/events/${event.id}/capacity-assignments`, {
      token: u.token,
      body: { name: 'Hall', capacity: 50, applies_to: 'ALL' },
    });
    await placeOrder(ctx.app, { eventId: event.id, organizerToken: u.token }, [
      { ticket_id: tickets[0]!.id, tier_id: tickets[0]!.tiers[0]!.id, quantity: 2 },
    ]);
    // No counters at all, as before migration 0017; then rebuilt from the rows.
    for (const table of ['ticket_dates', 'event_dates', 'promo_codes'])
      await db().execute(sql.raw(`update ${table} set taken = 0`));
    // Tiers and capacity assignments count per date, in rows the first unit taken makes: none at all.
    for (const table of ['tier_dates', 'capacity_dates']) await db().execute(sql.raw(`delete from ${table}`));
    expect((await findDrift(db(), event.id)).length).toBeGreaterThan(0);
    await repairDrift(db());
    expect(await findDrift(db(), event.id)).toEqual([]);
    expect(await taken(tickets[0]!.id)).toBe(2);
  });
});
