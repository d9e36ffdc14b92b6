import { Writable } from 'node:stream';

import { and, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { mailBudgetEntries, orders, outbox } from '../../src/db/schema/index.js';
import { deliverDueMessages, type MailDeliveryDeps } from '../../src/jobs/mail-delivery.js';
import { smtpTransport } from '../../src/mail/transport.js';
import { TestClock } from '../../src/shared/clock.js';
import { liveEvent, placeOrder } from '../checkout-factory.js';
import { call, createTestApp, type TestContext } from '../test-app.js';

/**
 * Issue #37, fault A: SMTP down for longer than the old eight attempts (about an hour). The app's clock
 * is moved forward between delivery rounds (no real waiting); the SMTP server is really stopped (its
 * port refuses connections) and started again on the same port.
 */

/** An SMTP server on a fixed port that can be stopped and started, refusing some recipients for good (550). */
async function switchableSmtp() {
  const received: Array<{ to: string[]; messageId: string }> = [];
  const refuse = new Set<string>();
  let server: SMTPServer | null = null;
  let port = 0;
  const start = async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      // Stopping drops the client's idle pooled connections at once (a real outage does not wait for them).
      closeTimeout: 50,
      onRcptTo(address, _session, callback) {
        if (refuse.has(address.address))
          return callback(Object.assign(new Error('5.1.1 mailbox does not exist'), { responseCode: 550 }));
        callback();
      },
      onData(stream, session, callback) {
        let head = '';
        stream.on('data', (c: Buffer) => (head += c.toString('latin1')));
        stream.on('end', () => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            messageId: /^message-id:\s*(\S+)/im.exec(head)?.[1] ?? '',
          });
          callback();
        });
      },
    });
    server.on('error', () => undefined);
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    port = (server.server.address() as { port: number }).port;
  };
  await start();
  return {
    url: () => `smtp://127.0.0.1:${port}`,
    received,
    refuse,
    start,
    stop: () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
  };
}

/** Every log line the mail delivery writes, as parsed JSON. */
const lines: Array<{ level: number; msg: string; failures?: number }> = [];
const log = pino(
  { level: 'info' },
  new Writable({ write: (chunk: Buffer, _enc, done) => (lines.push(JSON.parse(chunk.toString())), done()) }),
);

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof switchableSmtp>>;
let deps: MailDeliveryDeps;
const clock = new TestClock(new Date('2026-11-21T10:00:00Z'));
const db = () => ctx.app.deps.database.db;

beforeAll(async () => {
  smtp = await switchableSmtp();
  const transport = smtpTransport(smtp.url(), 'AdmitOne <no-reply@admitone.test>', 5_000);
  // Workers off: the test runs each delivery round itself, with the app's own mail settings.
  ctx = await createTestApp({ clock, mail: transport, work: false });
  deps = {
    db: db(),
    clock,
    transport,
    log,
    staleClaimMs: ctx.app.deps.config.outboxStaleClaimSeconds * 1000,
    retryForMs: ctx.app.deps.config.mailRetryHours * 3_600_000,
  } as MailDeliveryDeps;
  // The organizers' own sign-up mails go out while SMTP is up.
  await deliverDueMessages(deps);
});
afterAll(async () => {
  await ctx.close();
  await smtp.stop();
});

const mailsOfOrder = async (orderShortId: string, template: string) => {
  const [order] = await db()
    .select({ id: orders.id, email: orders.email })
    .from(orders)
    .where(eq(orders.short_id, orderShortId));
  const rows = await db()
    .select()
    .from(outbox)
    .where(and(sql`${outbox.payload}->>'template' = ${template}`, sql`${outbox.payload}->>'to' = ${order!.email}`));
  return { orderId: order!.id, rows };
};

/** Delivery rounds while the clock moves on by `stepMs` after each. */
async function rounds(n: number, stepMs: number) {
  for (let i = 0; i < n; i++) {
    await deliverDueMessages(deps);
    clock.advance(stepMs);
  }
}

const failureLines = () => lines.filter((l) => l.msg.startsWith('mail delivery failed'));

