import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import type { Db } from '../src/db/client.js';
import { attendees, orders, webhookDeliveries, webhookEvents, webhooks } from '../src/db/schema/index.js';
import { webhookJobOptions } from '../src/jobs/queue.js';
import { recordOrderEvent } from '../src/modules/orders/order-history.js';
import { backoffMs, deliverDueWebhooks } from '../src/modules/webhooks/delivery.js';
import { isBlockedAddress, resolveWebhookUrl } from '../src/modules/webhooks/url-guard.js';
import { TestClock } from '../src/shared/clock.js';
import { placeOrder } from './checkout-factory.js';
import { createEvent, createOrganizer, registerConfirmedUser } from './factories.js';
import { call, createTestApp, type TestContext } from './test-app.js';

/** A local receiver that checks signatures and applies each event once (by its id), like a careful integration. */
class Receiver {
  server: Server;
  requests: Array<{ path: string; headers: IncomingMessage['headers']; body: string; validSignature: boolean }> = [];
  /** Event ids whose effect was applied (a repeat is acknowledged but not applied again). */
  applied: string[] = [];
  /** How to answer the next requests (status, or 'hang'); then 200. */
  plan: Array<number | 'hang' | { redirect: string }> = [];
  secret = '';
  constructor() {
    this.server = createServer((req, res) => this.handle(req, res));
  }
  async start() {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  private handle(req: IncomingMessage, res: ServerResponse) {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const ts = String(req.headers['admitone-timestamp']);
      const expected = `v1=${createHmac('sha256', this.secret).update(`${ts}.${body}`).digest('hex')}`;
      const got = String(req.headers['admitone-signature'] ?? '');
      const validSignature = got.length === expected.length && timingSafeEqual(Buffer.from(got), Buffer.from(expected));
      this.requests.push({ path: req.url ?? '', headers: req.headers, body, validSignature });
      const step = this.plan.shift() ?? 200;
      if (step === 'hang') return;
      if (typeof step === 'object') {
        res.writeHead(302, { location: step.redirect }).end();
        return;
      }
      if (step >= 200 && step < 300 && validSignature) {
        const id = JSON.parse(body).id as string;
        if (!this.applied.includes(id)) this.applied.push(id);
      }
      res.writeHead(step, { 'content-type': 'text/plain' }).end(step < 300 ? 'ok' : `failed with ${step}`);
    });
  }
  events() {
    return this.requests.map(
      (r) => JSON.parse(r.body) as { id: string; type: string; data: Record<string, unknown>; event_id: number | null },
    );
  }
}

let ctx: TestContext;
let receiver: Receiver;
let base: string;
const clock = new TestClock(new Date('2026-11-27T10:00:00Z'));
beforeAll(async () => {
  ctx = await createTestApp({
    clock,
    // One round sends everything a test made (fairness between accounts: security/webhook-fairness.test.ts).
    env: {
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_SWEEP_SECONDS: '3600',
      WEBHOOK_TIMEOUT_MS: '500',
      WEBHOOK_DISABLE_AFTER_FAILURES: '3',
      WEBHOOK_DISABLE_AFTER_HOURS: '0.01',
      WEBHOOK_ACCOUNT_CONCURRENCY: '50',
      AUTH_RATE_LIMIT_MAX: '1000',
    },
  });
  receiver = new Receiver();
  base = await receiver.start();
});
afterAll(async () => {
  receiver.server.closeAllConnections();
  await new Promise((r) => receiver.server.close(r));
  await ctx.close();
});
beforeEach(() => {
  receiver.requests = [];
  receiver.applied = [];
  receiver.plan = [];
});

const deps = (db: Db = ctx.app.deps.database.db) => ({ ...webhookJobOptions(ctx.app.deps.config), db, clock });
/** One round, and the mails it wrote are handed to the mail workers (as the worker's sender does). */
const deliver = async () => {
  const r = await deliverDueWebhooks(deps());
  await ctx.app.deps.jobs.deliverOutbox(r.mails);
  return r;
};

