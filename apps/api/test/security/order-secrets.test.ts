import { readFileSync } from 'node:fs';
import path from 'node:path';

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { events, orders } from '../../src/db/schema/index.js';
import { TestClock } from '../../src/shared/clock.js';
import { details, liveEvent, reserve } from '../checkout-factory.js';
import { call, createTestApp, mailSettled, type TestContext } from '../test-app.js';

/**
 * The order page by secret (issue 18, item 3). Before the fix, anyone with an order's short id (or one
 * attendee's ticket link, which names the order) saw the whole order: co-attendees' names, e-mails,
 * answers and QR codes. Now every public order route needs the order's secret (`X-Order-Secret`),
 * a wrong or missing one is answered exactly like an order that does not exist, a ticket link shows
 * only its own attendee, and an old link without the secret can only ask for a fresh one by e-mail.
 */

let ctx: TestContext;
const clock = new TestClock(new Date('2027-03-01T12:00:00Z'));
beforeAll(async () => {
  ctx = await createTestApp({ clock });
}, 60_000);
afterAll(() => ctx.close());

const SECRET = 'x-order-secret';
const TOKEN = 'x-checkout-token';
const url = (eventId: number, shortId: string, rest = '') => `/api/public/events/${eventId}/order/${shortId}${rest}`;

interface Reservation {
  data: { short_id: string; attendees: Array<{ short_id: string }> };
  checkout_token: string;
  order_secret: string;
}

/** A free order of two attendees with distinct names, addresses and an answer each, completed. */
async function twoPersonOrder(tag: string) {
  const { u, event, tickets } = await liveEvent(
    ctx.app,
    [
      { name: 'Lawn', type: 'FREE', quantity: 20 },
      { name: 'Seat', type: 'PAID', price: 2500, quantity: 20 },
    ],
    { title: `Secret Night ${tag}` },
  );
  await ctx.app.deps.database.db
    .update(events)
    .set({ offline_payments_enabled: true, offline_payment_instructions: '<p>Pay at the door</p>' })
    .where(eq(events.id, event.id));
  ctx.app.deps.publicEvents.invalidate(event.id);
  const question = (
    await call(ctx.app, 'POST', `/api/events/${event.id}/questions`, {
      token: u.token,
      body: { title: 'Allergies', type: 'SINGLE_LINE_TEXT', applies_to: 'ATTENDEE' },
    })
  ).json().data;
  const res = await reserve(ctx.app, event.id, { items: [{ ticket_id: tickets[0]!.id, quantity: 2 }] });
  expect(res.statusCode).toBe(201);
  const r = res.json<Reservation>();
  const people = {
    buyer: { first_name: 'Beatrix', last_name: 'Buyer', email: `beatrix-${tag}@buyer.test` },
    first: { first_name: 'Alfonso', last_name: 'Firstling', email: `alfonso-${tag}@one.test` },
    second: { first_name: 'Zenobia', last_name: 'Secondo', email: `zenobia-${tag}@two.test` },
  };
  const body = {
    ...people.buyer,
    attendees: [
      { short_id: r.data.attendees[0]!.short_id, ...people.first, answers: { [question.id]: 'peanuts-of-alfonso' } },
      { short_id: r.data.attendees[1]!.short_id, ...people.second, answers: { [question.id]: 'shellfish-of-zenobia' } },
    ],
    answers: {},
  };
  const done = await call(ctx.app, 'PUT', url(event.id, r.data.short_id, '/details'), {
    headers: { [TOKEN]: r.checkout_token, [SECRET]: r.order_secret },
    body,
  });
  expect(done.statusCode).toBe(200);
  expect(done.json().data.status).toBe('COMPLETED');
  return { u, event, tickets, r, people, attendees: r.data.attendees.map((a) => a.short_id) };
}

