import { afterAll, describe, expect, it } from 'vitest';

import { liveEvent } from '../checkout-factory.js';
import { blockPlan, seatBy } from '../seating-fixtures.js';
import { createTestApp, type TestContext } from '../test-app.js';
import { expectConsistent, onPostgres, query, reserveAs, tally, unguarded } from './stock-world.js';

/**
 * A seat rush on real PostgreSQL (issue #40): 60 buyers at once, each asking for a set of 1 to 6 seats of one
 * 2 x 12 section, the sets overlapping (a fixed pseudo-random draw). Each seat is a place with room for one on the
 * date, taken through the stock module's guarded chain: no seat is sold twice, and each buyer holds every seat
 * asked for or none (a refusal names the lost seats and keeps nothing). The control runs the same rush with the
 * guard switched off: it must see a seat held twice.
 */
const BUYERS = 60;

/** A fixed draw (mulberry32), so every run asks for the same sets. */
function draw(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function rush(ctx: TestContext) {
  const { u, event, tickets } = await liveEvent(ctx.app, [{ name: 'Stalls', type: 'FREE', max_per_order: 10 }]);
  const seats = await seatBy(ctx.app, u.token, event, blockPlan(2, 12), [
    { category: 'Stalls', ticket_id: tickets[0]!.id },
  ]);
  const next = draw(40);
  const sets = Array.from({ length: BUYERS }, () => {
    const size = 1 + Math.floor(next() * 6);
    const start = Math.floor(next() * (seats.length - size));
    return seats.slice(start, start + size);
  });
  const answers = await Promise.all(
    sets.map((set, i) =>
      reserveAs(ctx.app, event.id, i, {
        items: [{ ticket_id: tickets[0]!.id, quantity: set.length, seats: set }],
        expected_total: 0,
      }),
    ),
  );
  const held = await query<{ short_id: string; seats: number[] }>(
    ctx.app,
    `select o.short_id, array_agg(a.seat_id order by a.seat_id) as seats from orders o join attendees a on a.order_id = o.id
     where o.event_id = ${event.id} and a.status = 'RESERVED' group by o.short_id`,
  );
  const [twice] = await query<{ n: number }>(
    ctx.app,
    `select count(*)::int as n from (select seat_id from attendees where event_id = ${event.id} and status = 'RESERVED'
     group by seat_id having count(*) > 1) x`,
  );
  return { answers, sets, held, twice: Number(twice!.n), eventId: event.id };
}

describe.skipIf(!onPostgres)('a seat rush: buyers asking for overlapping sets of seats at once', () => {
  let ctx: TestContext;
  afterAll(() => ctx.close());

  it(`${BUYERS} buyers: no seat sold twice, every hold whole, every refusal names a seat and keeps nothing`, async () => {
    ctx = await createTestApp();
    const r = await rush(ctx);
    const { statuses, codes } = tally(r.answers);
    expect(Object.keys(statuses).sort()).toEqual(['201', '409']);
    expect(codes).toEqual({ SEATS_TAKEN: statuses[409] });
    expect(r.twice).toBe(0);
    // Each buyer who got an order holds exactly the seats asked for; the others hold nothing.
    const byOrder = new Map(r.held.map((h) => [h.short_id, h.seats.map(Number)]));
    r.answers.forEach((a, i) => {
      if (a.status === 201) expect(byOrder.get(a.order.short_id)).toEqual([...r.sets[i]!].sort((x, y) => x - y));
    });
    expect(byOrder.size).toBe(statuses[201]);
    await expectConsistent(ctx.app, r.eventId);
  });
});

describe.skipIf(!onPostgres)('control: the same rush with the guard switched off', () => {
  let ctx: TestContext;
  afterAll(() => ctx.close());

  it('the harness sees a seat held twice', async () => {
    ctx = await createTestApp({ stockGuard: unguarded });
    expect((await rush(ctx)).twice).toBeGreaterThan(0);
  });
});
