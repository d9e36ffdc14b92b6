import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { liveEvent, reserve } from '../checkout-factory.js';
import { call, createTestApp, type TestContext } from '../test-app.js';
import { fakeWebDist } from '../web-dist.js';

/**
 * Issue 37, hole 5: the public promo check had no limit, codes could be 3 characters and matching
 * ignores case, so one client tried ~500 codes a second and found a 100% code unlocking a hidden ticket.
 * Wrong codes now count per client address (PROMO_MISSES_PER_CLIENT per PROMO_MISS_WINDOW_SECONDS) and
 * per event (PROMO_MISSES_PER_EVENT a minute, all clients together) in the shared rate-limit store; past
 * either every try (a right code too: a 429 must not tell a hit from a miss) is answered 429 RATE_LIMITED
 * with Retry-After: the check, the event's JSON and page (which then show the event without the code,
 * still 200) and a reservation carrying a code. Right codes do not count. A code giving 100% off or
 * unlocking a hidden ticket must have at least 8 characters.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({
    webDistDir: fakeWebDist().dir,
    env: { PROMO_MISSES_PER_CLIENT: '5', PROMO_MISS_WINDOW_SECONDS: '600', PROMO_MISSES_PER_EVENT: '12' },
  });
});
afterAll(() => ctx.close());

const RIGHT = 'Open-Sesame-2027';
let client = 0;
const newClient = () => `198.51.100.${++client}`;

/** A live event with a visible ticket and a hidden one that a 100% code unlocks. */
async function eventWithSecretCode() {
  const { u, event, tickets } = await liveEvent(ctx.app, [
    { name: 'Stalls', type: 'PAID', price: 2000, quantity: 50 },
    { name: 'Backstage pass', type: 'PAID', price: 9000, quantity: 5, requires_promo_code: true },
  ]);
  const promo = await call(ctx.app, 'POST', `/api/events/${event.id}/promo-codes`, {
    token: u.token,
    body: { code: RIGHT, discount_type: 'PERCENTAGE', discount: 100, ticket_ids: [tickets[1]!.id] },
  });
  expect(promo.statusCode).toBe(201);
  return { u, event, visible: tickets[0]!, hidden: tickets[1]! };
}

const check = (eventId: number, code: string, ip: string) =>
  call(ctx.app, 'GET', `/api/public/events/${eventId}/promo-codes/${encodeURIComponent(code)}`, { ip });