/** A paid order with its details in (RESERVED, at the payment step). */
async function payingOrder(eventId: number, ticketId: number) {
  const r = (await reserve(ctx.app, eventId, { items: [{ ticket_id: ticketId, quantity: 1 }] })).json<Reservation>();
  const headers = { [TOKEN]: r.checkout_token, [SECRET]: r.order_secret };
  const d = await call(ctx.app, 'PUT', url(eventId, r.data.short_id, '/details'), {
    headers,
    body: details(r.data as never, { email: `payer-${r.data.short_id}@example.test`.toLowerCase() }),
  });
  expect(d.statusCode).toBe(200);
  return { r, headers };
}

/** Every public route that answers with (or acts on) a whole order, as [method, path suffix, body]. */
const ORDER_ROUTES: Array<['GET' | 'POST' | 'PUT', string, unknown]> = [
  ['GET', '', undefined],
  ['PUT', '/details', 'details'],
  ['POST', '/extend', {}],
  ['POST', '/files?question_id=1', {}],
  ['POST', '/offline-payment', {}],
  ['POST', '/card-payment', {}],
  ['POST', '/card-payment/sync', {}],
];

const notFoundBody = async (eventId: number) => (await call(ctx.app, 'GET', url(eventId, 'no-such-order'))).json();

