import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { orders } from '../../src/db/schema/index.js';
import { TestClock } from '../../src/shared/clock.js';
import { details, liveEvent } from '../checkout-factory.js';
import { call, createTestApp, mailSettled, type TestContext } from '../test-app.js';

/**
 * The checkout's Idempotency-Key is the client's own (issue #37, hole 1). Before the fix a key was kept
 * per event: anyone who repeated another buyer's key and body got that buyer's answer, with the order's
 * secret and checkout token, even after the order was completed, and could then redirect its tickets.
 * Now a key belongs to the checkout token that sent it, or (without one) to the sending address: the
 * same key from another client is a new reservation of its own, a repeat from the same client is
 * answered only while its checkout is still open, and a checkout step checks the order's secret before
 * it looks at any key.
 */

let ctx: TestContext;
const clock = new TestClock(new Date('2027-03-01T12:00:00Z'));
beforeAll(async () => {
  ctx = await createTestApp({ clock });
}, 60_000);
afterAll(() => ctx.close());

const SECRET = 'x-order-secret';
const TOKEN = 'x-checkout-token';
const KEY = 'idempotency-key';
const url = (eventId: number, shortId: string, rest = '') => `/api/public/events/${eventId}/order/${shortId}${rest}`;

interface Reservation {
  data: { short_id: string; status: string; attendees: Array<{ short_id: string }> };
  checkout_token: string;
  order_secret: string;
}

const BUYER_IP = '198.51.100.7';
const OTHER_IP = '203.0.113.99';

async function freeEvent() {
  const { event, tickets } = await liveEvent(ctx.app, [{ name: 'Lawn', type: 'FREE', quantity: 50 }]);
  const body = { items: [{ ticket_id: tickets[0]!.id, quantity: 1 }], expected_total: 0 };
  const post = (headers: Record<string, string>, ip: string, b: unknown = body) =>
    call(ctx.app, 'POST', `/api/public/events/${event.id}/order`, { body: b, headers, ip });
  return { event, tickets, body, post };
}

/** Nothing of the first buyer's reservation is in an answer. */
function expectNothingOf(first: Reservation, res: { body: string }) {
  expect(res.body).not.toContain(first.order_secret);
  expect(res.body).not.toContain(first.checkout_token);
  expect(res.body).not.toContain(first.data.short_id);
}

