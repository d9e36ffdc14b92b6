import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { offerFreedUnits } from '../../src/modules/waitlist/offers.js';
import { liveEvent, placeOrder } from '../checkout-factory.js';
import { call, createTestApp, type TestContext } from '../test-app.js';
import {
  buyerIp,
  expectConsistent,
  onPostgres,
  orderIdOf,
  query,
  reserveAs,
  takenRows,
  unguarded,
} from './stock-world.js';

/**
 * Waitlist offers while units come back and strangers try to buy (issue 23): ten seats sold out, fifteen
 * people waiting; the organizer cancels six orders while twenty strangers reserve and four offer sweeps
 * run at once, again and again. The six units must go to the first six in line, each offered once, none
 * to a stranger, never past the ten; the counters equal their rows. The control runs the same with the
 * stock guard switched off and must see more than ten taken.
 */
const dates = { start_date: '2030-06-01T19:00', end_date: '2030-06-01T23:00' };
type App = TestContext['app'];

async function rush(app: App) {
  const { u, event, tickets } = await liveEvent(
    app,
    [{ name: 'Seat', type: 'FREE', quantity: 10, waitlist_enabled: true }],
    dates,
    { fairness: true },
  );
  const seat = tickets[0]!.id;
  const placed = [];
  for (let i = 0; i < 10; i++)
    placed.push(
      await placeOrder(app, { eventId: event.id, organizerToken: u.token }, [{ ticket_id: seat, quantity: 1 }]),
    );
  for (let i = 0; i < 15; i++) {
    const res = await call(app, 'POST', `/api/public/events/${event.id}/waitlist`, {
      ip: buyerIp(5000 + i),
      body: {
        ticket_id: seat,
        tier_id: null,
        first_name: `W${i}`,
        last_name: 'Waiting',
        email: `w${i}@example.test`,
        quantity: 1,
      },
    });
    expect(res.statusCode).toBe(201);
  }
  const ids = await Promise.all(placed.slice(0, 6).map((o) => orderIdOf(app, o.short_id)));
  const deps = { db: app.deps.database.db, stock: app.deps.stock, appUrl: 'http://admitone.test' };
  const sweeper = async () => {
    for (let i = 0; i < 4; i++) await offerFreedUnits(deps, event.id);
  };
  const answers = await Promise.all([
    ...ids.map((id) => call(app, 'POST', `/api/events/${event.id}/orders/${id}/cancel`, { token: u.token })),
    ...Array.from({ length: 20 }, (_, i) =>
      reserveAs(app, event.id, i, { items: [{ ticket_id: seat, quantity: 1 }], expected_total: 0 }),
    ),
    sweeper(),
    sweeper(),
    sweeper(),
    sweeper(),
  ]);
  // Whatever came back after the last sweep is offered by the next one.
  await offerFreedUnits(deps, event.id);
  const cancelled = (answers.slice(0, 6) as Array<{ statusCode: number }>).map((a) => a.statusCode);
  const strangers = (answers.slice(6, 26) as Array<{ status: number }>).filter((a) => a.status === 201).length;
  const offered = await query<{ first_name: string; orders: number }>(
    app,
    `select w.first_name, (select count(*)::int from orders o where o.checkout_token_hash = w.offer_token_hash) as orders
     from waitlist_entries w where w.event_id = ${event.id} and w.status = 'OFFERED' order by w.id`,
  );
  return { eventId: event.id, cancelled, strangers, offered, taken: await takenRows(app, event.id) };
}

describe.skipIf(!onPostgres)('waitlist offers while units come back', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('offers every unit that came back to the first in line, once each, none to strangers, never past stock', async () => {
    const r = await rush(ctx.app);
    expect(r.cancelled).toEqual([200, 200, 200, 200, 200, 200]);
    expect(r.strangers).toBe(0);
    expect(r.offered).toEqual(['W0', 'W1', 'W2', 'W3', 'W4', 'W5'].map((first_name) => ({ first_name, orders: 1 })));
    expect(r.taken).toBe(10);
    await expectConsistent(ctx.app, r.eventId);
    // Nobody else is offered anything: the stock is full again.
    expect(
      await offerFreedUnits(
        { db: ctx.app.deps.database.db, stock: ctx.app.deps.stock, appUrl: 'http://admitone.test' },
        r.eventId,
      ),
    ).toEqual([]);
  }, 120_000);
});

describe.skipIf(!onPostgres)('control: the same with the guard switched off', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ stockGuard: unguarded });
  });
  afterAll(() => ctx.close());

  it('the harness sees offers past the stock', async () => {
    const r = await rush(ctx.app);
    expect(r.taken).toBeGreaterThan(10);
  }, 120_000);
});
