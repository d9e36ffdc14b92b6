import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { webhooks } from '../../src/db/schema/index.js';
import { webhookJobOptions } from '../../src/jobs/queue.js';
import { backoffMs, deliverDueWebhooks } from '../../src/modules/webhooks/delivery.js';
import { TestClock } from '../../src/shared/clock.js';
import { placeOrder } from '../checkout-factory.js';
import { createEvent, createOrganizer, registerConfirmedUser } from '../factories.js';
import { call, createTestApp, type TestContext } from '../test-app.js';

/**
 * Deliveries follow the Standard Webhooks specification: `webhook-id` (the event id: the same in every
 * attempt, and signed), `webhook-timestamp` (Unix seconds) and `webhook-signature` (`v1,<base64>` of the
 * HMAC-SHA256 of `id.timestamp.body` with the bytes of the `whsec_` secret), so a receiver verifies them
 * with the `standardwebhooks` library as it is. Each delivery is received by a real HTTP server and
 * checked with `new Webhook(secret).verify(body, headers)`. The deprecated `AdmitOne-Signature` header
 * still verifies as before, and a secret made before (its `whsec_` part is base64url, not base64) keeps
 * working: its Standard Webhooks form is `whsec_` and the base64 of the whole old secret.
 */
type Got = { headers: IncomingHttpHeaders; body: string };
let ctx: TestContext;
let server: Server;
let url: string;
let got: Got[] = [];
let plan: number[] = [];
// Near the real time: the library refuses timestamps more than 5 minutes from its clock.
const clock = new TestClock(new Date(Math.floor(Date.now() / 1000) * 1000));
beforeAll(async () => {
  ctx = await createTestApp({
    clock,
    env: {
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_SWEEP_SECONDS: '3600',
      WEBHOOK_ACCOUNT_CONCURRENCY: '50',
      AUTH_RATE_LIMIT_MAX: '1000',
    },
  });
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      got.push({ headers: req.headers, body });
      res.writeHead(plan.shift() ?? 200).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await ctx.close();
});
beforeEach(() => {
  got = [];
  plan = [];
});

const deliver = () =>
  deliverDueWebhooks({ ...webhookJobOptions(ctx.app.deps.config), db: ctx.app.deps.database.db, clock });
