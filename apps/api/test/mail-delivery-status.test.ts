import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { deliverDueMessages } from '../src/jobs/mail-delivery.js';
import type { MailTransport } from '../src/mail/transport.js';
import { TestClock } from '../src/shared/clock.js';
import { liveEvent, placeOrder } from './checkout-factory.js';
import { call, createTestApp, type TestContext } from './test-app.js';

/**
 * The admin's side of a mail outage (issue #37, faults: "the operator is told ... the admin screen"):
 * the organizer's screens show a notice while the account's own mails wait, from this answer.
 */
const smtp = { down: true, sent: 0 };
const transport: MailTransport = {
  async send() {
    if (smtp.down) throw new Error('connect ECONNREFUSED 127.0.0.1:25');
    smtp.sent++;
  },
  close() {},
};

let ctx: TestContext;
const clock = new TestClock(new Date('2026-12-03T10:00:00Z'));
beforeAll(async () => {
  ctx = await createTestApp({ clock, mail: transport, work: false });
});
afterAll(() => ctx.close());

const deps = (retryForMs?: number) => ({
  db: ctx.app.deps.database.db,
  clock,
  transport,
  log: ctx.app.deps.log,
  ...(retryForMs ? { retryForMs } : {}),
});
const status = async (token: string, accountId: number) => {
  const res = await call(ctx.app, 'GET', `/api/accounts/${accountId}/mail-delivery`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe("an account's mail delivery", () => {
  it('is delayed while its own order mails wait, counts no other account, and says when mails were given up', async () => {
    const a = await liveEvent(ctx.app, [{ name: 'Entry', type: 'FREE', quantity: 50 }]);
    const b = await liveEvent(ctx.app, [{ name: 'Entry', type: 'FREE', quantity: 50 }]);
    const accountA = a.u.accounts[0]!.id;
    const accountB = b.u.accounts[0]!.id;
    expect(await status(a.u.token, accountA)).toEqual({
      status: 'ok',
      waiting: 0,
      oldest_waiting_at: null,
      given_up: 0,
      retry_hours: 72,
    });

    // A's buyer orders while the mail server is down: the confirmation and the ticket wait after a failed try.
    await placeOrder(ctx.app, { eventId: a.event.id, organizerToken: a.u.token }, [
      { ticket_id: a.tickets[0]!.id, quantity: 1 },
    ]);
    // Not tried yet: nothing is late.
    expect((await status(a.u.token, accountA)).status).toBe('ok');
    await deliverDueMessages(deps());
    const delayed = await status(a.u.token, accountA);
    expect(delayed).toMatchObject({ status: 'delayed', oldest_waiting_at: '2026-12-03T10:00:00.000Z', given_up: 0 });
    expect(delayed.waiting).toBeGreaterThanOrEqual(1);
    // B's mails are not A's, and A's are not B's.
    expect(await status(b.u.token, accountB)).toMatchObject({ status: 'ok', waiting: 0 });
    expect(
      (await call(ctx.app, 'GET', `/api/accounts/${accountA}/mail-delivery`, { token: b.u.token })).statusCode,
    ).toBe(404);
    expect((await call(ctx.app, 'GET', `/api/accounts/${accountA}/mail-delivery`)).statusCode).toBe(401);

    // The outage outlasts the retry period: the mails are given up, and the notice says so.
    clock.advance(60_000);
    await deliverDueMessages(deps(1));
    expect(await status(a.u.token, accountA)).toMatchObject({ status: 'ok', waiting: 0, given_up: delayed.waiting });

    // A week later they no longer count.
    clock.advance(8 * 86_400_000);
    expect(await status(a.u.token, accountA)).toMatchObject({ status: 'ok', waiting: 0, given_up: 0 });
    expect(smtp.sent).toBe(0);
  });
});
