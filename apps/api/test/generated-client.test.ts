import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { createClient } from '@hey-api/openapi-ts';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { orders } from '../src/db/schema/index.js';
import { webhookJobOptions } from '../src/jobs/queue.js';
import { deliverDueWebhooks } from '../src/modules/webhooks/delivery.js';
import { TestClock } from '../src/shared/clock.js';
import { liveEvent, placeOrder } from './checkout-factory.js';
import { call, createTestApp, type TestContext } from './test-app.js';

/**
 * An integrator's view (issue #37): the real app listens on a loopback port, a client is generated from
 * the document it serves (`/api/docs/json`) with @hey-api/openapi-ts (fetch client and SDK), and every
 * API call the assertions make goes through that generated SDK with an API key — filtering a list
 * (`filter_fields` as deepObject), syncing orders with `updated_since` / `cursor`, adding a webhook —
 * while a local HTTP server receives the webhook's deliveries and checks them with `standardwebhooks`.
 * Setup (orders, cancellations, the key itself) goes through `call`.
 */

/** What a generated SDK function answers (the fetch client's default: no throw, the error in `error`). */
interface Answer<T = unknown> {
  data?: T;
  error?: { error: { code: string; field_errors?: Record<string, string[]> } };
  request: Request;
  response: Response;
}
type SdkFn = (options: Record<string, unknown>) => Promise<Answer<any>>;
/** The generated module, typed loosely: it lives in a temporary folder, out of the type checker's sight. */
type Sdk = Record<string, SdkFn>;
interface Meta {
  total: number;
  has_more: boolean;
  next_cursor: string | null;
  sync_cursor?: string;
}
type OrderPage = { data: { id: number; status: string }[]; meta: Meta };

let ctx: TestContext;
let out: string;
let sdk: Sdk;
let receiver: Server;
let hookUrl: string;
/** The API key every generated call sends (Bearer): the current test's organizer's (see world()). */
let apiKey = '';
const got: { headers: IncomingHttpHeaders; body: string }[] = [];
// Near the real time: standardwebhooks refuses a timestamp more than 5 minutes from its own clock.
const clock = new TestClock(new Date(Math.floor(Date.now() / 1000) * 1000));

