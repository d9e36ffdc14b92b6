import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { outbox } from '../src/db/schema/index.js';
import { MAIL_LANES } from '../src/mail/outbox.js';
import type { TemplateName } from '../src/mail/templates/index.js';
import { liveEvent, placeOrder } from './checkout-factory.js';
import { call, createTestApp, type TestContext } from './test-app.js';

/**
 * Mail lanes: a sell-out's ticket mails (bulk) never hold up the mails a person waits for (urgent).
 * The SMTP server holds back every ticket and order mail (no 250), so every bulk worker is stuck in a
 * conversation; a password reset requested then must still arrive, through the urgent lane's own
 * workers and connections. Ordering, not time: with one shared lane it would never arrive.
 */
const TICKETS = 300;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

/** Every outbox row in the order written (an update moves a row in the table, so no order without ORDER BY). */
async function outboxRows() {
  return ctx.app.deps.database.db
    .select({ id: outbox.id, lane: outbox.lane, status: outbox.status, payload: outbox.payload })
    .from(outbox)
    .orderBy(asc(outbox.id));
}

describe('mail lanes', { timeout: 300_000 }, () => {
  it('a password reset reaches the SMTP server while 300 ticket mails wait, and every mail goes out once', async () => {
    const { u, event, tickets } = await liveEvent(ctx.app, [
      { name: 'Lawn', type: 'FREE', quantity: 1000, max_per_order: 100 },
    ]);
    const organizerEmail = u.email;
    const before = Math.max(0, ...(await outboxRows()).map((r) => r.id));

    // From here on the SMTP server answers no mail but the reset: bulk workers wait on the wire.
    ctx.smtp.hold((m) => !m.to.includes(organizerEmail));
    // Three free orders of 100 (the most one order may hold).
    for (let i = 0; i < TICKETS / 100; i++) {
      const order = await placeOrder(ctx.app, { eventId: event.id, organizerToken: u.token }, [
        { ticket_id: tickets[0]!.id, quantity: 100 },
      ]);
      expect(order.status).toBe('COMPLETED');
    }
    const queued = (await outboxRows()).filter((r) => r.id > before);
    const ticketMails = queued.filter((r) => r.payload.template === 'attendee_ticket');
    expect(ticketMails).toHaveLength(TICKETS);
    expect(new Set(queued.map((r) => r.lane))).toEqual(new Set(['bulk']));

    // Wait until every bulk worker is stuck in a conversation the server does not answer.
    const concurrency = ctx.app.deps.config.mailConcurrency;
    for (let waited = 0; ctx.smtp.held().length < concurrency; waited++) {
      if (waited > 2400)
        throw new Error(`only ${ctx.smtp.held().length} of ${concurrency} bulk workers reached the SMTP server`);
      await new Promise((r) => setTimeout(r, 50));
    }

    const forgot = await call(ctx.app, 'POST', '/api/auth/forgot-password', { body: { email: organizerEmail } });
    expect(forgot.statusCode).toBe(200);
    const reset = await ctx.smtp.waitFor(organizerEmail, (m) => m.text.includes('/auth/reset-password/'), 120_000);

    // The reset arrived while the order's mails were still outstanding: none accepted, nearly all not even sent.
    const atReset = await outboxRows();
    const resetRow = atReset.find((r) => `<outbox-${r.id}@admitone>` === reset.messageId)!;
    expect(resetRow).toMatchObject({ lane: 'urgent' });
    const bulkOpen = atReset.filter((r) => r.lane === 'bulk' && r.status !== 'SENT');
    expect(bulkOpen.length).toBeGreaterThanOrEqual(TICKETS - concurrency);
    expect(ctx.smtp.received.filter((m) => m.to.some((to) => to.startsWith('guest')))).toHaveLength(0);
    expect(ctx.smtp.held()).toHaveLength(concurrency);

    // Let the bulk lane go: in the end every mail of the outbox reached the SMTP server exactly once.
    ctx.smtp.release();
    const deadline = Date.now() + 240_000;
    let rows = await outboxRows();
    while (rows.some((r) => r.status !== 'SENT') && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      rows = await outboxRows();
    }
    expect(rows.filter((r) => r.status !== 'SENT').map((r) => r.status)).toEqual([]);
    const received = ctx.smtp.received.map((m) => m.messageId);
    expect(received.length).toBe(new Set(received).size);
    expect(new Set(received)).toEqual(new Set(rows.map((r) => `<outbox-${r.id}@admitone>`)));
  });

  it('every template has a lane: what a person waits for is urgent, orders, tickets and messages are bulk', () => {
    const urgent = (Object.keys(MAIL_LANES) as TemplateName[]).filter((t) => MAIL_LANES[t] === 'urgent').sort();
    // A "find my tickets" link too: the buyer asked for it on the page and waits for it.
    expect(urgent).toEqual([
      'email_change',
      'email_change_taken',
      'email_confirmation',
      'invitation',
      'login_changed',
      'order_lookup',
      'password_reset',
      'signup_confirmation',
      'signup_existing_login',
      'waitlist_joined',
      'waitlist_offer',
      'webhook_disabled',
    ]);
  });
});