async function world(
  types: string[] = ['order.created', 'order.completed', 'order.cancelled', 'attendee.created', 'attendee.cancelled'],
  path = '/hook',
) {
  const admin = await registerConfirmedUser(ctx.app, ctx.smtp, { name: 'Wendy Webhook' });
  const organizer = await createOrganizer(ctx.app, admin.token);
  const event = await createEvent(ctx.app, admin.token, organizer.id);
  const ticket = (
    await call(ctx.app, 'POST', `/api/events/${event.id}/tickets`, {
      token: admin.token,
      body: { name: 'Entry', type: 'FREE', quantity: 50 },
    })
  ).json().data as { id: number };
  await call(ctx.app, 'PUT', `/api/events/${event.id}/status`, { token: admin.token, body: { status: 'LIVE' } });
  const made = await call(ctx.app, 'POST', '/api/webhooks', {
    token: admin.token,
    body: { url: `${base}${path}`, event_types: types },
  });
  expect(made.statusCode, made.body).toBe(201);
  const hook = made.json().data as { id: number; secret: string };
  receiver.secret = hook.secret;
  return { token: admin.token, admin, event, ticket, hook };
}

describe('delivery', () => {
  it('sends what happened to an order, signed, with the objects as the API returns them, and logs each attempt', async () => {
    const w = await world();
    const placed = await placeOrder(ctx.app, { eventId: w.event.id, organizerToken: w.token }, [
      { ticket_id: w.ticket.id, quantity: 2 },
    ]);
    expect(receiver.requests).toHaveLength(0);
    expect((await deliver()).attempted).toBe(4);
    const sent = receiver.events();
    expect(sent.map((e) => e.type).sort()).toEqual([
      'attendee.created',
      'attendee.created',
      'order.completed',
      'order.created',
    ]);
    expect(receiver.requests.every((r) => r.validSignature)).toBe(true);
    const [order] = await ctx.app.deps.database.db.select().from(orders).where(eq(orders.short_id, placed.short_id));
    const created = sent.find((e) => e.type === 'order.created')!;
    const detail = (
      await call(ctx.app, 'GET', `/api/events/${w.event.id}/orders/${order!.id}`, { token: w.token })
    ).json().data;
    expect(created.data).toEqual(JSON.parse(JSON.stringify(detail)));
    expect(created.event_id).toBe(w.event.id);
    expect(created.id).toMatch(/^evt_[0-9a-f-]{36}$/);
    const r = receiver.requests[0]!;
    expect(r.headers['admitone-event-id']).toBe(JSON.parse(r.body).id);
    expect(r.headers['admitone-delivery-attempt']).toBe('1');
    expect(r.headers['content-type']).toBe('application/json');
    // Nothing is sent twice.
    expect((await deliver()).attempted).toBe(0);

    const log = await call(ctx.app, 'GET', `/api/webhooks/${w.hook.id}/deliveries`, { token: w.token });
    expect(log.json().meta.total).toBe(4);
    const first = log.json().data[0];
    expect(first).toMatchObject({
      state: 'SUCCEEDED',
      attempts: 1,
      last_attempt: { status_code: 200, response_excerpt: 'ok', error: null },
    });
    const one = await call(ctx.app, 'GET', `/api/webhooks/${w.hook.id}/deliveries/${first.id}`, { token: w.token });
    expect(one.json().data.attempt_log).toHaveLength(1);
    expect(one.json().data.payload.id).toBe(first.event_id);
    const list = await call(ctx.app, 'GET', '/api/webhooks', { token: w.token });
    expect(list.json().data[0]).toMatchObject({
      id: w.hook.id,
      enabled: true,
      failure_streak: 0,
      last_delivery: { state: 'SUCCEEDED', status_code: 200 },
    });
    expect(list.json().data[0].secret).toBeUndefined();
  });

  it('writes nothing for a change that rolls back, and nothing nobody subscribed to', async () => {
    const w = await world(['order.updated']);
    const placed = await placeOrder(ctx.app, { eventId: w.event.id, organizerToken: w.token }, [
      { ticket_id: w.ticket.id, quantity: 1 },
    ]);
    const db = ctx.app.deps.database.db;
    const [order] = await db.select().from(orders).where(eq(orders.short_id, placed.short_id));
    const before = (await db.select().from(webhookEvents)).length;
    await expect(
      db.transaction(async (tx) => {
        await recordOrderEvent(tx, order!.id, { kind: 'BUYER_EDITED', data: {}, at: clock.now() });
        expect((await tx.select().from(webhookEvents)).length).toBe(before + 1);
        throw new Error('the change failed after all');
      }),
    ).rejects.toThrow('the change failed');
    expect((await db.select().from(webhookEvents)).length).toBe(before);
    // The order's creation and completion: not subscribed, so not written.
    expect((await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhook_id, w.hook.id))).length).toBe(
      0,
    );
    const edited = await call(ctx.app, 'PUT', `/api/events/${w.event.id}/orders/${order!.id}/buyer`, {
      token: w.token,
      body: { first_name: 'Renamed', last_name: 'Buyer', email: 'renamed@example.test' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await deliver();
    expect(receiver.events().map((e) => [e.type, (e.data as { first_name?: string }).first_name])).toEqual([
      ['order.updated', 'Renamed'],
    ]);
  });

  it('retries with backoff until a 2xx; the receiver applies the event once though it came three times', async () => {
    const w = await world(['product.created']);
    receiver.plan = [500, 503];
    const made = await call(ctx.app, 'POST', `/api/events/${w.event.id}/tickets`, {
      token: w.token,
      body: { name: 'Late addition', type: 'FREE' },
    });
    await deliver();
    expect(receiver.requests).toHaveLength(1);
    // Not yet due: nothing.
    clock.advance(30_000);
    expect((await deliver()).attempted).toBe(0);
    clock.advance(backoffMs(1, 1));
    await deliver();
    clock.advance(backoffMs(2, 1));
    await deliver();
    expect(receiver.requests.map((r) => r.headers['admitone-delivery-attempt'])).toEqual(['1', '2', '3']);
    expect(new Set(receiver.requests.map((r) => r.body)).size).toBe(1);
    expect(receiver.applied).toEqual([JSON.parse(receiver.requests[0]!.body).id]);
    expect(receiver.events()[0]!.data).toMatchObject({ id: made.json().data.id, name: 'Late addition' });
    const [d] = (await call(ctx.app, 'GET', `/api/webhooks/${w.hook.id}/deliveries`, { token: w.token })).json().data;
    expect(d).toMatchObject({ state: 'SUCCEEDED', attempts: 3 });
    const detail = (
      await call(ctx.app, 'GET', `/api/webhooks/${w.hook.id}/deliveries/${d.id}`, { token: w.token })
    ).json().data;
    expect(detail.attempt_log.map((a: { status_code: number }) => a.status_code)).toEqual([500, 503, 200]);
    expect(detail.attempt_log[0].response_excerpt).toBe('failed with 500');
  });

  it('sends again what a sender killed mid-delivery left unfinished: the same event id, applied once, the attempts counted on', async () => {
    const w = await world(['product.updated']);
    await call(ctx.app, 'PUT', `/api/events/${w.event.id}/tickets/${w.ticket.id}`, {
      token: w.token,
      body: { name: 'Entry (renamed)', type: 'FREE', quantity: 50 },
    });
    // A sender that sends, then dies before it can write down the answer.
    const real = ctx.app.deps.database.db;
    const dying = new Proxy(real, {
      get: (target, prop, recv) =>
        prop === 'transaction' ? () => Promise.reject(new Error('killed')) : Reflect.get(target, prop, recv),
    }) as Db;
    await expect(deliverDueWebhooks({ ...deps(dying) })).rejects.toThrow('killed');
    expect(receiver.requests).toHaveLength(1);
    const [left] = await real.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhook_id, w.hook.id));
    expect(left!.state).toBe('SENDING');
    // Still claimed: no one else takes it until the claim is stale.
    expect((await deliver()).attempted).toBe(0);
    clock.advance(deps().staleClaimMs + 1000);
    expect((await deliver()).attempted).toBe(1);
    expect(receiver.requests).toHaveLength(2);
    expect(receiver.requests[0]!.headers['admitone-event-id']).toBe(receiver.requests[1]!.headers['admitone-event-id']);
    expect(receiver.applied).toHaveLength(1);
    // The lost attempt counts: the one after the crash is the second.
    expect(receiver.requests.map((r) => r.headers['admitone-delivery-attempt'])).toEqual(['1', '2']);
    const [done] = await real.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhook_id, w.hook.id));
    expect(done!.state).toBe('SUCCEEDED');
    expect(done!.attempts).toBe(2);
  });

  it('turns a webhook off after failing for long, tells the admins, and sends nothing more until it is on again', async () => {
    const w = await world(['product.created', 'product.deleted']);
    receiver.plan = [500, 500, 500];
    const t = (
      await call(ctx.app, 'POST', `/api/events/${w.event.id}/tickets`, {
        token: w.token,
        body: { name: 'Doomed', type: 'FREE' },
      })
    ).json().data as { id: number };
    await deliver();
    for (let i = 1; i < 3; i++) {
      clock.advance(backoffMs(i, 1) + 60_000);
      await deliver();
    }
    const [hook] = await ctx.app.deps.database.db.select().from(webhooks).where(eq(webhooks.id, w.hook.id));
    expect(hook).toMatchObject({ enabled: false, disabled_reason: 'FAILURES', failure_streak: 3 });
    const mail = await ctx.smtp.waitFor(w.admin.email, (m) => m.subject.includes('webhook'));
    expect(mail.subject).toBe("A webhook of Wendy Webhook's events was turned off");
    expect(mail.text).toContain(`${base}/hook`);
    expect(mail.text).toContain('HTTP 500');
    expect(mail.text).toContain('http://admitone.test/account/webhooks');
    // Off: a new change is not even written, the retry waits.
    await call(ctx.app, 'DELETE', `/api/events/${w.event.id}/tickets/${t.id}`, { token: w.token });
    clock.advance(86_400_000);
    expect((await deliver()).attempted).toBe(0);
    const shown = (await call(ctx.app, 'GET', `/api/webhooks/${w.hook.id}`, { token: w.token })).json().data;
    expect(shown).toMatchObject({ enabled: false, disabled_reason: 'FAILURES' });
    // On again: the waiting delivery goes out, the streak starts over.
    const on = await call(ctx.app, 'PUT', `/api/webhooks/${w.hook.id}`, {
      token: w.token,
      body: { url: `${base}/hook`, event_types: ['product.created', 'product.deleted'], enabled: true },
    });
    expect(on.json().data).toMatchObject({ enabled: true, disabled_reason: null, failure_streak: 0 });
    await deliver();
    expect(receiver.requests.at(-1)!.headers['admitone-event-type']).toBe('product.created');
  });

  it('does not follow redirects, gives up on a receiver that does not answer in time, and sends check-ins', async () => {
    const w = await world(['checkin.created', 'checkin.deleted']);
    const placed = await placeOrder(ctx.app, { eventId: w.event.id, organizerToken: w.token }, [
      { ticket_id: w.ticket.id, quantity: 1 },
    ]);
    const [order] = await ctx.app.deps.database.db.select().from(orders).where(eq(orders.short_id, placed.short_id));
    const [person] = await ctx.app.deps.database.db.select().from(attendees).where(eq(attendees.order_id, order!.id));
    receiver.plan = [{ redirect: `${base}/elsewhere` }, 'hang'];
    const scan = await call(ctx.app, 'POST', `/api/events/${w.event.id}/check-ins`, {
      token: w.token,
      body: { attendee_id: person!.id, action: 'CHECK_IN' },
    });
    expect(scan.json().data.result).toBe('CHECKED_IN');
    await deliver();
    clock.advance(backoffMs(1, 1));
    await deliver();
    clock.advance(backoffMs(2, 1));
    await deliver();
    expect(receiver.requests.map((r) => r.path)).toEqual(['/hook', '/hook', '/hook']);
    const [d] = (await call(ctx.app, 'GET', `/api/webhooks/${w.hook.id}/deliveries`, { token: w.token })).json().data;
    const log = (await call(ctx.app, 'GET', `/api/webhooks/${w.hook.id}/deliveries/${d.id}`, { token: w.token })).json()
      .data.attempt_log;
    expect(log[0]).toMatchObject({ status_code: 302 });
    expect(log[1]).toMatchObject({ status_code: null, error: 'no answer within 500 ms' });
    expect(log[2]).toMatchObject({ status_code: 200 });
    const sent = receiver.events()[0]!;
    expect(sent.type).toBe('checkin.created');
    expect(sent.data).toMatchObject({
      action: 'CHECK_IN',
      user: { name: 'Wendy Webhook' },
      attendee: { id: person!.id },
    });
  });
});

