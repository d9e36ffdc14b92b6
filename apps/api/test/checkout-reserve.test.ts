import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { TestClock } from '../src/shared/clock.js';
import { buyerHeaders, details, liveEvent, publicEvent, reserve } from './checkout-factory.js';
import { call, createTestApp, type TestContext } from './test-app.js';

let ctx: TestContext;
const clock = new TestClock(new Date('2027-03-01T12:00:00Z'));
beforeAll(async () => {
  ctx = await createTestApp({ clock });
});
afterAll(() => ctx.close());

const free = { name: 'Lawn', type: 'FREE', quantity: 5, max_per_order: 4 };
const paid = { name: 'Seat', type: 'PAID', price: 2500, quantity: 10 };

describe('the public event', () => {
  it('is 404 while draft and for unknown ids; lists visible tickets with state and price', async () => {
    const { u, event } = await liveEvent(ctx.app, [
      free,
      paid,
      { name: 'Hidden', type: 'FREE', is_hidden: true },
      { name: 'Later', type: 'FREE', sale_start: '2027-04-01T10:00' },
      { name: 'Later hidden', type: 'FREE', sale_start: '2027-04-01T10:00', hide_before_sale_start: true },
    ]);
    const ev = await publicEvent(ctx.app, event.id);
    expect(ev.tickets.map((t) => [t.name, t.sale_state, t.max_selectable])).toEqual([
      ['Lawn', 'ON_SALE', 4],
      ['Seat', 'ON_SALE', 10],
      ['Later', 'SALE_STARTS', 0],
    ]);
    expect(ev.tickets[1]!.unit).toMatchObject({ base: 2500, total: 2500 });
    expect(ev).toMatchObject({
      title: 'Jazz Night',
      promo: null,
      promo_invalid: false,
      url: `/event/${event.id}/jazz-night`,
    });
    expect((await call(ctx.app, 'GET', '/api/public/events/999999')).statusCode).toBe(404);
    await call(ctx.app, 'PUT', `/api/events/${event.id}/status`, { token: u.token, body: { status: 'DRAFT' } });
    const draft = await call(ctx.app, 'GET', `/api/public/events/${event.id}`, { locale: 'de' });
    expect(draft.statusCode).toBe(404);
    expect(draft.json().error.code).toBe('NOT_FOUND');
  });

  it('applies a promo code: discounts, promo-only tickets, invalid and expired codes', async () => {
    const { u, event, tickets } = await liveEvent(ctx.app, [
      paid,
      { name: 'Crew', type: 'FREE', requires_promo_code: true },
    ]);
    const promos = `/api/events/${event.id}/promo-codes`;
    await call(ctx.app, 'POST', promos, {
      token: u.token,
      body: { code: 'Save20-Spring', discount_type: 'PERCENTAGE', discount: 20 },
    });
    await call(ctx.app, 'POST', promos, {
      token: u.token,
      body: { code: 'CREW-PASS', discount_type: 'NONE', ticket_ids: [tickets[1]!.id] },
    });
    await call(ctx.app, 'POST', promos, {
      token: u.token,
      body: { code: 'OLD-EXPIRED', discount_type: 'FIXED', discount: 100, expires_at: '2027-02-01T00:00' },
    });

    expect((await publicEvent(ctx.app, event.id)).tickets.map((t) => t.name)).toEqual(['Seat']);
    const saved = await publicEvent(ctx.app, event.id, 'save20-spring');
    expect(saved.promo).toMatchObject({ code: 'Save20-Spring', discount_type: 'PERCENTAGE', discount: 20 });
    expect(saved.tickets[0]).toMatchObject({ is_discounted: true, unit: { base: 2500, discount: 500, total: 2000 } });
    const crew = await publicEvent(ctx.app, event.id, 'crew-pass');
    expect(crew.tickets.map((t) => [t.name, t.unlocked_by_promo])).toEqual([
      ['Seat', false],
      ['Crew', true],
    ]);
    expect(await publicEvent(ctx.app, event.id, 'NOPE')).toMatchObject({ promo: null, promo_invalid: true });
    expect(await publicEvent(ctx.app, event.id, 'OLD-EXPIRED')).toMatchObject({ promo: null, promo_invalid: true });

    const check = await call(ctx.app, 'GET', `/api/public/events/${event.id}/promo-codes/SAVE20-SPRING`);
    expect(check.json()).toMatchObject({ valid: true, promo: { code: 'Save20-Spring' } });
    expect((await call(ctx.app, 'GET', `/api/public/events/${event.id}/promo-codes/OLD-EXPIRED`)).json()).toEqual({
      valid: false,
      promo: null,
    });
  });
});

