import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { WEBHOOK_TEST_TYPE } from '@admitone/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { webhookDeliveries, webhookEvents, webhooks } from '../../src/db/schema/index.js';
import { webhookJobOptions } from '../../src/jobs/queue.js';
import { deliverDueWebhooks } from '../../src/modules/webhooks/delivery.js';
import { webhookSender } from '../../src/modules/webhooks/sender.js';
import { sendTestEvent } from '../../src/modules/webhooks/webhooks.repository.js';
import { TestClock } from '../../src/shared/clock.js';
import { registerConfirmedUser } from '../factories.js';
import { call, createTestApp, type TestContext } from '../test-app.js';

/**
 * Webhook deliveries of every account go through the same senders. The sweep took the oldest due
 * deliveries of any account, and "send test event" had no limit: one account queueing 60 test events
 * to a receiver that never answers filled every round with its own deliveries, and another account's
 * delivery waited behind the whole backlog (0.3 s became 37 s). Now each round takes at most
 * WEBHOOK_ACCOUNT_CONCURRENCY deliveries of an account, counting those of the account still in flight,
 * so a silent receiver holds only its own account's slots; and test sends are limited per account
 * (429 with Retry-After).
 */
const PER_ACCOUNT = 3;
let ctx: TestContext;
const clock = new TestClock(new Date('2026-11-27T10:00:00Z'));

/** A receiver that answers at once (`hang: false`) or holds every connection without a word. */
class Receiver {
  server: Server;
  requests: IncomingMessage[] = [];
  private waiting: Array<{ count: number; resolve: () => void }> = [];
  constructor(hang: boolean) {
    this.server = createServer((req, res) => {
      this.requests.push(req);
      for (const w of this.waiting.filter((x) => this.requests.length >= x.count)) w.resolve();
      req.resume();
      if (!hang) req.on('end', () => res.writeHead(200).end('ok'));
    });
  }
  async start() {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }
  /** Resolves once `count` requests have come in. */
  reached(count: number) {
    return this.requests.length >= count
      ? Promise.resolve()
      : new Promise<void>((resolve) => this.waiting.push({ count, resolve }));
  }
  async close() {
    this.server.closeAllConnections();
    await new Promise((r) => this.server.close(r));
  }
}
const silent = new Receiver(true);
const fast = new Receiver(false);
let silentUrl: string;
let fastUrl: string;

beforeAll(async () => {
  ctx = await createTestApp({
    clock,
    env: {
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_TIMEOUT_MS: '1500',
      WEBHOOK_ACCOUNT_CONCURRENCY: String(PER_ACCOUNT),
      WEBHOOK_TEST_SENDS_PER_MINUTE: '4',
      AUTH_RATE_LIMIT_MAX: '1000',
    },
  });
  silentUrl = await silent.start();
  fastUrl = await fast.start();
});
afterAll(async () => {
  await silent.close();
  await fast.close();
  await ctx.close();
});

const db = () => ctx.app.deps.database.db;
const round = () => deliverDueWebhooks({ ...webhookJobOptions(ctx.app.deps.config), db: db(), clock });

/** An admin with a webhook to `url` (`webhook.test` only needs a webhook). */
async function accountWithWebhook(url: string) {
  const admin = await registerConfirmedUser(ctx.app, ctx.smtp);
  const made = await call(ctx.app, 'POST', '/api/webhooks', {
    token: admin.token,
    body: { url, event_types: ['order.created'] },
  });
  expect(made.statusCode, made.body).toBe(201);
  const hookId = made.json().data.id as number;
  const [{ accountId }] = (await db()
    .select({ accountId: webhooks.account_id })
    .from(webhooks)
    .where(eq(webhooks.id, hookId))) as [{ accountId: number }];
  return { token: admin.token, hookId, accountId };
}

let accountA: Awaited<ReturnType<typeof accountWithWebhook>>;
let accountB: Awaited<ReturnType<typeof accountWithWebhook>>;
beforeAll(async () => {
  accountA = await accountWithWebhook(silentUrl);
  accountB = await accountWithWebhook(fastUrl);
});

/**
 * Account A's backlog: a webhook of its own with 60 test events to the receiver that never answers (more than the route
 * lets through).
 */