describe('guessing promo codes', () => {
  it('a client trying wrong codes gets 429 with Retry-After, for the right code too; a fresh client still gets the right code', async () => {
    const { event } = await eventWithSecretCode();
    const ip = newClient();
    for (let i = 0; i < 5; i++) {
      const miss = await check(event.id, `GUESS${i}`, ip);
      expect(miss.statusCode).toBe(200);
      expect(miss.json().valid).toBe(false);
    }
    const past = await check(event.id, 'GUESS5', ip);
    expect(past.statusCode).toBe(429);
    expect(past.json().error.code).toBe('RATE_LIMITED');
    expect(Number(past.headers['retry-after'])).toBeGreaterThan(0);
    // The right code is refused the same: the answer tells nothing.
    const hit = await check(event.id, RIGHT.toLowerCase(), ip);
    expect(hit.statusCode).toBe(429);
    expect(hit.json()).toEqual(past.json());
    // Another client under the limit: the code works (any case: buyers type codes by hand), and hits do not count.
    const fresh = newClient();
    for (let i = 0; i < 8; i++) expect((await check(event.id, RIGHT.toUpperCase(), fresh)).json().valid).toBe(true);
  });

  it("the page's ?promo_code=, the event's JSON and a reservation count and are limited the same; the page still answers 200", async () => {
    const { event, hidden } = await eventWithSecretCode();
    const ip = newClient();
    for (let i = 0; i < 3; i++)
      expect((await call(ctx.app, 'GET', `/event/${event.id}/x?promo_code=PAGE${i}`, { ip })).statusCode).toBe(200);
    expect(
      (await call(ctx.app, 'GET', `/api/public/events/${event.id}?promo_code=JSON1`, { ip })).json().data.promo_invalid,
    ).toBe(true);
    const wrongReservation = await call(ctx.app, 'POST', `/api/public/events/${event.id}/order`, {
      ip,
      body: { items: [{ ticket_id: hidden.id, quantity: 1 }], promo_code: 'RES1', expected_total: 0 },
    });
    expect(wrongReservation.statusCode).toBe(422);
    // Five misses: the right code is no longer applied for this client.
    const page = await call(ctx.app, 'GET', `/event/${event.id}/x?promo_code=${RIGHT}`, { ip });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('Backstage pass');
    const json = await call(ctx.app, 'GET', `/api/public/events/${event.id}?promo_code=${RIGHT}`, { ip });
    expect(json.statusCode).toBe(200);
    expect(json.json().data).toMatchObject({ promo: null });
    expect(json.json().data.tickets.map((t: { name: string }) => t.name)).toEqual(['Stalls']);
    const reservation = await call(ctx.app, 'POST', `/api/public/events/${event.id}/order`, {
      ip,
      body: { items: [{ ticket_id: hidden.id, quantity: 1 }], promo_code: RIGHT, expected_total: 0 },
    });
    expect(reservation.statusCode).toBe(429);
    expect(reservation.json().error.code).toBe('RATE_LIMITED');
    expect(Number(reservation.headers['retry-after'])).toBeGreaterThan(0);
    // A fresh client reserves with it.
    expect(
      (await reserve(ctx.app, event.id, { items: [{ ticket_id: hidden.id, quantity: 1 }], promo_code: RIGHT }))
        .statusCode,
    ).toBe(201);
  });

  it('many clients together stop at the per-event cap; other events are not affected', async () => {
    const { event } = await eventWithSecretCode();
    const other = await eventWithSecretCode();
    for (let i = 0; i < 12; i++) expect((await check(event.id, `BOTNET${i}`, newClient())).json().valid).toBe(false);
    const past = await check(event.id, 'BOTNET12', newClient());
    expect(past.statusCode).toBe(429);
    expect(Number(past.headers['retry-after'])).toBeGreaterThan(0);
    expect((await check(event.id, RIGHT, newClient())).statusCode).toBe(429);
    expect((await check(other.event.id, RIGHT, newClient())).json().valid).toBe(true);
  });

  it('refuses a short code that gives 100% off or unlocks a hidden ticket, on its field; short ordinary codes stay allowed', async () => {
    const { u, event, visible, hidden } = await eventWithSecretCode();
    const save = (body: Record<string, unknown>) =>
      call(ctx.app, 'POST', `/api/events/${event.id}/promo-codes`, { token: u.token, body });
    const rule = ['Codes that give 100% off or unlock hidden tickets need at least 8 characters.'];
    for (const body of [
      { code: 'FREE', discount_type: 'PERCENTAGE', discount: 100 },
      { code: 'VIP', discount_type: 'NONE', ticket_ids: [hidden.id] },
    ]) {
      const res = await save(body);
      expect(res.statusCode).toBe(422);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
      expect(res.json().error.field_errors).toEqual({ code: rule });
    }
    // Every ticket, the hidden one among them.
    expect(
      (await save({ code: 'ALL10', discount_type: 'PERCENTAGE', discount: 10 })).json().error.field_errors,
    ).toEqual({ code: rule });
    expect(
      (await save({ code: 'TEN', discount_type: 'PERCENTAGE', discount: 10, ticket_ids: [visible.id] })).statusCode,
    ).toBe(201);
    expect((await save({ code: 'FREE-2027', discount_type: 'PERCENTAGE', discount: 100 })).statusCode).toBe(201);
  });
});