describe('reserving', () => {
  it('holds the tickets, prices on the server and answers the buyer order', async () => {
    const { event, tickets } = await liveEvent(ctx.app, [free, paid]);
    const res = await reserve(ctx.app, event.id, {
      items: [
        { ticket_id: tickets[0]!.id, quantity: 2 },
        { ticket_id: tickets[1]!.id, quantity: 1 },
      ],
    });
    expect(res.statusCode).toBe(201);
    const { data, checkout_token } = res.json();
    expect(checkout_token).toMatch(/^[\w-]{40,}$/);
    expect(data).toMatchObject({
      status: 'RESERVED',
      is_expired: false,
      is_owner: true,
      can_extend: true,
      totals: { subtotal: 2500, discount: 0, total: 2500 },
      reserved_until: '2027-03-01T12:15:00.000Z',
      details_complete: false,
    });
    expect(data.order_number).toMatch(/^O-[A-Z2-9]{8}$/);
    expect(data.attendees).toHaveLength(3);
    const listed = (
      await call(ctx.app, 'GET', `/api/events/${event.id}/tickets`, { token: (await liveEvent(ctx.app, [])).u.token })
    ).statusCode;
    expect(listed).toBe(404);
    const ev = await publicEvent(ctx.app, event.id);
    expect(ev.tickets.map((t) => t.max_selectable)).toEqual([3, 9]);
  });

  it('enforces every sale rule with field errors', async () => {
    const { event, tickets } = await liveEvent(ctx.app, [
      { ...free, min_per_order: 2 },
      { name: 'Gift', type: 'DONATION', min_price: 500 },
      { name: 'Later', type: 'FREE', sale_start: '2027-04-01T10:00' },
      { name: 'Tiers', type: 'TIERED', tiers: [{ label: 'Early', price: 1000 }] },
    ]);
    const items = (extra: object[]) => extra as never;
    const none = await reserve(ctx.app, event.id, { items: [], expected_total: 0 }, {});
    expect(none.statusCode).toBe(422);
    expect(none.json().error.field_errors).toEqual({ items: ['Please select at least one ticket.'] });
    const r = await reserve(ctx.app, event.id, {
      items: items([
        { ticket_id: tickets[0]!.id, quantity: 1 },
        { ticket_id: tickets[1]!.id, quantity: 1, amount: 200 },
        { ticket_id: tickets[2]!.id, quantity: 1 },
        { ticket_id: tickets[3]!.id, quantity: 1 },
      ]),
      expected_total: 0,
    });
    expect(r.statusCode).toBe(422);
    expect(r.json().error.field_errors).toEqual({
      'items.0.quantity': ['Must be at least 2.'],
      'items.1.amount': ['Enter at least the minimum amount.'],
      'items.2': ['This ticket is not on sale.'],
      'items.3.tier_id': ['This choice does not exist.'],
    });
    const max = await reserve(ctx.app, event.id, {
      items: [{ ticket_id: tickets[0]!.id, quantity: 5 }],
      expected_total: 0,
    });
    expect(max.json().error.field_errors).toEqual({ 'items.0.quantity': ['Must be at most 4.'] });
    const price = await reserve(ctx.app, event.id, {
      items: [{ ticket_id: tickets[1]!.id, quantity: 1, amount: 800 }],
      expected_total: 500,
    });
    expect(price.statusCode).toBe(409);
    expect(price.json().error.code).toBe('PRICE_CHANGED');
    const gift = await reserve(ctx.app, event.id, { items: [{ ticket_id: tickets[1]!.id, quantity: 2, amount: 800 }] });
    expect(gift.json().data.totals.total).toBe(1600);
    const badPromo = await reserve(ctx.app, event.id, {
      items: [{ ticket_id: tickets[0]!.id, quantity: 2 }],
      promo_code: 'NOPE',
      expected_total: 0,
    });
    expect(badPromo.json().error.field_errors).toEqual({ promo_code: ['That promo code is invalid.'] });
  });

  it('refuses what is not left; expired holds give their tickets back', async () => {
    const { event, tickets } = await liveEvent(ctx.app, [free]);
    const first = await reserve(ctx.app, event.id, { items: [{ ticket_id: tickets[0]!.id, quantity: 4 }] });
    expect(first.statusCode).toBe(201);
    const second = await reserve(ctx.app, event.id, { items: [{ ticket_id: tickets[0]!.id, quantity: 2 }] }, {});
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toMatchObject({
      code: 'NO_TICKETS_AVAILABLE',
      message: expect.stringContaining('not enough tickets'),
    });
    clock.advance(15 * 60_000);
    const later = await reserve(ctx.app, event.id, { items: [{ ticket_id: tickets[0]!.id, quantity: 2 }] });
    expect(later.statusCode).toBe(201);
    const stale = await call(ctx.app, 'GET', `/api/public/events/${event.id}/order/${first.json().data.short_id}`, {
      headers: buyerHeaders(first.json()),
    });
    expect(stale.json().data).toMatchObject({ status: 'RESERVED', is_expired: true });
    const late = await call(
      ctx.app,
      'PUT',
      `/api/public/events/${event.id}/order/${first.json().data.short_id}/details`,
      { headers: buyerHeaders(first.json()), body: details(first.json().data) },
    );
    expect(late.json().error).toMatchObject({
      code: 'ORDER_EXPIRED',
      message: 'Sorry, your order has expired. Please start a new order.',
    });
  });

  it('a new reservation from the same checkout replaces its earlier hold', async () => {
    const { event, tickets } = await liveEvent(ctx.app, [free]);
    const first = (await reserve(ctx.app, event.id, { items: [{ ticket_id: tickets[0]!.id, quantity: 4 }] })).json();
    const again = await reserve(
      ctx.app,
      event.id,
      { items: [{ ticket_id: tickets[0]!.id, quantity: 3 }] },
      buyerHeaders(first),
    );
    expect(again.statusCode).toBe(201);
    expect(again.json().checkout_token).toBe(first.checkout_token);
    const old = await call(ctx.app, 'GET', `/api/public/events/${event.id}/order/${first.data.short_id}`, {
      headers: buyerHeaders(first),
    });
    expect(old.json().data.status).toBe('ABANDONED');
    expect((await publicEvent(ctx.app, event.id)).tickets[0]!.max_selectable).toBe(2);
  });

  it('a repeated Idempotency-Key returns the first answer and reserves once', async () => {
    const { event, tickets } = await liveEvent(ctx.app, [free]);
    const body = { items: [{ ticket_id: tickets[0]!.id, quantity: 2 }] };
    const a = await reserve(ctx.app, event.id, body, { 'idempotency-key': 'click-1' });
    const b = await reserve(ctx.app, event.id, body, { 'idempotency-key': 'click-1' });
    expect(b.statusCode).toBe(201);
    expect(b.json()).toEqual(a.json());
    expect((await publicEvent(ctx.app, event.id)).tickets[0]!.max_selectable).toBe(3);
    const other = await reserve(
      ctx.app,
      event.id,
      { items: [{ ticket_id: tickets[0]!.id, quantity: 1 }] },
      { 'idempotency-key': 'click-1' },
    );
    expect(other.statusCode).toBe(422);
    expect(other.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('an ended event sells nothing', async () => {
    const { event, tickets } = await liveEvent(ctx.app, [free], {
      start_date: '2027-02-01T19:00',
      end_date: '2027-02-01T23:00',
    });
    const res = await reserve(ctx.app, event.id, {
      items: [{ ticket_id: tickets[0]!.id, quantity: 1 }],
      expected_total: 0,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('EVENT_UNAVAILABLE');
  });
});
