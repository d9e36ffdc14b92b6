import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { releaseExpiredHolds } from '../../src/modules/inventory/holds.js';
import { buyerHeaders, details, liveEvent } from '../checkout-factory.js';
import { call, createTestApp, type TestContext } from '../test-app.js';
import { expectConsistent, expireHold, fillUp, onPostgres, reserveAs, takenRows, unguarded } from './stock-world.js';

/**
 * A buyer holding every ticket finishes (completes, extends, chooses to pay) at the moment the hold runs
 * out, while other buyers reserve and the expiry sweep runs. The hold's units are either still the
 * buyer's (the buyer wins, nobody else gets one) or were given back (the others get them and the buyer
 * is refused): never both. Repeated, so both orders of events occur. The control switches the guard off.
 */
const N = 20;
const OTHERS = 30;
const ROUNDS = 6;
const dates = { start_date: '2030-06-01T19:00', end_date: '2030-06-01T23:00' };
type App = TestContext['app'];

/** The step the holder takes when its hold has just run out; answers whether the holder kept the tickets. */
type Step = (
  app: App,
  eventId: number,
  holder: { order: { short_id: string; attendees: Array<{ short_id: string }> }; token: string; secret: string },
) => Promise<number>;

const url = (eventId: number, shortId: string, rest: string) => `/api/public/events/${eventId}/order/${shortId}${rest}`;
const steps: Record<string, { paid: boolean; step: Step }> = {
  'completing (details of a free order)': {
    paid: false,
    step: async (app, eventId, h) =>
      (
        await call(app, 'PUT', url(eventId, h.order.short_id, '/details'), {
          headers: buyerHeaders({ checkout_token: h.token, order_secret: h.secret }),
          body: details(h.order as never),
          ip: '10.9.9.9',
        })
      ).statusCode,
  },
  'extending the hold': {
    paid: false,
    step: async (app, eventId, h) =>
      (
        await call(app, 'POST', url(eventId, h.order.short_id, '/extend'), {
          headers: buyerHeaders({ checkout_token: h.token, order_secret: h.secret }),
          ip: '10.9.9.9',
        })
      ).statusCode,
  },
  'choosing to pay offline': {
    paid: true,
    step: async (app, eventId, h) =>
      (
        await call(app, 'POST', url(eventId, h.order.short_id, '/offline-payment'), {
          headers: buyerHeaders({ checkout_token: h.token, order_secret: h.secret }),
          ip: '10.9.9.9',
        })
      ).statusCode,
  },
};

/** One round: the holder's step, the sweep and the other buyers, all at once. */
async function round(app: App, paid: boolean, step: Step) {
  const { u, event, tickets } = await liveEvent(
    app,
    [{ name: 'Seat', type: paid ? 'PAID' : 'FREE', price: paid ? 1000 : undefined, quantity: N }],
    dates,
    { fairness: true },
  );
  if (paid)
    await call(app, 'PUT', `/api/events/${event.id}/settings`, {
      token: u.token,
      body: { offline_payments_enabled: true, client_hold_limit: N },
    });
  else await call(app, 'PUT', `/api/events/${event.id}/settings`, { token: u.token, body: { client_hold_limit: N } });
  const held = await reserveAs(app, event.id, 9999, {
    items: [{ ticket_id: tickets[0]!.id, quantity: N }],
    expected_total: paid ? N * 1000 : 0,
  });
  expect(held.status).toBe(201);
  const holder = { order: held.order, token: held.token!, secret: held.secret! };
  if (paid)
    expect(
      (
        await call(app, 'PUT', url(event.id, held.order.short_id, '/details'), {
          headers: buyerHeaders({ checkout_token: holder.token, order_secret: holder.secret }),
          body: details(held.order),
        })
      ).statusCode,
    ).toBe(200);
  await expireHold(app, held.order.short_id);
  const [mine, , ...others] = await Promise.all([
    step(app, event.id, holder),
    releaseExpiredHolds(app.deps.database.db, app.deps.stock, event.id),
    ...Array.from({ length: OTHERS }, (_, i) =>
      reserveAs(app, event.id, i, {
        items: [{ ticket_id: tickets[0]!.id, quantity: 1 }],
        expected_total: paid ? 1000 : 0,
      }),
    ),
  ]);
  const sold = others.filter((o) => (o as { status: number }).status === 201).length;
  return {
    eventId: event.id,
    ticketId: tickets[0]!.id,
    holderKept: mine === 200,
    others: sold,
    taken: await takenRows(app, event.id),
  };
}

describe.skipIf(!onPostgres)('a hold running out while its buyer finishes', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  for (const [name, { paid, step }] of Object.entries(steps)) {
    it(`${name}: the holder or the others, never both`, async () => {
      const seen = { holder: 0, others: 0 };
      for (let i = 0; i < ROUNDS; i++) {
        const r = await round(ctx.app, paid, step);
        // Never both: the holder kept every ticket and nobody else got one, or the holder has none.
        expect(r.taken).toBeLessThanOrEqual(N);
        if (r.holderKept) expect({ others: r.others, taken: r.taken }).toEqual({ others: 0, taken: N });
        else expect(r.taken).toBe(r.others);
        seen[r.holderKept ? 'holder' : 'others']++;
        await expectConsistent(ctx.app, r.eventId);
        // Whatever is left still sells, to exactly the quantity: no unit was lost.
        await fillUp(ctx.app, r.eventId, [{ ticket_id: r.ticketId }], paid ? 1000 : 0);
        expect(await takenRows(ctx.app, r.eventId)).toBe(N);
        await expectConsistent(ctx.app, r.eventId);
      }
      expect(seen.holder + seen.others).toBe(ROUNDS);
    }, 120_000);
  }
});

describe.skipIf(!onPostgres)('control: the same rounds with the guard switched off', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ stockGuard: unguarded });
  });
  afterAll(() => ctx.close());

  for (const [name, { paid, step }] of Object.entries(steps)) {
    it(`${name}: the harness sees the oversell`, async () => {
      const r = await round(ctx.app, paid, step);
      expect(r.taken).toBeGreaterThan(N);
    }, 60_000);
  }
});
