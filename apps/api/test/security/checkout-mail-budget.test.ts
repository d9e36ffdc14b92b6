import type { PublicOrderDto } from '@admitone/shared';
import { and, eq, inArray, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { mailBudgetEntries, messageRecipients, outbox } from '../../src/db/schema/index.js';
import { TestClock } from '../../src/shared/clock.js';
import { buyerHeaders, details, liveEvent } from '../checkout-factory.js';
import { confirmAddress } from '../factories.js';
import { sendStripeWebhook, singleStripeEnv, startStripeServer, type StripeServer } from '../stripe-server.js';
import { call, createTestApp, type TestContext } from '../test-app.js';

/**
 * An account passed its hourly mail budget through its own public checkout (issue #37, hole 12): it
 * made a free ticket, put strangers' addresses through its free checkout (each a "buyer's own order",
 * whose addresses cost nothing), then sent "all attendees" a message: 207 addresses under a budget of
 * 200, for the price of one. Now only addresses a card payment vouches for are free: those of free and
 * offline orders count like addresses the team typed in. A message to more of them than the hour has
 * room for is not refused but paced: no hour sends more than the budget, the rest waits in the outbox
 * and goes out as the budget frees up, and the organizer sees until when.
 */

const BUDGET = 5;
const HOUR = 3_600_000;
const WEBHOOK_SECRET = 'whsec_test_admitone';
let ctx: TestContext;
let stripe: StripeServer;
const clock = new TestClock(new Date('2027-03-01T12:00:00Z'));
beforeAll(async () => {
  stripe = await startStripeServer();
  ctx = await createTestApp({
    clock,
    env: {
      MAIL_BUDGET_PER_HOUR: String(BUDGET),
      ...singleStripeEnv(stripe, WEBHOOK_SECRET),
    },
  });
}, 60_000);
afterAll(async () => {
  await ctx.close();
  await stripe.close();
});

const db = () => ctx.app.deps.database.db;
const url = (eventId: number, shortId: string, rest = '') => `/api/public/events/${eventId}/order/${shortId}${rest}`;
type Reservation = { data: PublicOrderDto; checkout_token: string; order_secret: string };

/**
 * A checkout through the public pages from `ip`: one attendee with `email` (also the buyer's); a free order completes.
 */
async function checkout(eventId: number, ticketId: number, email: string, ip: string) {
  const ev = (await call(ctx.app, 'GET', `/api/public/events/${eventId}`, { ip })).json().data;
  const price = ev.tickets.find((t: { id: number }) => t.id === ticketId).unit.total as number;
  const res = await call(ctx.app, 'POST', `/api/public/events/${eventId}/order`, {
    body: { items: [{ ticket_id: ticketId, quantity: 1 }], expected_total: price },
    ip,
  });
  expect(res.statusCode, res.body).toBe(201);
  const r = res.json<Reservation>();
  const headers = buyerHeaders(r);
  const body = details(r.data, {
    email,
    attendees: r.data.attendees.map((a) => ({
      short_id: a.short_id,
      first_name: 'Pat',
      last_name: 'Target',
      email,
      answers: {},
    })),
  });
  const done = await call(ctx.app, 'PUT', url(eventId, r.data.short_id, '/details'), { headers, body, ip });
  expect(done.statusCode, done.body).toBe(200);
  return { r, headers, order: done.json<{ data: PublicOrderDto }>().data };
}

/** Pays an order by card through the fake Stripe, as the buyer's browser and Stripe's webhook do. */
async function payByCard(eventId: number, shortId: string, headers: Record<string, string>) {
  const started = await call(ctx.app, 'POST', url(eventId, shortId, '/card-payment'), { headers });
  expect(started.statusCode, started.body).toBe(200);
  const hook = await sendStripeWebhook(ctx.app, WEBHOOK_SECRET, {
    id: `evt_${shortId}`,
    type: 'payment_intent.succeeded',
    object: stripe.setStatus((started.json().data.client_secret as string).split('_secret_')[0]!, 'succeeded'),
  });
  expect(hook.statusCode).toBe(200);
  const paid = (await call(ctx.app, 'GET', url(eventId, shortId), { headers })).json().data;
  expect(paid).toMatchObject({ status: 'COMPLETED', payment_status: 'PAYMENT_RECEIVED', payment_provider: 'STRIPE' });
}

/** The outbox rows of a message, with when each may leave. */
async function mailsOf(messageId: number) {
  return db()
    .select({ id: outbox.id, to: messageRecipients.email, at: outbox.available_at, status: outbox.status })
    .from(messageRecipients)
    .innerJoin(outbox, eq(outbox.id, messageRecipients.outbox_id))
    .where(eq(messageRecipients.message_id, messageId));
}

const budgetSpent = async (accountId: number) =>
  Number(
    (
      await db()
        .select({ n: sum(mailBudgetEntries.mails) })
        .from(mailBudgetEntries)
        .where(eq(mailBudgetEntries.account_id, accountId))
    )[0]!.n ?? 0,
  );

/** Delivers what is due now and waits until it has left (rows still held back stay PENDING). */
async function deliverDue(ids: number[]) {
  await ctx.app.deps.jobs.deliverOutbox(ids);
  const deadline = Date.now() + 20_000;
  for (;;) {
    const open = await db()
      .select({ id: outbox.id, at: outbox.available_at, status: outbox.status })
      .from(outbox)
      .where(and(inArray(outbox.id, ids), inArray(outbox.status, ['PENDING', 'SENDING'])));
    if (!open.some((o) => o.status === 'SENDING' || o.at <= clock.now())) return;
    if (Date.now() > deadline) throw new Error('due mails did not leave');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const delivered = (subject: string) => ctx.smtp.received.filter((m) => m.subject.includes(subject));

describe("an account's own free checkout is no way around its mail budget", () => {
  it('a message to strangers put through the free checkout is paced within the budget, hour by hour', async () => {
    const spammer = await liveEvent(ctx.app, [{ name: 'Free entry', type: 'FREE', quantity: 100 }]);
    await confirmAddress(ctx.app, ctx.smtp, spammer.u);
    const accountId = spammer.u.accounts[0]!.id;
    // Twelve strangers, entered from four client addresses: more than twice the hour's budget.
    const victims = Array.from({ length: 12 }, (_, n) => `victim-${n}@prey.test`);
    for (const [n, email] of victims.entries())
      await checkout(spammer.event.id, spammer.tickets[0]!.id, email, `198.51.100.${(n % 4) + 1}`);
    // The buyers' own confirmation and ticket mails are not the team's: nothing is spent yet.
    expect(await budgetSpent(accountId)).toBe(0);

    const sentAt = clock.now();
    const subject = 'Claim your prize now';
    const res = await call(ctx.app, 'POST', `/api/events/${spammer.event.id}/messages`, {
      token: spammer.u.token,
      body: { subject, body: '<p>Click here</p>', recipient_type: 'ALL_ATTENDEES', acknowledged_not_promotional: true },
    });
    // Accepted, but sent gradually: the last mails two hours on (4 now, 5 in an hour, 3 in two).
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      recipient_count: 12,
      paced_until: new Date(sentAt.getTime() + 2 * HOUR).toISOString(),
    });
    const message = res.json().data.id as number;
    const mails = await mailsOf(message);
    expect(mails.map((m) => m.to).sort()).toEqual([...victims].sort());
    // The message counts one, each stranger one: 13 over three hours.
    expect(await budgetSpent(accountId)).toBe(1 + victims.length);
    const times = mails.map((m) => m.at.getTime() - sentAt.getTime()).sort((a, b) => a - b);
    expect(times).toEqual([...Array(BUDGET - 1).fill(0), ...Array(BUDGET).fill(HOUR), ...Array(3).fill(2 * HOUR)]);
    // No hour holds more than the budget (the message itself counting one at its start).
    for (const t of times)
      expect(times.filter((u) => u > t - HOUR && u <= t).length + (t < HOUR ? 1 : 0)).toBeLessThanOrEqual(BUDGET);

    const ids = mails.map((m) => m.id);
    await deliverDue(ids);
    expect(delivered(subject)).toHaveLength(BUDGET - 1);
    // Anything else the team sends to typed addresses now waits too: the hour is spent.
    const invite = await call(ctx.app, 'POST', '/api/users', {
      token: spammer.u.token,
      body: { email: 'helper@prey.test', role: 'ADMIN' },
    });
    expect(invite.statusCode).toBe(429);

    clock.advance(HOUR);
    await deliverDue(ids);
    expect(delivered(subject)).toHaveLength(2 * BUDGET - 1);
    clock.advance(HOUR);
    await deliverDue(ids);
    expect(delivered(subject)).toHaveLength(victims.length);
    expect(new Set(delivered(subject).flatMap((m) => m.to))).toEqual(new Set(victims));
    const after = (
      await call(ctx.app, 'GET', `/api/events/${spammer.event.id}/messages/${message}`, { token: spammer.u.token })
    ).json().data;
    expect(after).toMatchObject({ paced_until: null, counts: { sent: 12, queued: 0, failed: 0 } });
  });

  it("a message to buyers who paid by card still costs one, however many; a free order's address beside them counts", async () => {
    const w = await liveEvent(ctx.app, [
      { name: 'Seat', type: 'PAID', price: 2500, quantity: 50 },
      { name: 'Guest list', type: 'FREE', quantity: 50 },
    ]);
    await confirmAddress(ctx.app, ctx.smtp, w.u);
    const accountId = w.u.accounts[0]!.id;
    const payers = Array.from({ length: BUDGET + 3 }, (_, n) => `payer-${n}@card.test`);
    for (const [n, email] of payers.entries()) {
      const { r, headers } = await checkout(w.event.id, w.tickets[0]!.id, email, `203.0.113.${n + 1}`);
      await payByCard(w.event.id, r.data.short_id, headers);
    }
    const send = (recipient_type: string, subject: string) =>
      call(ctx.app, 'POST', `/api/events/${w.event.id}/messages`, {
        token: w.u.token,
        body: { subject, body: '<p>Doors open at eight</p>', recipient_type, acknowledged_not_promotional: true },
      });

    for (const [n, type] of ['ALL_BUYERS', 'ALL_ATTENDEES'].entries()) {
      const res = await send(type, `Doors ${type}`);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data).toMatchObject({ recipient_count: payers.length, paced_until: null });
      // All of them at once, for one each.
      expect((await mailsOf(res.json().data.id)).every((m) => m.at.getTime() === clock.now().getTime())).toBe(true);
      expect(await budgetSpent(accountId)).toBe(n + 1);
    }

    // A guest-list order (free, through the public checkout) beside them counts one more.
    await checkout(w.event.id, w.tickets[1]!.id, 'guest@list.test', '192.0.2.9');
    const mixed = await send('ALL_ATTENDEES', 'Doors mixed');
    expect(mixed.statusCode).toBe(201);
    expect(mixed.json().data).toMatchObject({ recipient_count: payers.length + 1, paced_until: null });
    expect(await budgetSpent(accountId)).toBe(2 + 2);
  });
});