describe('a reservation key belongs to the client that sent it', () => {
  it('the same key and body from another address is a new reservation; the same address gets its own answer again', async () => {
    const { event, post } = await freeEvent();
    const first = await post({ [KEY]: 'shared-key-1' }, BUYER_IP);
    expect(first.statusCode).toBe(201);
    const a = first.json<Reservation>();

    // The buyer's network retry (no token yet: the answer was lost): its own answer, secret and all.
    const retry = await post({ [KEY]: 'shared-key-1' }, BUYER_IP);
    expect(retry.statusCode).toBe(201);
    expect(retry.json<Reservation>()).toMatchObject({
      order_secret: a.order_secret,
      checkout_token: a.checkout_token,
      data: { short_id: a.data.short_id },
    });

    // Another address with the same key and body: a reservation of its own, nothing of the buyer's.
    const other = await post({ [KEY]: 'shared-key-1' }, OTHER_IP);
    expect(other.statusCode).toBe(201);
    expectNothingOf(a, other);
    // Another checkout token (from any address) is another client too.
    for (const ip of [BUYER_IP, OTHER_IP]) {
      const tokened = await post({ [KEY]: 'shared-key-1', [TOKEN]: `someone-elses-token-${ip}` }, ip);
      expect(tokened.statusCode).toBe(201);
      expectNothingOf(a, tokened);
    }
    // An empty token is no token: not one checkout shared by everyone who sends it.
    const empty1 = (await post({ [KEY]: 'empty-token', [TOKEN]: '' }, OTHER_IP)).json<Reservation>();
    expect(empty1.checkout_token).not.toBe('');
    const empty2 = await post({ [KEY]: 'empty-token', [TOKEN]: '' }, '192.0.2.55');
    expect(empty2.statusCode).toBe(201);
    expectNothingOf(empty1, empty2);

    const rows = await ctx.app.deps.database.db
      .select({ short: orders.short_id })
      .from(orders)
      .where(eq(orders.event_id, event.id));
    expect(rows).toHaveLength(6);
  });

  it("with a checkout token the key is that checkout's: its retry (from anywhere) gets its answer, another token or none does not", async () => {
    const { post } = await freeEvent();
    const token = 'a-checkout-token-of-the-buyers-own-making-0123456789';
    const a = (await post({ [KEY]: 'token-key', [TOKEN]: token }, BUYER_IP)).json<Reservation>();
    expect(a.checkout_token).toBe(token);

    const retry = await post({ [KEY]: 'token-key', [TOKEN]: token }, OTHER_IP);
    expect(retry.statusCode).toBe(201);
    expect(retry.json<Reservation>()).toMatchObject({
      order_secret: a.order_secret,
      data: { short_id: a.data.short_id },
    });

    for (const [headers, ip] of [
      [{ [KEY]: 'token-key', [TOKEN]: `${token}-not` }, BUYER_IP],
      [{ [KEY]: 'token-key' }, BUYER_IP],
      [{ [KEY]: 'token-key' }, OTHER_IP],
    ] as const) {
      const res = await post(headers, ip);
      expect(res.statusCode).toBe(201);
      expect(res.body).not.toContain(a.order_secret);
      expect(res.json<Reservation>().data.short_id).not.toBe(a.data.short_id);
    }
  });

  it('after the order is completed nobody gets its secret by repeating the key, not even from the same address', async () => {
    const { event, post } = await freeEvent();
    const a = (await post({ [KEY]: 'done-key' }, BUYER_IP)).json<Reservation>();
    const done = await call(ctx.app, 'PUT', url(event.id, a.data.short_id, '/details'), {
      headers: { [TOKEN]: a.checkout_token, [SECRET]: a.order_secret },
      body: details(a.data as never),
      ip: BUYER_IP,
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().data.status).toBe('COMPLETED');

    // Another address: a new reservation of its own.
    const other = await post({ [KEY]: 'done-key' }, OTHER_IP);
    expect(other.statusCode).toBe(201);
    expectNothingOf(a, other);
    // The same address (a shared network): the checkout is over, so the repeat is not a lost answer: 404.
    const same = await post({ [KEY]: 'done-key' }, BUYER_IP);
    expect(same.statusCode).toBe(404);
    expectNothingOf(a, same);

    // The ticket cannot be redirected: the attacker's reservation opens only its own order.
    const o = other.json<Reservation>();
    const redirect = await call(ctx.app, 'PUT', url(event.id, a.data.short_id, '/details'), {
      headers: { [TOKEN]: o.checkout_token, [SECRET]: o.order_secret },
      body: details(a.data as never, { email: 'thief@evil.test' }),
      ip: OTHER_IP,
    });
    expect(redirect.statusCode).toBe(404);
    const [row] = await ctx.app.deps.database.db
      .select({ email: orders.email })
      .from(orders)
      .where(eq(orders.short_id, a.data.short_id));
    expect(row!.email).toBe('grace@example.test');
  });
});

describe('a checkout step key', () => {
  it("is looked at only after the order's secret: without it a repeat is 404 whatever the key and body", async () => {
    const { event, post } = await freeEvent();
    const a = (await post({}, BUYER_IP)).json<Reservation>();
    const body = details(a.data as never);
    const owner = { [TOKEN]: a.checkout_token, [SECRET]: a.order_secret, [KEY]: 'step-key' };
    const first = await call(ctx.app, 'PUT', url(event.id, a.data.short_id, '/details'), {
      headers: owner,
      body,
      ip: BUYER_IP,
    });
    expect(first.statusCode).toBe(200);
    await mailSettled(ctx.app);
    const mailsBefore = ctx.smtp.received.length;

    // The owner's retry: the first answer, nothing done twice (no second confirmation mail).
    const retry = await call(ctx.app, 'PUT', url(event.id, a.data.short_id, '/details'), {
      headers: owner,
      body,
      ip: BUYER_IP,
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data.status).toBe('COMPLETED');
    await mailSettled(ctx.app);
    expect(ctx.smtp.received.length).toBe(mailsBefore);

    // Without the secret: 404, the same body or another (no IDEMPOTENCY_KEY_REUSED telling that the key was used).
    const missing = await call(ctx.app, 'PUT', url(event.id, 'NOSUCHORDER', '/details'), {
      headers: { [KEY]: 'step-key' },
      body,
      ip: OTHER_IP,
    });
    expect(missing.statusCode).toBe(404);
    for (const b of [body, { ...body, email: 'thief@evil.test' }]) {
      const without: Array<Record<string, string>> = [
        { [KEY]: 'step-key' },
        { [KEY]: 'step-key', [TOKEN]: a.checkout_token },
        { [KEY]: 'step-key', [SECRET]: 'wrong' },
      ];
      for (const headers of without) {
        const res = await call(ctx.app, 'PUT', url(event.id, a.data.short_id, '/details'), {
          headers,
          body: b,
          ip: BUYER_IP,
        });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual(missing.json());
      }
    }
    // With the secret but from another client: the step is checked again (the order is done), not replayed as a
    // success.
    const elsewhere = await call(ctx.app, 'PUT', url(event.id, a.data.short_id, '/details'), {
      headers: { [SECRET]: a.order_secret, [KEY]: 'step-key' },
      body,
      ip: OTHER_IP,
    });
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.body).not.toContain(a.checkout_token);
  });
});