describe('the order secret', () => {
  it('comes with the reservation: random, at least 128 bits, one per order', async () => {
    const { event, tickets } = await liveEvent(ctx.app, [{ name: 'Lawn', type: 'FREE', quantity: 10 }]);
    const a = (
      await reserve(ctx.app, event.id, { items: [{ ticket_id: tickets[0]!.id, quantity: 1 }] })
    ).json<Reservation>();
    const b = (
      await reserve(ctx.app, event.id, { items: [{ ticket_id: tickets[0]!.id, quantity: 1 }] })
    ).json<Reservation>();
    for (const s of [a.order_secret, b.order_secret]) {
      expect(s).toMatch(/^[A-Za-z0-9_-]+$/);
      // base64url: 6 bits a character; hex: 4.
      expect(s.length * (/^[0-9a-f]+$/.test(s) ? 4 : 6)).toBeGreaterThanOrEqual(128);
    }
    expect(a.order_secret).not.toBe(b.order_secret);
    expect(a.order_secret).not.toBe(a.checkout_token);
    // Not in the order itself (it is not for the ticket pages or anyone the order is shown to).
    expect(JSON.stringify(a.data)).not.toContain(a.order_secret);
  });

  it('a repeated reservation (same idempotency key) answers the same secret', async () => {
    const { event, tickets } = await liveEvent(ctx.app, [{ name: 'Lawn', type: 'FREE', quantity: 10 }]);
    const body = { items: [{ ticket_id: tickets[0]!.id, quantity: 1 }] };
    const first = (await reserve(ctx.app, event.id, body, { 'idempotency-key': 'again-1' })).json<Reservation>();
    const again = (await reserve(ctx.app, event.id, body, { 'idempotency-key': 'again-1' })).json<Reservation>();
    expect(again.data.short_id).toBe(first.data.short_id);
    expect(again.order_secret).toBe(first.order_secret);
  });

  it("every public order route answers 404 without it, with a wrong one or another order's, exactly like an unknown order", async () => {
    const w = await twoPersonOrder('routes');
    const other = await twoPersonOrder('other');
    const paying = await payingOrder(w.event.id, w.tickets[1]!.id);
    const missing = await notFoundBody(w.event.id);
    expect(missing.error.code).toBe('NOT_FOUND');

    const targets = [
      { short: w.r.data.short_id, token: w.r.checkout_token, secret: w.r.order_secret, reservation: w.r },
      {
        short: paying.r.data.short_id,
        token: paying.r.checkout_token,
        secret: paying.r.order_secret,
        reservation: paying.r,
      },
    ];
    for (const target of targets) {
      const wrongs: Array<[string, Record<string, string>]> = [
        ['no secret', { [TOKEN]: target.token }],
        ['a wrong secret', { [TOKEN]: target.token, [SECRET]: `${target.secret.slice(0, -2)}xx` }],
        ['an empty secret', { [TOKEN]: target.token, [SECRET]: '' }],
        ["another order's secret", { [TOKEN]: target.token, [SECRET]: other.r.order_secret }],
        ['the checkout token as the secret', { [TOKEN]: target.token, [SECRET]: target.token }],
      ];
      for (const [method, suffix, body] of ORDER_ROUTES) {
        for (const [what, headers] of wrongs) {
          const payload = body === 'details' ? details(target.reservation.data as never) : body;
          const res = await call(ctx.app, method, url(w.event.id, target.short, suffix), { headers, body: payload });
          expect(`${method} ${suffix || '/'} with ${what}: ${res.statusCode}`).toBe(
            `${method} ${suffix || '/'} with ${what}: 404`,
          );
          expect(res.json()).toEqual(missing);
          expect(res.body).not.toContain('Alfonso');
          expect(res.body).not.toContain('Zenobia');
        }
      }
    }
    // Nothing changed: the paying order still waits for its payment, with its hold not extended.
    const [row] = await ctx.app.deps.database.db
      .select()
      .from(orders)
      .where(eq(orders.short_id, paying.r.data.short_id));
    expect(row).toMatchObject({ status: 'RESERVED', hold_extensions: 0, payment_provider: null });

    // With it, the buyer sees the whole order.
    const ok = await call(ctx.app, 'GET', url(w.event.id, w.r.data.short_id), {
      headers: { [SECRET]: w.r.order_secret },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.attendees.map((a: { first_name: string }) => a.first_name)).toEqual(['Alfonso', 'Zenobia']);
    // And the paying buyer's browser can still work on its checkout.
    const extended = await call(ctx.app, 'POST', url(w.event.id, paying.r.data.short_id, '/extend'), {
      headers: paying.headers,
      body: {},
    });
    expect(extended.statusCode).toBe(200);
    expect(extended.json().data.hold_extended).toBe(true);
    const offline = await call(ctx.app, 'POST', url(w.event.id, paying.r.data.short_id, '/offline-payment'), {
      headers: paying.headers,
      body: {},
    });
    expect(offline.json().data.status).toBe('AWAITING_PAYMENT');
  });

  it('the secret alone does not let someone else work on a reserved checkout (the browser token still does)', async () => {
    const { event, tickets } = await liveEvent(ctx.app, [{ name: 'Seat', type: 'PAID', price: 1000, quantity: 5 }]);
    const r = (
      await reserve(ctx.app, event.id, { items: [{ ticket_id: tickets[0]!.id, quantity: 1 }] })
    ).json<Reservation>();
    const res = await call(ctx.app, 'PUT', url(event.id, r.data.short_id, '/details'), {
      headers: { [SECRET]: r.order_secret },
      body: details(r.data as never),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('ORDER_PAGE_UNAVAILABLE');
  });
});

describe('a ticket link', () => {
  it('shows only its own attendee: no co-attendee, no buyer, no order link or secret', async () => {
    const w = await twoPersonOrder('ticket');
    const res = await call(ctx.app, 'GET', `/api/public/events/${w.event.id}/attendees/${w.attendees[0]}`);
    expect(res.statusCode).toBe(200);
    const body = res.body;
    expect(res.json().data.attendee).toMatchObject({
      short_id: w.attendees[0],
      first_name: 'Alfonso',
      last_name: 'Firstling',
    });
    expect(res.json().data.qr_code).toMatch(new RegExp(`^${w.attendees[0]}\\.`));
    expect(res.json().data.event.title).toBe('Secret Night ticket');
    for (const absent of [
      w.people.second.first_name,
      w.people.second.last_name,
      w.people.second.email,
      w.attendees[1]!,
      w.people.buyer.first_name,
      w.people.buyer.email,
      'shellfish-of-zenobia',
      w.r.data.short_id,
      w.r.order_secret,
      w.r.checkout_token,
    ]) {
      expect(body, `the ticket answer shows ${absent}`).not.toContain(absent);
    }
    // Its QR code is its own; the other attendee's ticket is the other attendee's.
    const qr = await call(ctx.app, 'GET', `/api/public/events/${w.event.id}/attendees/${w.attendees[0]}/qr.svg`);
    expect(qr.statusCode).toBe(200);
    const second = (await call(ctx.app, 'GET', `/api/public/events/${w.event.id}/attendees/${w.attendees[1]}`)).body;
    expect(second).toContain('Zenobia');
    expect(second).not.toContain('Alfonso');
  });

  it('the attendee ticket mails carry no link to the whole order', async () => {
    const w = await twoPersonOrder('ticketmail');
    const mail = await ctx.smtp.waitFor(w.people.first.email, () => true, 30_000);
    expect(mail.text).toContain(`/ticket/${w.event.id}/${w.attendees[0]}`);
    expect(mail.text + mail.html).not.toContain(w.r.order_secret);
    expect(mail.text + mail.html).not.toContain(`/checkout/${w.event.id}/${w.r.data.short_id}`);
    expect(mail.text + mail.html).not.toContain('Zenobia');
  });
});

/** The order address in a mail, with its secret. */
const orderLinkIn = (text: string, eventId: number, shortId: string) => {
  const m = new RegExp(`https?://\\S+/checkout/${eventId}/${shortId}/summary#secret=([A-Za-z0-9_-]+)`).exec(text);
  return m ? m[1]! : null;
};

describe("the buyer's e-mail links", () => {
  it('carry the secret, and the link opens the order', async () => {
    const w = await twoPersonOrder('mail');
    const mail = await ctx.smtp.waitFor(w.people.buyer.email, (m) => m.text.includes('/summary'), 30_000);
    const secret = orderLinkIn(mail.text, w.event.id, w.r.data.short_id);
    expect(secret).toBe(w.r.order_secret);
    const res = await call(ctx.app, 'GET', url(w.event.id, w.r.data.short_id), { headers: { [SECRET]: secret! } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.buyer.email).toBe(w.people.buyer.email);
  });

  it('an offline order: the awaiting-payment mail links with the secret too', async () => {
    const w = await twoPersonOrder('offline');
    const paying = await payingOrder(w.event.id, w.tickets[1]!.id);
    await call(ctx.app, 'POST', url(w.event.id, paying.r.data.short_id, '/offline-payment'), {
      headers: paying.headers,
      body: {},
    });
    const to = `payer-${paying.r.data.short_id}@example.test`.toLowerCase();
    const mail = await ctx.smtp.waitFor(to, (m) => m.text.includes('/summary'), 30_000);
    expect(orderLinkIn(mail.text, w.event.id, paying.r.data.short_id)).toBe(paying.r.order_secret);
  });
});

describe('an old link without the secret', () => {
  const resend = (eventId: number, shortId: string, ip = '203.0.113.9') =>
    call(ctx.app, 'POST', url(eventId, shortId, '/resend-link'), { body: {}, ip });

  it('mails the buyer a fresh link, without telling the address; an unknown order is answered the same', async () => {
    const w = await twoPersonOrder('resend');
    const before = ctx.smtp.received.filter((m) => m.to.includes(w.people.buyer.email)).length;
    const res = await resend(w.event.id, w.r.data.short_id, '203.0.113.10');
    expect(res.statusCode).toBe(202);
    expect(res.body).not.toContain(w.people.buyer.email);
    expect(res.body).not.toContain('beatrix');
    expect(res.body).not.toContain(w.r.order_secret);
    const unknown = await resend(w.event.id, 'no-such-order', '203.0.113.11');
    expect(unknown.statusCode).toBe(202);
    expect(unknown.body).toBe(res.body);

    const mail = await ctx.smtp.waitFor(
      w.people.buyer.email,
      () => ctx.smtp.received.filter((m) => m.to.includes(w.people.buyer.email)).length > before,
      30_000,
    );
    const fresh = ctx.smtp.received.filter((m) => m.to.includes(w.people.buyer.email)).at(-1)!;
    expect(mail).toBeTruthy();
    const secret = orderLinkIn(fresh.text, w.event.id, w.r.data.short_id);
    expect(secret).not.toBeNull();
    expect(
      (await call(ctx.app, 'GET', url(w.event.id, w.r.data.short_id), { headers: { [SECRET]: secret! } })).statusCode,
    ).toBe(200);
    // Only the buyer is mailed, never the attendees.
    expect(fresh.to).toEqual([w.people.buyer.email]);
  });

  it('mails one order at most once in a while, whoever asks, and each client address only a few times', async () => {
    const w = await twoPersonOrder('resendlimit');
    const count = () =>
      ctx.smtp.received.filter((m) => m.to.includes(w.people.buyer.email) && m.text.includes('#secret=')).length;
    await ctx.smtp.waitFor(w.people.buyer.email, () => count() >= 1, 30_000);
    const base = count();
    // From many addresses at once: one mail.
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => resend(w.event.id, w.r.data.short_id, `198.51.100.${i + 1}`)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([202, 202, 202, 202, 202, 202]);
    await ctx.smtp.waitFor(w.people.buyer.email, () => count() >= base + 1, 30_000);
    await mailSettled(ctx.app);
    expect(count()).toBe(base + 1);
    // Later on, another one.
    clock.advance(16 * 60_000);
    expect((await resend(w.event.id, w.r.data.short_id, '198.51.100.99')).statusCode).toBe(202);
    await ctx.smtp.waitFor(w.people.buyer.email, () => count() >= base + 2, 30_000);

    // One client address asking about many orders is refused after a few, with Retry-After.
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 12; i++) {
      last = await resend(w.event.id, `guess-${i}`, '192.0.2.77');
      statuses.push(last.statusCode);
    }
    expect(statuses.filter((s) => s === 202).length).toBeGreaterThan(0);
    expect(statuses).toContain(429);
    expect(last!.headers['retry-after']).toBeDefined();
  });

  it('a new X-Forwarded-For on each request does not get past the limit (no proxy is trusted by default)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) {
      const res = await call(ctx.app, 'POST', url(1, `forged-${i}`, '/resend-link'), {
        body: {},
        ip: '192.0.2.88',
        headers: { 'x-forwarded-for': `10.${i}.0.1` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(202));
    expect(statuses.slice(10)).toEqual([429, 429, 429, 429]);
  });

  it('sends nothing for a checkout that never finished (no e-mail was ever sent for it)', async () => {
    const { event, tickets } = await liveEvent(ctx.app, [{ name: 'Seat', type: 'PAID', price: 1000, quantity: 5 }]);
    const r = (
      await reserve(ctx.app, event.id, { items: [{ ticket_id: tickets[0]!.id, quantity: 1 }] })
    ).json<Reservation>();
    const to = `unfinished-${r.data.short_id}@example.test`.toLowerCase();
    await call(ctx.app, 'PUT', url(event.id, r.data.short_id, '/details'), {
      headers: { [TOKEN]: r.checkout_token, [SECRET]: r.order_secret },
      body: details(r.data as never, { email: to }),
    });
    expect((await resend(event.id, r.data.short_id, '203.0.113.50')).statusCode).toBe(202);
    await mailSettled(ctx.app);
    expect(ctx.smtp.received.filter((m) => m.to.includes(to))).toHaveLength(0);
  });
});

describe('organizers', () => {
  it("still see the whole order in the admin, and may copy the buyer's link (with its secret) from its own route", async () => {
    const w = await twoPersonOrder('admin');
    const [row] = await ctx.app.deps.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.short_id, w.r.data.short_id));
    const res = await call(ctx.app, 'GET', `/api/events/${w.event.id}/orders/${row!.id}`, { token: w.u.token });
    expect(res.statusCode).toBe(200);
    const detail = res.json().data;
    expect(detail.attendees.map((a: { email: string }) => a.email)).toEqual([
      w.people.first.email,
      w.people.second.email,
    ]);
    expect(res.body).not.toContain(w.r.order_secret);
    const link = await call(ctx.app, 'GET', `/api/events/${w.event.id}/orders/${row!.id}/buyer-link`, {
      token: w.u.token,
    });
    expect(link.json().data.path).toBe(
      `/checkout/${w.event.id}/${w.r.data.short_id}/summary#secret=${w.r.order_secret}`,
    );
    // Another account's organizer gets nothing of it.
    const stranger = await liveEvent(ctx.app, [{ name: 'Other', type: 'FREE', quantity: 1 }]);
    expect(
      (await call(ctx.app, 'GET', `/api/events/${w.event.id}/orders/${row!.id}`, { token: stranger.u.token }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await call(ctx.app, 'GET', `/api/events/${w.event.id}/orders/${row!.id}/buyer-link`, {
          token: stranger.u.token,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('orders created without a checkout', () => {
  it('a manual attendee’s order gets a secret of its own too', async () => {
    const { u, event, tickets } = await liveEvent(ctx.app, [{ name: 'Lawn', type: 'FREE', quantity: 10 }]);
    for (const n of [1, 2]) {
      const res = await call(ctx.app, 'POST', `/api/events/${event.id}/attendees`, {
        token: u.token,
        body: {
          ticket_id: tickets[0]!.id,
          first_name: `Manual${n}`,
          last_name: 'Guest',
          email: `manual${n}-${event.id}@example.test`,
          send_ticket: false,
        },
      });
      expect(res.statusCode).toBe(201);
    }
    const rows = await ctx.app.deps.database.db.select().from(orders).where(eq(orders.event_id, event.id));
    const secrets = rows.map((r) => (r as unknown as { secret: string }).secret);
    expect(secrets).toHaveLength(2);
    for (const s of secrets) expect(s?.length ?? 0).toBeGreaterThanOrEqual(32);
    expect(new Set(secrets).size).toBe(2);
  });
});

describe('the migration', () => {
  it('gives every existing order a secret of its own (and old orders open only with it)', async () => {
    const w = await twoPersonOrder('migration');
    await twoPersonOrder('migration2');
    const db = ctx.app.deps.database.db;
    // As before the migration: no secrets. Then the migration's statements, as written in the file.
    await db.execute(sql.raw('alter table orders drop column secret, drop column link_sent_at'));
    const file = readFileSync(
      path.resolve(import.meta.dirname, '../../src/db/migrations/0018_order_secrets.sql'),
      'utf8',
    );
    for (const statement of file.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));
    const rows = (await db.execute(sql.raw('select id, secret from orders'))) as unknown as {
      rows: Array<{ id: number; secret: string }>;
    };
    expect(rows.rows.length).toBeGreaterThanOrEqual(2);
    for (const r of rows.rows) expect(r.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set(rows.rows.map((r) => r.secret)).size).toBe(rows.rows.length);
    // The old secret is gone with the column: the order opens with its new one only.
    expect(
      (await call(ctx.app, 'GET', url(w.event.id, w.r.data.short_id), { headers: { [SECRET]: w.r.order_secret } }))
        .statusCode,
    ).toBe(404);
    const [row] = await db.select().from(orders).where(eq(orders.short_id, w.r.data.short_id));
    expect(
      (await call(ctx.app, 'GET', url(w.event.id, w.r.data.short_id), { headers: { [SECRET]: row!.secret } }))
        .statusCode,
    ).toBe(200);
  });
});