async function backlogOfA() {
  const [hook] = await db()
    .insert(webhooks)
    .values({ account_id: accountA.accountId, url: silentUrl, event_types: ['order.created'], secret: 'whsec_a' })
    .returning();
  const payload = { message: 'test' };
  const events = await db()
    .insert(webhookEvents)
    .values(
      Array.from({ length: 60 }, () => ({
        account_id: accountA.accountId,
        type: WEBHOOK_TEST_TYPE,
        object_kind: 'test',
        payload,
        body: payload,
        created_at: clock.now(),
      })),
    )
    .returning({ id: webhookEvents.id });
  await db()
    .insert(webhookDeliveries)
    .values(
      events.map((e) => ({
        webhook_id: hook!.id,
        webhook_event_id: e.id,
        next_attempt_at: clock.now(),
        created_at: clock.now(),
      })),
    );
  clock.advance(1000);
  return { hookId: hook!.id };
}
const deliveriesOf = (hookId: number, state?: 'PENDING' | 'SENDING' | 'SUCCEEDED') =>
  db()
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.webhook_id, hookId), state ? eq(webhookDeliveries.state, state) : undefined));

describe("one account's backlog to a silent receiver", () => {
  it("does not keep another account's delivery waiting: one round sends it, while the backlog is still pending", async () => {
    const a = await backlogOfA();
    const b = accountB;
    const [before, delivered] = [fast.requests.length, (await deliveriesOf(b.hookId, 'SUCCEEDED')).length];
    expect((await call(ctx.app, 'POST', `/api/webhooks/${b.hookId}/test`, { token: b.token })).statusCode).toBe(201);
    await round();
    expect(fast.requests.length - before).toBe(1);
    expect(await deliveriesOf(b.hookId, 'SUCCEEDED')).toHaveLength(delivered + 1);
    // A got its share of the round, no more: the rest of its backlog waits untouched.
    const aPending = await deliveriesOf(a.hookId, 'PENDING');
    expect(aPending.filter((d) => d.attempts === 0)).toHaveLength(60 - PER_ACCOUNT);
    await db().delete(webhooks).where(eq(webhooks.id, a.hookId));
  });

  it('holds only its own slots: while its attempts hang, another round sends the other account at once and none of its backlog', async () => {
    const a = await backlogOfA();
    const b = accountB;
    const delivered = (await deliveriesOf(b.hookId, 'SUCCEEDED')).length;
    const already = silent.requests.length;
    const hanging = round();
    await silent.reached(already + PER_ACCOUNT);
    // While A's attempts wait for an answer (up to WEBHOOK_TIMEOUT_MS), B's event comes and a round runs.
    await sendTestEvent(db(), b.accountId, b.hookId, clock.now());
    const second = await round();
    expect(second.attempted).toBe(1);
    expect(await deliveriesOf(b.hookId, 'SUCCEEDED')).toHaveLength(delivered + 1);
    expect(await deliveriesOf(a.hookId, 'SENDING')).toHaveLength(PER_ACCOUNT);
    await hanging;
    expect(silent.requests.length - already).toBe(PER_ACCOUNT);
    await db().delete(webhooks).where(eq(webhooks.id, a.hookId));
  });
});

describe("the worker's sender", () => {
  it("runs each delivery on its own: B's goes out while A's attempts still wait for an answer", async () => {
    const a = await backlogOfA();
    const b = accountB;
    const delivered = (await deliveriesOf(b.hookId, 'SUCCEEDED')).length;
    const errors: unknown[] = [];
    const sender = webhookSender(
      { ...webhookJobOptions(ctx.app.deps.config), db: db(), clock },
      { mails: () => undefined, failed: (err) => errors.push(err) },
    );
    const [silentBefore, fastBefore] = [silent.requests.length, fast.requests.length];
    await sender.sweep();
    await silent.reached(silentBefore + PER_ACCOUNT);
    await sendTestEvent(db(), b.accountId, b.hookId, clock.now());
    await sender.sweep();
    await fast.reached(fastBefore + 1);
    expect(await deliveriesOf(a.hookId, 'SENDING')).toHaveLength(PER_ACCOUNT);
    await sender.stop();
    expect(await deliveriesOf(b.hookId, 'SUCCEEDED')).toHaveLength(delivered + 1);
    expect(errors).toEqual([]);
    await db().delete(webhooks).where(eq(webhooks.id, a.hookId));
  });
});

describe('send test event', () => {
  it('is limited per account: 429 with Retry-After past the limit, other accounts unaffected', async () => {
    const a = accountA;
    const answers = [];
    for (let i = 0; i < 6; i++)
      answers.push(await call(ctx.app, 'POST', `/api/webhooks/${a.hookId}/test`, { token: a.token }));
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 429, 429]);
    expect(answers[4]!.json().error.code).toBe('RATE_LIMITED');
    expect(Number(answers[4]!.headers['retry-after'])).toBeGreaterThan(0);
    expect(await deliveriesOf(a.hookId)).toHaveLength(4);
    expect(
      (await call(ctx.app, 'POST', `/api/webhooks/${accountB.hookId}/test`, { token: accountB.token })).statusCode,
    ).toBe(201);
  });
});
