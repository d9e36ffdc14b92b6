import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { liveEvent } from '../checkout-factory.js';
import { call, createTestApp, type TestContext } from '../test-app.js';
import { buyerIp, onPostgres } from './stock-world.js';

/**
 * A row lock that cannot be had within LOCK_TIMEOUT_MS (something holds the hot ticket far longer than
 * any checkout does) answers 503 CHECKOUT_BUSY with Retry-After, for buyers and organizers alike: the
 * request never hangs and never answers 500. Once the lock is free, the sale goes on.
 */
describe.skipIf(!onPostgres)('a lock held too long', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { LOCK_TIMEOUT_MS: '300' } });
  });
  afterAll(() => ctx.close());

  it('answers 503 CHECKOUT_BUSY with Retry-After, then sells once the lock is free', async () => {
    const { u, event, tickets } = await liveEvent(ctx.app, [{ name: 'Seat', type: 'FREE', quantity: 10 }]);
    const holder = new pg.Client({ connectionString: ctx.app.deps.config.databaseUrl });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select id from tickets where id = $1 for update', [tickets[0]!.id]);
      const buyer = await call(ctx.app, 'POST', `/api/public/events/${event.id}/order`, {
        ip: buyerIp(1),
        body: { items: [{ ticket_id: tickets[0]!.id, quantity: 1 }], expected_total: 0 },
      });
      expect(buyer.statusCode).toBe(503);
      expect(buyer.headers['retry-after']).toBe('2');
      expect(buyer.json().error).toMatchObject({
        code: 'CHECKOUT_BUSY',
        message: 'Many people are buying tickets at this moment. Please try again in a few seconds.',
      });
      const t = (
        await call(ctx.app, 'GET', `/api/events/${event.id}/tickets/${tickets[0]!.id}`, { token: u.token })
      ).json().data;
      const edit = await call(ctx.app, 'PUT', `/api/events/${event.id}/tickets/${t.id}`, {
        token: u.token,
        body: { ...t, quantity: 20 },
      });
      expect(edit.statusCode).toBe(503);
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
    expect(
      (
        await call(ctx.app, 'POST', `/api/public/events/${event.id}/order`, {
          ip: buyerIp(2),
          body: { items: [{ ticket_id: tickets[0]!.id, quantity: 1 }], expected_total: 0 },
        })
      ).statusCode,
    ).toBe(201);
  });
});
