import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { outbox } from '../src/db/schema/index.js';
import { deliverDueMessages, deliverOutboxMessage, drainLane } from '../src/jobs/mail-delivery.js';
import { enqueueMail, STALE_CLAIM_MS } from '../src/mail/outbox.js';
import type { MailTransport, OutgoingMail } from '../src/mail/transport.js';
import { TestClock } from '../src/shared/clock.js';
import { createTestApp, type TestContext } from './test-app.js';

/** A transport that fails while `down` is true (and always for the addresses in `refuse`) and records what it sent. */
const flaky = { down: true, refuse: new Set<string>(), sent: [] as OutgoingMail[] };
const transport: MailTransport = {
  async send(mail) {
    if (flaky.down) throw new Error('connection refused');
    if (flaky.refuse.has(mail.to)) throw new Error('mailbox unavailable');
    flaky.sent.push(mail);
  },
  close() {},
};

let ctx: TestContext;
const clock = new TestClock(new Date('2026-11-21T10:00:00Z'));
beforeAll(async () => {
  // Workers off: the test drives delivery by hand.
  ctx = await createTestApp({ clock, mail: transport, work: false });
});
afterAll(() => ctx.close());

const deps = () => ({ db: ctx.app.deps.database.db, clock, transport, log: ctx.app.deps.log });
const rowOf = async (id: number) => (await ctx.app.deps.database.db.select().from(outbox).where(eq(outbox.id, id)))[0]!;
const mail = (to: string) => ({
  template: 'password_reset' as const,
  to,
  locale: 'fr' as const,
  data: { name: 'Zoé', url: 'http://x.test/r/abc', minutes: 60 },
});

describe('mail outbox', () => {
  it('keeps a failed mail, retries it later with a delay, and sends it once', async () => {
    const id = await enqueueMail(ctx.app.deps.database.db, mail('retry@example.test'), clock.now());
    expect(await deliverOutboxMessage(deps(), id)).toBe('failed');
    expect(await rowOf(id)).toMatchObject({ status: 'PENDING', attempts: 1, last_error: 'connection refused' });

    flaky.down = false;
    expect(await deliverDueMessages(deps())).toBe(0); // not due yet: backing off
    clock.advance(60_000);
    expect(await deliverDueMessages(deps())).toBe(1);
    expect(await rowOf(id)).toMatchObject({ status: 'SENT', attempts: 2 });
    expect(flaky.sent.filter((m) => m.to === 'retry@example.test')).toHaveLength(1);
    expect(flaky.sent.at(-1)!.subject).toBe('Réinitialisez votre mot de passe AdmitOne');
    // A repeated job for the same row sends nothing more.
    expect(await deliverOutboxMessage(deps(), id)).toBe('skipped');
    expect(flaky.sent.filter((m) => m.to === 'retry@example.test')).toHaveLength(1);
  });

  it('takes over a mail a crashed worker left half-sent, but not a fresh claim', async () => {
    flaky.down = false;
    const id = await enqueueMail(ctx.app.deps.database.db, mail('stale@example.test'), clock.now());
    await ctx.app.deps.database.db
      .update(outbox)
      .set({ status: 'SENDING', claimed_at: clock.now() })
      .where(eq(outbox.id, id));
    expect(await deliverOutboxMessage(deps(), id)).toBe('skipped');
    clock.advance(STALE_CLAIM_MS + 1000);
    expect(await deliverDueMessages(deps())).toBe(1);
    expect((await rowOf(id)).status).toBe('SENT');
  });

  it('keeps trying past eight attempts, at most 30 minutes apart, and gives up only after its retry period', async () => {
    flaky.down = true;
    const order = { template: 'order_confirmation' as const, to: 'dead@example.test', locale: 'en' as const, data: {} };
    const id = await enqueueMail(ctx.app.deps.database.db, order, clock.now());
    const retryForMs = 3 * 3_600_000;
    for (let i = 0; i < 12; i++) {
      await ctx.app.deps.database.db.update(outbox).set({ available_at: clock.now() }).where(eq(outbox.id, id));
      await deliverOutboxMessage({ ...deps(), retryForMs }, id);
    }
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'PENDING', attempts: 12 });
    expect(row.available_at.getTime() - clock.now().getTime()).toBe(30 * 60_000);
    clock.advance(retryForMs);
    await deliverOutboxMessage({ ...deps(), retryForMs }, id);
    expect(await rowOf(id)).toMatchObject({ status: 'FAILED', attempts: 13 });
  });

  it('drains a lane in batches: waits before each claim, marks each mail sent with its data wiped, puts a failed one back', async () => {
    flaky.down = false;
    flaky.refuse.add('batch-4@example.test');
    const db = ctx.app.deps.database.db;
    const ids: number[] = [];
    for (let i = 1; i <= 7; i++) ids.push(await enqueueMail(db, mail(`batch-${i}@example.test`), clock.now()));
    let waits = 0;
    const claimedAtWait: string[][] = [];
    const sent = await drainLane(
      deps(),
      'urgent',
      3,
      () => false,
      async () => {
        waits++;
        claimedAtWait.push(
          (await db.select({ status: outbox.status }).from(outbox).where(inArray(outbox.id, ids))).map((r) => r.status),
        );
      },
    );
    expect(sent).toBe(6);
    // Batches of 3, 3 and 1: the gate before each (and none after the last, short one); nothing is claimed while it
    // waits.
    expect(waits).toBe(3);
    for (const statuses of claimedAtWait) expect(statuses).not.toContain('SENDING');
    const rows = await Promise.all(ids.map(rowOf));
    expect(rows.map((r) => r.status)).toEqual(['SENT', 'SENT', 'SENT', 'PENDING', 'SENT', 'SENT', 'SENT']);
    expect(rows[3]).toMatchObject({ attempts: 1, last_error: 'mailbox unavailable' });
    for (const r of rows.filter((r) => r.status === 'SENT')) {
      expect(r.payload).toEqual({
        template: 'password_reset',
        to: expect.stringMatching(/^batch-\d@example\.test$/),
        locale: 'fr',
        data: {},
      });
      expect(r.sent_at).toEqual(clock.now());
    }
    expect(new Set(flaky.sent.filter((m) => m.to.startsWith('batch-')).map((m) => m.to)).size).toBe(6);
    flaky.refuse.clear();
  });

  it('a gate that is told to stop ends the drain before it claims anything', async () => {
    flaky.down = false;
    const db = ctx.app.deps.database.db;
    const id = await enqueueMail(db, mail('stopped@example.test'), clock.now());
    let stop = false;
    expect(
      await drainLane(
        deps(),
        'urgent',
        3,
        () => stop,
        async () => {
          stop = true;
        },
      ),
    ).toBe(0);
    expect((await rowOf(id)).status).toBe('PENDING');
  });
});