describe('what an order goes through', () => {
  it('sends marked as paid, an attendee corrected, and the order cancelled with its attendees', async () => {
    const w = await world([
      'order.created',
      'order.marked_as_paid',
      'attendee.updated',
      'order.cancelled',
      'attendee.cancelled',
    ]);
    await call(ctx.app, 'PUT', `/api/events/${w.event.id}/settings`, {
      token: w.token,
      body: { offline_payments_enabled: true },
    });
    const paid = (
      await call(ctx.app, 'POST', `/api/events/${w.event.id}/tickets`, {
        token: w.token,
        body: { name: 'Seat', type: 'PAID', price: 1500 },
      })
    ).json().data as { id: number };
    const placed = await placeOrder(
      ctx.app,
      { eventId: w.event.id, organizerToken: w.token },
      [{ ticket_id: paid.id, quantity: 2 }],
      { paid: false },
    );
    const db = ctx.app.deps.database.db;
    const [order] = await db.select().from(orders).where(eq(orders.short_id, placed.short_id));
    const people = await db.select().from(attendees).where(eq(attendees.order_id, order!.id));
    await call(ctx.app, 'POST', `/api/events/${w.event.id}/orders/${order!.id}/mark-as-paid`, { token: w.token });
    const fixed = await call(ctx.app, 'PUT', `/api/events/${w.event.id}/attendees/${people[0]!.id}`, {
      token: w.token,
      body: { first_name: 'Corrected', last_name: 'Name', email: 'corrected@example.test' },
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    await call(ctx.app, 'POST', `/api/events/${w.event.id}/orders/${order!.id}/cancel`, { token: w.token, body: {} });
    await deliver();
    const sent = receiver.events();
    // Created once (awaiting payment), not again when paid. Sent at once, so in any order.
    expect(sent.map((e) => e.type).sort()).toEqual([
      'attendee.cancelled',
      'attendee.cancelled',
      'attendee.updated',
      'order.cancelled',
      'order.created',
      'order.marked_as_paid',
    ]);
    expect(sent.find((e) => e.type === 'attendee.updated')!.data).toMatchObject({
      id: people[0]!.id,
      first_name: 'Corrected',
    });
    const cancelled = sent.filter((e) => e.type === 'attendee.cancelled').map((e) => (e.data as { id: number }).id);
    expect(cancelled.sort()).toEqual(people.map((p) => p.id).sort());
  });
});

describe('managing webhooks', () => {
  it('tests, resends with the same event id, rotates the secret, limits to one event, and checks its input', async () => {
    const w = await world(['product.created']);
    const test = await call(ctx.app, 'POST', `/api/webhooks/${w.hook.id}/test`, { token: w.token });
    expect(test.statusCode).toBe(201);
    await deliver();
    expect(receiver.events()[0]).toMatchObject({ type: 'webhook.test', data: { webhook_id: w.hook.id } });
    const again = await call(ctx.app, 'POST', `/api/webhooks/${w.hook.id}/deliveries/${test.json().data.id}/resend`, {
      token: w.token,
    });
    expect(again.statusCode).toBe(201);
    await deliver();
    expect(receiver.requests[1]!.headers['admitone-event-id']).toBe(receiver.requests[0]!.headers['admitone-event-id']);

    const rotated = await call(ctx.app, 'POST', `/api/webhooks/${w.hook.id}/secret`, { token: w.token });
    expect(rotated.json().data.secret).not.toBe(w.hook.secret);
    await call(ctx.app, 'POST', `/api/webhooks/${w.hook.id}/test`, { token: w.token });
    await deliver();
    expect(receiver.requests.at(-1)!.validSignature).toBe(false);
    receiver.secret = rotated.json().data.secret;

    // Limited to another event: this event's changes are not sent.
    const other = await createEvent(ctx.app, w.token, (await createOrganizer(ctx.app, w.token)).id);
    const limited = await call(ctx.app, 'PUT', `/api/webhooks/${w.hook.id}`, {
      token: w.token,
      body: { url: `${base}/hook`, event_types: ['product.created'], event_id: other.id },
    });
    expect(limited.json().data).toMatchObject({ event_id: other.id, event_title: other.title });
    const count = receiver.requests.length;
    await call(ctx.app, 'POST', `/api/events/${w.event.id}/tickets`, {
      token: w.token,
      body: { name: 'Not for them', type: 'FREE' },
    });
    await call(ctx.app, 'POST', `/api/events/${other.id}/tickets`, {
      token: w.token,
      body: { name: 'For them', type: 'FREE' },
    });
    await deliver();
    expect(
      receiver
        .events()
        .slice(count)
        .map((e) => (e.data as { name: string }).name),
    ).toEqual(['For them']);

    const bad = await call(ctx.app, 'POST', '/api/webhooks', {
      token: w.token,
      body: { url: 'ftp://example.test/x', event_types: [] },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.field_errors).toEqual({
      url: ['Enter a valid web address starting with http:// or https://.'],
      event_types: ['Choose at least one kind of event to send.'],
    });
    const stranger = await registerConfirmedUser(ctx.app, ctx.smtp);
    const foreignEvent = await call(ctx.app, 'POST', '/api/webhooks', {
      token: stranger.token,
      body: { url: `${base}/x`, event_types: ['order.created'], event_id: w.event.id },
    });
    expect(Object.keys(foreignEvent.json().error.field_errors)).toEqual(['event_id']);
    expect((await call(ctx.app, 'GET', `/api/webhooks/${w.hook.id}`, { token: stranger.token })).statusCode).toBe(404);
    expect((await call(ctx.app, 'DELETE', `/api/webhooks/${w.hook.id}`, { token: w.token })).statusCode).toBe(204);
    expect((await call(ctx.app, 'GET', '/api/webhooks', { token: w.token })).json().data).toEqual([]);
  });
});

describe('addresses a webhook may not reach', () => {
  it('refuses loopback, private, link-local, metadata and other reserved addresses unless allowed', async () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '224.0.0.1',
    ])
      expect(isBlockedAddress(a), a).toBe(true);
    for (const a of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111']) expect(isBlockedAddress(a), a).toBe(false);
    expect(await resolveWebhookUrl('http://127.0.0.1:9/x', false)).toMatchObject({ problem: 'address_not_allowed' });
    expect(await resolveWebhookUrl('http://localhost:9/x', false)).toMatchObject({ problem: 'address_not_allowed' });
    expect(await resolveWebhookUrl('http://[::1]/x', false)).toMatchObject({ problem: 'address_not_allowed' });
    expect(await resolveWebhookUrl('http://169.254.169.254/latest/meta-data', false)).toMatchObject({
      problem: 'address_not_allowed',
    });
    expect(await resolveWebhookUrl('file:///etc/passwd', false)).toMatchObject({ problem: 'invalid_url' });
    expect(await resolveWebhookUrl('http://user:pw@93.184.216.34/', false)).toMatchObject({ problem: 'invalid_url' });
    expect(await resolveWebhookUrl('http://127.0.0.1:9/x', true)).toMatchObject({
      addresses: [{ address: '127.0.0.1' }],
    });
  });

  it('answers a private address with a field error when the operator has not allowed them', async () => {
    const strict = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: '1000' } });
    try {
      const admin = await registerConfirmedUser(strict.app, strict.smtp);
      const res = await call(strict.app, 'POST', '/api/webhooks', {
        token: admin.token,
        body: { url: 'http://169.254.169.254/latest', event_types: ['order.created'] },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().error.field_errors).toEqual({
        url: ['This address points to a private or local network. Use a public address the internet can reach.'],
      });
    } finally {
      await strict.close();
    }
  });
});