describe('SMTP outage (issue #37, fault A)', () => {
  it('keeps an order mail through an outage far longer than eight attempts, tells the operator, and delivers it when SMTP is back', async () => {
    const { u, event, tickets } = await liveEvent(ctx.app, [{ name: 'Free', type: 'FREE', quantity: 10 }]);
    await smtp.stop();
    const order = await placeOrder(
      ctx.app,
      { eventId: event.id, organizerToken: u.token },
      [{ ticket_id: tickets[0]!.id, quantity: 2 }],
      { buyer: { email: 'long-outage@example.test' } },
    );
    expect(order.status).toBe('COMPLETED');

    // Two rounds in the same minute: each of the order's mails fails in each, one log line in all.
    lines.length = 0;
    await deliverDueMessages(deps);
    clock.advance(30_000);
    await deliverDueMessages(deps);
    expect(failureLines()).toHaveLength(1);

    // Twelve hours of outage: far past the old eight attempts.
    await rounds(30, 24 * 60_000);
    const { rows } = await mailsOfOrder(order.short_id, 'order_confirmation');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'PENDING' });
    expect(rows[0]!.attempts).toBeGreaterThan(8);
    // At most one line a minute, each saying how many failures it stands for.
    const logged = failureLines();
    expect(logged.length).toBeLessThanOrEqual(31);
    expect(logged.at(-1)!.failures).toBeGreaterThan(1);

    // The operator sees mail waiting (the process stays live and ready).
    const health = await call(ctx.app, 'GET', '/api/health');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok', mail: { status: 'degraded' } });
    expect(health.json().mail.waiting).toBeGreaterThanOrEqual(3);
    expect(health.json().mail.oldest_waiting_seconds).toBeGreaterThanOrEqual(12 * 3600);
    expect((await call(ctx.app, 'GET', '/api/health/live')).statusCode).toBe(200);

    // SMTP is back: the next round after the (capped) backoff sends it.
    await smtp.start();
    clock.advance(31 * 60_000);
    await deliverDueMessages(deps);
    const after = (await mailsOfOrder(order.short_id, 'order_confirmation')).rows[0]!;
    expect(after.status).toBe('SENT');
    expect(smtp.received.filter((m) => m.messageId === `<outbox-${after.id}@admitone>`)).toHaveLength(1);
    expect((await call(ctx.app, 'GET', '/api/health')).json()).toMatchObject({
      status: 'ok',
      mail: { status: 'ok', waiting: 0 },
    });
  });

  it('fails a mail at once when the server refuses its address for good, and the organizer can send it again', async () => {
    const { u, event, tickets } = await liveEvent(ctx.app, [{ name: 'Free', type: 'FREE', quantity: 10 }]);
    await deliverDueMessages(deps);
    smtp.refuse.add('typo@example.test');
    const order = await placeOrder(
      ctx.app,
      { eventId: event.id, organizerToken: u.token },
      [{ ticket_id: tickets[0]!.id, quantity: 1 }],
      { buyer: { email: 'typo@example.test' } },
    );
    await deliverDueMessages(deps);
    const { orderId, rows } = await mailsOfOrder(order.short_id, 'order_confirmation');
    expect(rows[0]).toMatchObject({ status: 'FAILED', attempts: 1 });

    // The order's mails, as the drawer shows them.
    const listed = await call(ctx.app, 'GET', `/api/events/${event.id}/orders/${orderId}/mails`, { token: u.token });
    expect(listed.statusCode).toBe(200);
    const failed = listed.json().data.find((m: { id: number }) => m.id === rows[0]!.id);
    expect(failed).toMatchObject({ template: 'order_confirmation', to: 'typo@example.test', status: 'FAILED' });

    // Another account's organizer cannot see or resend it.
    const other = await liveEvent(ctx.app, [{ name: 'Free', type: 'FREE', quantity: 1 }]);
    expect(
      (
        await call(ctx.app, 'POST', `/api/events/${event.id}/orders/${orderId}/mails/${rows[0]!.id}/send-again`, {
          token: other.u.token,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call(ctx.app, 'GET', `/api/events/${event.id}/orders/${orderId}/mails`, { token: other.u.token }))
        .statusCode,
    ).toBe(404);

    smtp.refuse.delete('typo@example.test');
    const again = await call(
      ctx.app,
      'POST',
      `/api/events/${event.id}/orders/${orderId}/mails/${rows[0]!.id}/send-again`,
      { token: u.token },
    );
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ id: rows[0]!.id, status: 'PENDING' });
    await deliverDueMessages(deps);
    expect((await mailsOfOrder(order.short_id, 'order_confirmation')).rows[0]!.status).toBe('SENT');
    expect(smtp.received.filter((m) => m.messageId === `<outbox-${rows[0]!.id}@admitone>`)).toHaveLength(1);
    // The buyer's own address: not counted against the team's mail budget.
    const [account] = await db().select({ account_id: orders.account_id }).from(orders).where(eq(orders.id, orderId));
    expect(
      await db().select().from(mailBudgetEntries).where(eq(mailBudgetEntries.account_id, account!.account_id)),
    ).toHaveLength(0);

    // Only a failed mail can be sent again.
    const twice = await call(
      ctx.app,
      'POST',
      `/api/events/${event.id}/orders/${orderId}/mails/${rows[0]!.id}/send-again`,
      { token: u.token },
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('MAIL_NOT_FAILED');
  });

  it('never sends a password reset after its link has expired', async () => {
    await deliverDueMessages(deps);
    const { u } = await liveEvent(ctx.app, [{ name: 'Free', type: 'FREE', quantity: 1 }]);
    await deliverDueMessages(deps);
    await smtp.stop();
    const email = u.email;
    expect((await call(ctx.app, 'POST', '/api/auth/forgot-password', { body: { email } })).statusCode).toBe(200);
    const [reset] = await db()
      .select()
      .from(outbox)
      .where(and(sql`${outbox.payload}->>'template' = 'password_reset'`, sql`${outbox.payload}->>'to' = ${email}`));
    expect(reset).toBeDefined();
    await rounds(8, 10 * 60_000);
    await smtp.start();
    await deliverDueMessages(deps);
    clock.advance(31 * 60_000);
    await deliverDueMessages(deps);
    const [row] = await db().select().from(outbox).where(eq(outbox.id, reset!.id));
    expect(row).toMatchObject({ status: 'FAILED' });
    expect(row!.last_error).toMatch(/link expire/);
    expect(smtp.received.filter((m) => m.messageId === `<outbox-${reset!.id}@admitone>`)).toHaveLength(0);
  });
});