beforeAll(async () => {
  ctx = await createTestApp({ clock, env: { WEBHOOK_ALLOW_PRIVATE: 'true', AUTH_RATE_LIMIT_MAX: '1000' } });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;

  // The document as an integrator downloads it, then a client generated from it.
  const res = await fetch(`${base}/api/docs/json`);
  expect(res.status).toBe(200);
  const document = (await res.json()) as object;
  out = mkdtempSync(path.join(os.tmpdir(), 'admitone-client-'));
  await createClient({
    input: document,
    output: { path: out },
    plugins: ['@hey-api/client-fetch', '@hey-api/sdk'],
    logs: { level: 'silent', file: false },
  });
  expect(readdirSync(out)).toEqual(expect.arrayContaining(['client.gen.ts', 'sdk.gen.ts']));
  sdk = (await import(/* @vite-ignore */ path.join(out, 'sdk.gen.ts'))) as Sdk;
  const { client } = (await import(/* @vite-ignore */ path.join(out, 'client.gen.ts'))) as {
    client: { setConfig(config: Record<string, unknown>): void };
  };
  // The document's server is the app's public address (APP_URL): this one listens here instead.
  client.setConfig({ baseUrl: base, auth: () => apiKey });

  receiver = createServer((req, reply) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      reply.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/admitone`;
}, 120_000);

afterAll(async () => {
  receiver?.closeAllConnections();
  await new Promise((r) => (receiver ? receiver.close(r) : r(undefined)));
  await ctx?.close();
  if (out) rmSync(out, { recursive: true, force: true });
});

const db = () => ctx.app.deps.database.db;
const idOf = async (shortId: string) =>
  (await db().select({ id: orders.id }).from(orders).where(eq(orders.short_id, shortId)))[0]!.id;

/**
 * An organizer's live event (a free ticket: orders complete at once; a paid one: they await payment) and an API key.
 */
async function world() {
  const w = await liveEvent(ctx.app, [
    { name: 'Free', type: 'FREE' },
    { name: 'Seat', type: 'PAID', price: 1_000 },
  ]);
  await call(ctx.app, 'PUT', `/api/events/${w.event.id}/settings`, {
    token: w.u.token,
    body: { offline_payments_enabled: true },
  });
  const key = await call(ctx.app, 'POST', '/api/api-keys', {
    token: w.u.token,
    body: { name: 'Integration', access: 'READ_WRITE' },
  });
  expect(key.statusCode, key.body).toBe(201);
  apiKey = key.json().data.secret;
  const c = { eventId: w.event.id, organizerToken: w.u.token };
  /** Places an order: completed (free ticket) or awaiting payment (paid ticket, paid offline later). */
  const order = async (complete = true) =>
    idOf(
      (await placeOrder(ctx.app, c, [{ ticket_id: w.tickets[complete ? 0 : 1]!.id, quantity: 1 }], { paid: false }))
        .short_id,
    );
  return { ...w, order };
}

/** One page of the event's orders through the generated SDK. */
async function listOrders(eventId: number, query: Record<string, unknown>): Promise<OrderPage> {
  const answer = await sdk.getEventsEventIdOrders!({ path: { eventId }, query });
  expect(answer.response.status, JSON.stringify(answer.error)).toBe(200);
  return answer.data as OrderPage;
}

describe('a client generated from /api/docs/json', () => {
  it('filters a list by status: the filter arrives as filter_fields[status] and only the matching orders come', async () => {
    const { event, order, u, tickets } = await world();
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) ids.push(await order());
    const cancelled = [ids[1]!, ids[4]!];
    for (const id of cancelled)
      expect(
        (await call(ctx.app, 'POST', `/api/events/${event.id}/orders/${id}/cancel`, { token: u.token })).statusCode,
      ).toBe(200);

    const answer = await sdk.getEventsEventIdOrders!({
      path: { eventId: event.id },
      query: { filter_fields: { status: 'CANCELLED' }, per_page: 100 },
    });
    expect(answer.response.status).toBe(200);
    // Sent in the deepObject style the document declares, which is how the server (qs) reads it.
    expect(new URL(answer.request.url).searchParams.get('filter_fields[status]')).toBe('CANCELLED');
    const page = answer.data as OrderPage;
    expect(page.data.map((o) => o.id).sort((a, b) => a - b)).toEqual(cancelled);
    expect(page.data.every((o) => o.status === 'CANCELLED')).toBe(true);
    expect(page.meta.total).toBe(2);

    const completed = await listOrders(event.id, { filter_fields: { status: 'COMPLETED' }, per_page: 100 });
    expect(completed.data.map((o) => o.id).sort((a, b) => a - b)).toEqual(ids.filter((id) => !cancelled.includes(id)));
    // Two filters at once, and an unknown one refused by name (never ignored).
    const byTicket = async (ticketId: number) =>
      (await listOrders(event.id, { filter_fields: { status: 'CANCELLED', ticket_id: ticketId } })).data
        .map((o) => o.id)
        .sort((a, b) => a - b);
    expect(await byTicket(tickets[0]!.id)).toEqual(cancelled);
    expect(await byTicket(tickets[1]!.id)).toEqual([]);
    const unknown = await sdk.getEventsEventIdOrders!({
      path: { eventId: event.id },
      query: { filter_fields: { colour: 'red' } },
    });
    expect(unknown.response.status).toBe(422);
    expect(Object.keys(unknown.error!.error.field_errors ?? {})).toEqual(['filter_fields.colour']);
  });

  it('syncs orders with updated_since and per_page=2, following next_cursor while orders are placed and changed between pages', async () => {
    const { event, order, u } = await world();
    const before = [await order(), await order()];
    clock.advance(60_000);
    const since = clock.now().toISOString();
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push(await order(i % 2 === 0));
    const awaitingPayment = (id: number) => ids.indexOf(id) % 2 === 1;

    /**
     * One pass from `query` to `has_more: false` (each page at most 2 orders), `between` running after
     * every page but the last. Returns the ids in the order they came and the last page's meta.
     */
    async function pass(
      query: Record<string, unknown>,
      between: (seen: number[]) => Promise<void> = async () => undefined,
    ) {
      const seen: number[] = [];
      for (let n = 1; ; n++) {
        const page = await listOrders(event.id, query);
        expect(page.data.length).toBeLessThanOrEqual(2);
        seen.push(...page.data.map((o) => o.id));
        if (!page.meta.has_more) {
          expect(page.meta.next_cursor).toBeNull();
          return { seen, meta: page.meta, pages: n };
        }
        expect(n).toBeLessThan(20);
        await between(seen);
        query = { per_page: 2, cursor: page.meta.next_cursor };
      }
    }
    const deadline = Date.now() + 15_000;
    const wait = async (what: string) => {
      expect(Date.now(), what).toBeLessThan(deadline);
      await new Promise((r) => setTimeout(r, 50));
    };
    // On PostgreSQL a page shows only rows whose transaction is below the oldest one still running (another
    // test file's, on the same server, may hold it back a moment): wait until the orders placed are visible.
    for (;;) {
      const { seen } = await pass({ updated_since: since, per_page: 2 });
      if (ids.every((id) => seen.includes(id))) break;
      await wait('the orders never became visible');
    }

    // The pass: a new order between every two pages, and (once) an order already read is paid, so it changed again.
    let changedAfterRead: number | null = null;
    const first = await pass({ updated_since: since, per_page: 2 }, async (seen) => {
      clock.advance(1_000);
      ids.push(await order());
      const read = seen.find(awaitingPayment);
      if (changedAfterRead === null && read !== undefined) {
        changedAfterRead = read;
        expect(
          (await call(ctx.app, 'POST', `/api/events/${event.id}/orders/${read}/mark-as-paid`, { token: u.token }))
            .statusCode,
        ).toBe(200);
      }
    });
    expect(first.pages).toBeGreaterThanOrEqual(3);
    expect(changedAfterRead).not.toBeNull();

    // Later passes from sync_cursor bring what changed meanwhile (held back by the same bound, never lost).
    const seen = [...first.seen];
    let meta = first.meta;
    while (!ids.every((id) => seen.includes(id)) || seen.filter((id) => id === changedAfterRead).length < 2) {
      await wait(`never came: ${ids.filter((id) => !seen.includes(id)).join(', ')}`);
      const more = await pass({ per_page: 2, cursor: meta.sync_cursor });
      seen.push(...more.seen);
      meta = more.meta;
    }

    // Every order changed since `since` once, none from before it, and the one changed after it was read again, later.
    expect([...new Set(seen)].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    expect(seen.filter((id) => before.includes(id))).toEqual([]);
    expect(seen.filter((id, i) => seen.indexOf(id) !== i)).toEqual([changedAfterRead]);
    expect(seen.lastIndexOf(changedAfterRead!)).toBeGreaterThan(seen.indexOf(changedAfterRead!));

    // Offset-only parameters are refused in sync mode, by name.
    const refused = await sdk.getEventsEventIdOrders!({
      path: { eventId: event.id },
      query: { updated_since: since, sort_by: 'total' },
    });
    expect(refused.response.status).toBe(422);
    expect(Object.keys(refused.error!.error.field_errors ?? {})).toEqual(['sort_by']);
  });

  it('adds a webhook whose deliveries the standardwebhooks library verifies', async () => {
    const { event, order } = await world();
    const made = await sdk.postWebhooks!({
      body: { url: hookUrl, event_types: ['order.created'], event_id: event.id },
    });
    expect(made.response.status, JSON.stringify(made.error)).toBe(201);
    const hook = (made.data as { data: { id: number; secret: string } }).data;
    expect(hook.secret).toMatch(/^whsec_/);

    got.length = 0;
    const placed = await order();
    await deliverDueWebhooks({ ...webhookJobOptions(ctx.app.deps.config), db: db(), clock });
    expect(got).toHaveLength(1);
    const delivery = got[0]!;
    const headers = Object.fromEntries(Object.entries(delivery.headers).map(([k, v]) => [k, String(v)]));
    const payload = new Webhook(hook.secret).verify(delivery.body, headers) as {
      id: string;
      type: string;
      event_id: number;
      data: { id: number };
    };
    expect(payload).toMatchObject({
      id: headers['webhook-id'],
      type: 'order.created',
      event_id: event.id,
      data: { id: placed },
    });
    // A body changed on the way, or another webhook's secret, fail.
    expect(() =>
      new Webhook(hook.secret).verify(delivery.body.replace(`"id":${placed}`, `"id":${placed + 1}`), headers),
    ).toThrow();
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).verify(delivery.body, headers),
    ).toThrow();

    // The delivery log, through the SDK too.
    const log = await sdk.getWebhooksIdDeliveries!({ path: { id: hook.id } });
    expect(log.response.status).toBe(200);
    expect((log.data as { data: { state: string }[] }).data.map((d) => d.state)).toEqual(['SUCCEEDED']);
  });
});
