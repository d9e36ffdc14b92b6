import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buyerHeaders, details, liveEvent, reserve } from '../checkout-factory.js';
import { call, createTestApp, type TestContext } from '../test-app.js';
import { buyerIp, onPostgres } from './stock-world.js';

/**
 * One locked hot row must not starve the rest of the app (issue #37, faults). The review locked a ticket
 * row for 10 s: completions piled up on it, filled the web process's 10 database connections, and an
 * organizer's unrelated read got 503 DATABASE_UNAVAILABLE or waited 8.8 s. Checkout transactions now run
 * within CHECKOUT_POOL_SHARE (6) of the pool's 10 connections: at most that many wait on the lock, and
 * the others keep answering. The lock timeout here is long, so the waiting completions hold their
 * connections for the whole test, as they would behind a lock held by a slow statement.
 */
describe.skipIf(!onPostgres)('a hot ticket row locked for long', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { LOCK_TIMEOUT_MS: '20000', CHECKOUT_POOL_SHARE: '6' } });
  });
  afterAll(() => ctx.close());

  it('holds at most the checkout share of the pool; an organizer read is answered meanwhile, and the checkouts complete after', async () => {
    const { u, event, tickets } = await liveEvent(ctx.app, [{ name: 'Seat', type: 'FREE', quantity: 100 }]);
    const reserved = [];
    for (let i = 0; i < 12; i++) {
      const res = await reserve(ctx.app, event.id, { items: [{ ticket_id: tickets[0]!.id, quantity: 1 }] }, {});
      expect(res.statusCode).toBe(201);
      reserved.push(res.json());
    }
    const holder = new pg.Client({ connectionString: ctx.app.deps.config.databaseUrl });
    await holder.connect();
    // Another connection watches (inside the holder's transaction pg_stat_activity would stay as first read).
    const watcher = new pg.Client({ connectionString: ctx.app.deps.config.databaseUrl });
    await watcher.connect();
    const lockWaiters = async () =>
      Number(
        (
          await watcher.query(
            `select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          )
        ).rows[0].n,
      );
    let released = false;
    const release = async () => {
      if (released) return;
      released = true;
      await holder.query('rollback');
    };
    try {
      await holder.query('begin');
      await holder.query('select id from tickets where id = $1 for update', [tickets[0]!.id]);
      // Twelve buyers complete their free orders at once: each completion waits on the locked row.
      const completions = reserved.map((r, i) =>
        call(ctx.app, 'PUT', `/api/public/events/${event.id}/order/${r.data.short_id}/details`, {
          ip: buyerIp(i + 1),
          body: details(r.data),
          headers: buyerHeaders(r),
        }),
      );
      // Wait for a state, not a time: the share's six are all waiting on the lock.
      await expect.poll(lockWaiters, { timeout: 15_000, interval: 50 }).toBeGreaterThanOrEqual(6);
      // Meanwhile the organizer's list of events is answered (on the old code it found no free connection).
      const safety = setTimeout(() => void release(), 12_000);
      const read = await call(ctx.app, 'GET', '/api/events', { token: u.token });
      clearTimeout(safety);
      expect(released, 'the read was answered only once the lock was given up').toBe(false);
      expect(read.statusCode, read.body).toBe(200);
      expect(await lockWaiters()).toBe(6);
      await release();
      const answers = await Promise.all(completions);
      expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(200));
      expect(answers.every((a) => a.json().data.status === 'COMPLETED')).toBe(true);
    } finally {
      await release().catch(() => undefined);
      await holder.end();
      await watcher.end();
    }
  });
});
