import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { orders } from '../src/db/schema/index.js';
import { webhookJobOptions } from '../src/jobs/queue.js';
import { deliverDueWebhooks } from '../src/modules/webhooks/delivery.js';
import { TestClock } from '../src/shared/clock.js';
import { placeOrder } from './checkout-factory.js';
import { createEvent, createOrganizer, registerConfirmedUser } from './factories.js';
import { call, createTestApp, type TestContext } from './test-app.js';

/**
 * A webhook's body is the object as it was when the change happened, built in the change's transaction,
 * not when the sender gets to it: an order created and cancelled before the sender runs is sent as
 * created (COMPLETED) in `order.created` and as cancelled in `order.cancelled`, numbered 1 and 2 for
 * that order (`sequence`), so a receiver can tell which is newer whatever order they arrive in.
 */
type Sent = {
  id: string;
  type: string;
  sequence: number;
  data: { id: number; status: string; history: Array<{ kind: string }> };
};
let ctx: TestContext;
let server: Server;
let url: string;
const got: Sent[] = [];
const clock = new TestClock(new Date('2026-11-27T10:00:00Z'));
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
  server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      got.push(JSON.parse(body) as Sent);
      res.writeHead(200).end('ok');
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

describe('the state at the change', () => {
  it('sends an order created then cancelled before the sender ran as created, then as cancelled, numbered 1 and 2', async () => {
    const admin = await registerConfirmedUser(ctx.app, ctx.smtp, { name: 'Paula Payload' });
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
      body: { url, event_types: ['order.created', 'order.cancelled'] },
    });
    expect(made.statusCode, made.body).toBe(201);

    const placed = await placeOrder(ctx.app, { eventId: event.id, organizerToken: admin.token }, [
      { ticket_id: ticket.id, quantity: 1 },
    ]);
    const [order] = await ctx.app.deps.database.db.select().from(orders).where(eq(orders.short_id, placed.short_id));
    const cancelled = await call(ctx.app, 'POST', `/api/events/${event.id}/orders/${order!.id}/cancel`, {
      token: admin.token,
      body: {},
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    // The sender runs only now, after both changes.
    const r = await deliverDueWebhooks({
      ...webhookJobOptions(ctx.app.deps.config),
      db: ctx.app.deps.database.db,
      clock,
    });
    expect(r.attempted).toBe(2);
    const created = got.find((e) => e.type === 'order.created')!;
    const gone = got.find((e) => e.type === 'order.cancelled')!;
    expect(created.data).toMatchObject({ id: order!.id, status: 'COMPLETED' });
    expect(created.data.history.map((h) => h.kind)).not.toContain('CANCELLED');
    expect(gone.data).toMatchObject({ id: order!.id, status: 'CANCELLED' });
    expect(gone.data.history.map((h) => h.kind)).toContain('CANCELLED');
    expect([created.sequence, gone.sequence]).toEqual([1, 2]);
  });
});
