import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { details, liveEvent } from './checkout-factory.js';
import { call, createTestApp, type TestContext } from './test-app.js';

/**
 * The holes a review found in the stock (issue "Stock you can trust"), each reproduced as it was
 * reported, through the API only (so the same file runs against the code before the fix, where each of
 * these failed). The proofs of the general rules are in stock-rules.test.ts and concurrency/.
 */
const onPostgres = !!process.env.TEST_DATABASE_URL;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type App = TestContext['app'];
const rows = async <T>(app: App, text: string) =>
  ((await app.deps.database.db.execute(text as never)) as unknown as { rows: T[] }).rows;
const takenRows = async (app: App, ticketId: number) =>
  Number(
    (
      await rows<{ n: number }>(
        app,
        `select count(*)::int as n from attendees where ticket_id = ${ticketId} and status in ('RESERVED', 'AWAITING_PAYMENT', 'ACTIVE')`,
      )
    )[0]!.n,
  );
/** Waits until `n` statements of this database wait for a lock (the interleaving a race test needs). */
async function lockWaiters(app: App, n: number) {
  for (let i = 0; ; i++) {
    const [{ waiting }] = (await rows<{ waiting: number }>(
      app,
      `select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    )) as [{ waiting: number }];
    if (waiting >= n) return;
    if (i > 400) throw new Error(`${waiting} of ${n} statements waiting for a lock`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
/** Waits until the database's clock has passed an order's hold. */
async function holdOver(app: App, shortId: string) {
  for (let i = 0; ; i++) {
    const [{ over }] = (await rows<{ over: boolean }>(
      app,
      `select reserved_until <= now() as over from orders where short_id = '${shortId}'`,
    )) as [{ over: boolean }];
    if (over) return;
    if (i > 400) throw new Error('the hold never ran out');
    await new Promise((r) => setTimeout(r, 10));
  }
}
const reserveAs = (
  app: App,
  eventId: number,
  ip: string,
  items: object[],
  extra: object = {},
  headers: Record<string, string> = {},
) =>
  app.inject({
    method: 'POST',
    url: `/api/public/events/${eventId}/order`,
    remoteAddress: ip,
    headers,
    payload: { items, expected_total: 0, ...extra },
  });

describe.skipIf(!onPostgres)('races (PostgreSQL)', () => {
  it('oversell at hold expiry: the holder of all 100 finishes just before the hold runs out, others reserve just after; never more than 100', async () => {
    const { event, tickets } = await liveEvent(ctx.app, [{ name: 'Seat', type: 'FREE', quantity: 100 }]);
    const held = await reserveAs(ctx.app, event.id, '10.1.0.1', [{ ticket_id: tickets[0]!.id, quantity: 100 }]);
    expect(held.statusCode).toBe(201);
    const { data: order, checkout_token, order_secret } = held.json();
    await ctx.app.deps.database.db.execute(
      `update orders set reserved_until = now() + interval '150 milliseconds' where short_id = '${order.short_id}'` as never,
    );
    // The holder's completion starts before the hold runs out, and is slow to get its order row
    // (another transaction holds it), so it finishes after others have come in.
    const other = new pg.Client({ connectionString: ctx.app.deps.config.databaseUrl });
    await other.connect();
    await other.query('begin');
    await other.query(`select id from orders where short_id = $1 for update`, [order.short_id]);
    const completing = ctx.app.inject({
      method: 'PUT',
      url: `/api/public/events/${event.id}/order/${order.short_id}/details`,
      headers: { 'x-checkout-token': checkout_token, 'x-order-secret': order_secret },
      payload: details(order),
    });
    await lockWaiters(ctx.app, 1);
    await holdOver(ctx.app, order.short_id);
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        reserveAs(ctx.app, event.id, `10.2.0.${i}`, [{ ticket_id: tickets[0]!.id, quantity: 4 }]),
      ),
    );
    await other.query('rollback');
    await other.end();
    await completing;
    expect(await takenRows(ctx.app, tickets[0]!.id)).toBeLessThanOrEqual(100);
  });

  it('a limit read before the lock: quantity 100 -> 2 while a reservation of 5 waits; never 5 held against 2', async () => {
    const { u, event, tickets } = await liveEvent(ctx.app, [{ name: 'Seat', type: 'FREE', quantity: 100 }]);
    const ticket = (
      await call(ctx.app, 'GET', `/api/events/${event.id}/tickets/${tickets[0]!.id}`, { token: u.token })
    ).json().data;
    const holder = new pg.Client({ connectionString: ctx.app.deps.config.databaseUrl });
    await holder.connect();
    await holder.query('begin');
    await holder.query('select id from tickets where id = $1 for update', [ticket.id]);
    const reservation = reserveAs(ctx.app, event.id, '10.3.0.1', [{ ticket_id: ticket.id, quantity: 5 }]);
    await lockWaiters(ctx.app, 1);
    const edit = call(ctx.app, 'PUT', `/api/events/${event.id}/tickets/${ticket.id}`, {
      token: u.token,
      body: { ...ticket, quantity: 2 },
    });
    await lockWaiters(ctx.app, 2);
    await holder.query('rollback');
    await holder.end();
    await Promise.all([reservation, edit]);
    const [{ quantity }] = (await rows<{ quantity: number }>(
      ctx.app,
      `select quantity from tickets where id = ${ticket.id}`,
    )) as [{ quantity: number }];
    expect(await takenRows(ctx.app, ticket.id)).toBeLessThanOrEqual(Number(quantity));
  });
});

describe('one at a time', () => {
  it('promo limits: a percentage code unlocking a hidden ticket on a free line counts; limit 2 lets 2 orders through', async () => {
    const { u, event, tickets } = await liveEvent(ctx.app, [{ name: 'Crew', type: 'FREE', requires_promo_code: true }]);
    await call(ctx.app, 'POST', `/api/events/${event.id}/promo-codes`, {
      token: u.token,
      body: { code: 'CREWONLY', discount_type: 'PERCENTAGE', discount: 20, max_uses: 2, ticket_ids: [tickets[0]!.id] },
    });
    const answers = [];
    for (let i = 0; i < 6; i++)
      answers.push(
        (
          await reserveAs(ctx.app, event.id, `10.4.0.${i}`, [{ ticket_id: tickets[0]!.id, quantity: 1 }], {
            promo_code: 'CREWONLY',
          })
        ).statusCode,
      );
    expect(answers.filter((s) => s === 201)).toHaveLength(2);
    const promo = (await call(ctx.app, 'GET', `/api/events/${event.id}/promo-codes`, { token: u.token })).json()
      .data[0];
    expect(promo.times_used).toBe(2);
  });

  it('one client cannot hold everything: 50 reservations from one address do not hold 200 of 200', async () => {
    const { event, tickets } = await liveEvent(
      ctx.app,
      [{ name: 'Seat', type: 'FREE', quantity: 200, max_per_order: 4 }],
      {},
      { fairness: true },
    );
    for (let i = 0; i < 50; i++)
      await reserveAs(ctx.app, event.id, '10.5.0.1', [{ ticket_id: tickets[0]!.id, quantity: 4 }]);
    const held = await takenRows(ctx.app, tickets[0]!.id);
    expect(held).toBeLessThanOrEqual(20);
    // A real buyer still gets tickets.
    expect(
      (await reserveAs(ctx.app, event.id, '10.5.0.2', [{ ticket_id: tickets[0]!.id, quantity: 2 }])).statusCode,
    ).toBe(201);
  });

  it('absurd quantities answer a clear 422 before any work; a total past 2^31 minor units is not a 500', async () => {
    const { event, tickets } = await liveEvent(ctx.app, [
      { name: 'Seat', type: 'FREE' },
      { name: 'Give', type: 'DONATION', min_price: 100 },
    ]);
    const huge = await reserveAs(ctx.app, event.id, '10.6.0.1', [{ ticket_id: tickets[0]!.id, quantity: 1000 }]);
    expect(huge.statusCode).toBe(422);
    const rich = await ctx.app.inject({
      method: 'POST',
      url: `/api/public/events/${event.id}/order`,
      remoteAddress: '10.6.0.2',
      payload: {
        items: [{ ticket_id: tickets[1]!.id, quantity: 22, amount: 100_000_000 }],
        expected_total: 22 * 100_000_000,
      },
    });
    expect(rich.statusCode).toBe(422);
  });
});