const asRecord = (h: IncomingHttpHeaders) => Object.fromEntries(Object.entries(h).map(([k, v]) => [k, String(v)]));
/** The deprecated header, checked as receivers built from the former guide do. */
function oldHeaderValid(g: Got, secret: string): boolean {
  const expected = Buffer.from(
    `v1=${createHmac('sha256', secret)
      .update(`${String(g.headers['admitone-timestamp'])}.${g.body}`)
      .digest('hex')}`,
  );
  const given = Buffer.from(String(g.headers['admitone-signature'] ?? ''));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

async function world(types: string[]) {
  const admin = await registerConfirmedUser(ctx.app, ctx.smtp, { name: 'Stan Dard' });
  const organizer = await createOrganizer(ctx.app, admin.token);
  const event = await createEvent(ctx.app, admin.token, organizer.id);
  const ticket = (
    await call(ctx.app, 'POST', `/api/events/${event.id}/tickets`, {
      token: admin.token,
      body: { name: 'Entry', type: 'FREE', quantity: 50 },
    })
  ).json().data as { id: number };
  await call(ctx.app, 'PUT', `/api/events/${event.id}/status`, { token: admin.token, body: { status: 'LIVE' } });
  const made = await call(ctx.app, 'POST', '/api/webhooks', { token: admin.token, body: { url, event_types: types } });
  expect(made.statusCode, made.body).toBe(201);
  return { token: admin.token, event, ticket, hook: made.json().data as { id: number; secret: string } };
}

describe('Standard Webhooks', () => {
  it('signs every delivery so that the standardwebhooks library verifies it, with a whsec_ base64 secret', async () => {
    const w = await world(['order.created', 'order.completed', 'attendee.created', 'product.updated']);
    expect(w.hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await placeOrder(ctx.app, { eventId: w.event.id, organizerToken: w.token }, [
      { ticket_id: w.ticket.id, quantity: 2 },
    ]);
    await call(ctx.app, 'PUT', `/api/events/${w.event.id}/tickets/${w.ticket.id}`, {
      token: w.token,
      body: { name: 'Entry (renamed)', type: 'FREE', quantity: 50 },
    });
    await deliver();
    expect(got).toHaveLength(5);
    const verifier = new Webhook(w.hook.secret);
    for (const g of got) {
      const h = asRecord(g.headers);
      expect(() => verifier.verify(g.body, h), `${h['webhook-id']}`).not.toThrow();
      expect(h['webhook-id']).toBe((JSON.parse(g.body) as { id: string }).id);
      expect(h['webhook-timestamp']).toMatch(/^\d{10}$/);
      expect(h['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
      // The deprecated header, still sent.
      expect(oldHeaderValid(g, w.hook.secret)).toBe(true);
    }
    // A wrong secret, a changed body, or a changed id (the id is signed) fail.
    const g = got[0]!;
    const h = asRecord(g.headers);
    expect(() => new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).verify(g.body, h)).toThrow();
    expect(() => verifier.verify(g.body.replace('"id"', '"id" '), h)).toThrow();
    expect(() => verifier.verify(g.body, { ...h, 'webhook-id': 'evt_someone-else' })).toThrow();
  });

  it('keeps the id of a message across retries (signed anew each time) and the secret across rotation', async () => {
    const w = await world(['product.updated']);
    plan = [500];
    await call(ctx.app, 'PUT', `/api/events/${w.event.id}/tickets/${w.ticket.id}`, {
      token: w.token,
      body: { name: 'Entry (v2)', type: 'FREE', quantity: 50 },
    });
    await deliver();
    clock.advance(backoffMs(1, 1));
    await deliver();
    expect(got).toHaveLength(2);
    const [first, second] = got.map((g) => asRecord(g.headers));
    expect(second!['webhook-id']).toBe(first!['webhook-id']);
    expect(second!['webhook-timestamp']).not.toBe(first!['webhook-timestamp']);
    expect(got[1]!.body).toBe(got[0]!.body);
    for (const g of got) expect(() => new Webhook(w.hook.secret).verify(g.body, asRecord(g.headers))).not.toThrow();

    // A rotated secret is a new whsec_ secret: the library takes it, and the old one no longer verifies.
    const rotated = (await call(ctx.app, 'POST', `/api/webhooks/${w.hook.id}/secret`, { token: w.token })).json()
      .data as { secret: string };
    expect(rotated.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    got = [];
    await call(ctx.app, 'POST', `/api/webhooks/${w.hook.id}/test`, { token: w.token });
    await deliver();
    const h = asRecord(got[0]!.headers);
    expect(() => new Webhook(rotated.secret).verify(got[0]!.body, h)).not.toThrow();
    expect(() => new Webhook(w.hook.secret).verify(got[0]!.body, h)).toThrow();
  });

  it('keeps a secret made before working: the old header with it, the library with whsec_ and its base64', async () => {
    const w = await world(['product.updated']);
    // A secret as they were made before: whsec_ and 32 random bytes in base64url (with - and _).
    const old = 'whsec_q-2bX_9fLk0Tz-ArN7uW_e3Vy1HcS8mDpJ4oG6iKEZs';
    await ctx.app.deps.database.db.update(webhooks).set({ secret: old }).where(eq(webhooks.id, w.hook.id));
    await call(ctx.app, 'PUT', `/api/events/${w.event.id}/tickets/${w.ticket.id}`, {
      token: w.token,
      body: { name: 'Entry (v3)', type: 'FREE', quantity: 50 },
    });
    await deliver();
    expect(got).toHaveLength(1);
    const g = got[0]!;
    expect(oldHeaderValid(g, old)).toBe(true);
    expect(() =>
      new Webhook(`whsec_${Buffer.from(old).toString('base64')}`).verify(g.body, asRecord(g.headers)),
    ).not.toThrow();
    // The library's raw format takes the old secret as it is, too.
    expect(() => new Webhook(old, { format: 'raw' }).verify(g.body, asRecord(g.headers))).not.toThrow();
  });
});
