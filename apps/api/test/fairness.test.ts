import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { TestClock } from '../src/shared/clock.js';
import { buyerHeaders, details, liveEvent } from './checkout-factory.js';
import { call, createTestApp, type TestContext } from './test-app.js';

/**
 * One client may not hold an event's stock (the review: 50 reservations from one client in 2.3 s held
 * 200 of 200 units for 30 minutes). Per client address, and per checkout: at most so many units held
 * in unfinished checkouts, and so many reservations a minute; the refusal says which and when to try
 * again. Other buyers are not affected; the organizer sets the caps per event (or none).
 */
let ctx: TestContext;
const clock = new TestClock(new Date('2027-03-01T12:00:00Z'));
beforeAll(async () => {
  ctx = await createTestApp({ clock });
});
afterAll(() => ctx.close());

const reserveFrom = (
  eventId: number,
  ip: string,
  ticketId: number,
  quantity: number,
  headers: Record<string, string> = {},
) =>
  call(ctx.app, 'POST', `/api/public/events/${eventId}/order`, {
    ip,
    headers,
    body: { items: [{ ticket_id: ticketId, quantity }], expected_total: 0 },
  });

describe('fairness caps per client', () => {
  it('one address cannot hold everything: 50 quick reservations of 4 hold at most the cap; others still buy', async () => {
    const { event, tickets } = await liveEvent(
      ctx.app,
      [{ name: 'Seat', type: 'FREE', quantity: 200, max_per_order: 4 }],
      {},
      { fairness: true },
    );
    const answers = [];
    for (let i = 0; i < 50; i++) answers.push(await reserveFrom(event.id, '203.0.113.7', tickets[0]!.id, 4));
    const ok = answers.filter((a) => a.statusCode === 201).length;
    expect(ok).toBe(5); // 20 units held at most (the default cap)
    const refused = answers.find((a) => a.statusCode === 429)!;
    expect(refused.json().error).toMatchObject({
      code: 'CLIENT_HOLD_LIMIT',
      message:
        'You are already holding 20 tickets for this event in unfinished orders (at most 20 at once). Complete or leave one of them first, or wait until it runs out.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    // Another buyer, another address: untouched.
    expect((await reserveFrom(event.id, '198.51.100.9', tickets[0]!.id, 4)).statusCode).toBe(201);
    // The refusal is translated.
    const de = await call(ctx.app, 'POST', `/api/public/events/${event.id}/order`, {
      ip: '203.0.113.7',
      locale: 'de',
      body: { items: [{ ticket_id: tickets[0]!.id, quantity: 1 }], expected_total: 0 },
    });
    expect(de.json().error.message).toMatch(/^Sie halten für diese Veranstaltung bereits 20 Tickets/);
  });

  it('finishing a checkout frees its units from the cap; holds that run out do too', async () => {
    const { event, tickets } = await liveEvent(
      ctx.app,
      [{ name: 'Seat', type: 'FREE', quantity: 100, max_per_order: 10 }],
      {},
      { fairness: true },
    );
    const ip = '203.0.113.20';
    const a = (await reserveFrom(event.id, ip, tickets[0]!.id, 10)).json();
    const b = (await reserveFrom(event.id, ip, tickets[0]!.id, 10)).json();
    expect((await reserveFrom(event.id, ip, tickets[0]!.id, 1)).json().error.code).toBe('CLIENT_HOLD_LIMIT');
    const done = await call(ctx.app, 'PUT', `/api/public/events/${event.id}/order/${a.data.short_id}/details`, {
      ip,
      headers: buyerHeaders(a),
      body: details(a.data),
    });
    expect(done.json().data.status).toBe('COMPLETED');
    expect((await reserveFrom(event.id, ip, tickets[0]!.id, 10)).statusCode).toBe(201);
    expect((await reserveFrom(event.id, ip, tickets[0]!.id, 1)).json().error.code).toBe('CLIENT_HOLD_LIMIT');
    clock.advance(16 * 60_000);
    expect((await reserveFrom(event.id, ip, tickets[0]!.id, 10)).statusCode).toBe(201);
    void b;
  });

  it('a buyer choosing again in the same checkout replaces the earlier hold instead of adding to it', async () => {
    const { event, tickets } = await liveEvent(
      ctx.app,
      [{ name: 'Seat', type: 'FREE', quantity: 100, max_per_order: 20 }],
      {},
      { fairness: true },
    );
    const ip = '203.0.113.30';
    const first = (await reserveFrom(event.id, ip, tickets[0]!.id, 15)).json();
    const again = await reserveFrom(event.id, ip, tickets[0]!.id, 18, buyerHeaders(first));
    expect(again.statusCode).toBe(201);
    // The very same choice again: nothing to take or give back, and still a new hold in its place.
    const same = await reserveFrom(event.id, ip, tickets[0]!.id, 18, buyerHeaders(first));
    expect(same.statusCode).toBe(201);
    expect(same.json().data.short_id).not.toBe(again.json().data.short_id);
  });

  it('at most so many reservations a minute, by address and by checkout; the next minute may reserve again', async () => {
    const { u, event, tickets } = await liveEvent(
      ctx.app,
      [{ name: 'Seat', type: 'FREE', quantity: 1000 }],
      {},
      { fairness: true },
    );
    await call(ctx.app, 'PUT', `/api/events/${event.id}/settings`, {
      token: u.token,
      body: { client_reservation_limit: 3, client_hold_limit: null },
    });
    const ip = '203.0.113.40';
    for (let i = 0; i < 3; i++) expect((await reserveFrom(event.id, ip, tickets[0]!.id, 1)).statusCode).toBe(201);
    const fourth = await reserveFrom(event.id, ip, tickets[0]!.id, 1);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error).toMatchObject({
      code: 'CLIENT_RESERVATION_LIMIT',
      message:
        'Too many reservations for this event from your connection in the last minute (at most 3). Please wait a moment and try again.',
    });
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(fourth.headers['retry-after'])).toBeLessThanOrEqual(60);
    // The same checkout from another address (a phone moving between networks) is the same client.
    const other = (await reserveFrom(event.id, '203.0.113.41', tickets[0]!.id, 1)).json();
    for (let i = 0; i < 2; i++)
      expect(
        (await reserveFrom(event.id, `203.0.113.${50 + i}`, tickets[0]!.id, 1, buyerHeaders(other))).statusCode,
      ).toBe(201);
    expect(
      (await reserveFrom(event.id, '203.0.113.60', tickets[0]!.id, 1, buyerHeaders(other))).json().error.code,
    ).toBe('CLIENT_RESERVATION_LIMIT');
    clock.advance(61_000);
    expect((await reserveFrom(event.id, ip, tickets[0]!.id, 1)).statusCode).toBe(201);
  });

  it('the organizer sets the caps per event, or none; bad values are marked', async () => {
    const { u, event, tickets } = await liveEvent(
      ctx.app,
      [{ name: 'Seat', type: 'FREE', quantity: 500, max_per_order: 50 }],
      {},
      { fairness: true },
    );
    const read = async () =>
      (await call(ctx.app, 'GET', `/api/events/${event.id}`, { token: u.token })).json().data.settings;
    expect(await read()).toMatchObject({ client_hold_limit: 20, client_reservation_limit: 20 });
    const bad = await call(ctx.app, 'PUT', `/api/events/${event.id}/settings`, {
      token: u.token,
      body: { client_hold_limit: 0, client_reservation_limit: 2.5 },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().error.field_errors).sort()).toEqual([
      'client_hold_limit',
      'client_reservation_limit',
    ]);
    expect(
      (
        await call(ctx.app, 'PUT', `/api/events/${event.id}/settings`, {
          token: u.token,
          body: { client_hold_limit: null, client_reservation_limit: null },
        })
      ).statusCode,
    ).toBe(200);
    expect(await read()).toMatchObject({ client_hold_limit: null, client_reservation_limit: null });
    // No caps: a box office selling from one address is never stopped.
    for (let i = 0; i < 25; i++)
      expect((await reserveFrom(event.id, '203.0.113.70', tickets[0]!.id, 10)).statusCode).toBe(201);
  });
});
